"""The Almanac client: standard library HTTP (urllib) under the generated, typed operations.

Every request carries ``X-API-Key`` (when a key is configured) and a descriptive ``User-Agent``;
429 is retried after ``Retry-After`` a bounded number of times; 402 raises a typed error and is
never retried; every other non-2xx raises an ``AlmanacError`` subclass.
"""
from __future__ import annotations

import email.utils
import json
import os
import platform
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Literal, NamedTuple, overload

from ._generated import API_VERSION, PAGED, GetDataBulkResponse, Operations
from .errors import AlmanacError, RateLimitError, error_for

__version__ = "0.1.0"
CLIENT_NAME = "almanac-client-python"

_IDEMPOTENT = {"GET", "HEAD", "PUT", "DELETE", "OPTIONS"}

BulkFormat = Literal["json", "csv", "arrow", "parquet"]


class ResponseInfo(NamedTuple):
    """What a response says about the call itself (given to ``on_response``)."""

    method: str
    url: str
    status: int
    request_id: str | None
    #: ``X-SVC-Per-Call-Cost``: the price of the call in US dollars ("0" when not billed); None on unmetered routes.
    per_call_cost_usd: str | None
    #: ``RateLimit`` (IETF draft), when the server sent it.
    rate_limit: str | None


def user_agent(app_info: str | None = None) -> str:
    """The User-Agent the client sends: the caller's app, then the client and runtime."""
    prefix = f"{app_info.strip()} " if app_info else ""
    return f"{prefix}{CLIENT_NAME}/{__version__} (API {API_VERSION}; python/{platform.python_version()})"


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Seconds of a ``Retry-After`` header (delta-seconds or an HTTP date); None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - (time.time() if now is None else now))


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_query_value(v) for v in value)
    return str(value)


class Almanac(Operations):
    """A client of one Almanac service.

    >>> almanac = Almanac("https://almanac.example", api_key=os.environ["ALMANAC_API_KEY"])
    >>> almanac.get_ticker_search(q="apple")[0]["ticker"]
    'AAPL'
    """

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        app_info: str | None = None,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
        default_retry_wait: float = 1.0,
        timeout: float = 60.0,
        on_retry: Callable[[int, int, float, str], None] | None = None,
        on_response: Callable[[ResponseInfo], None] | None = None,
    ) -> None:
        """``base_url`` defaults to ``ALMANAC_URL`` (required); ``api_key`` to ``ALMANAC_API_KEY`` (None: anonymous).

        ``app_info`` (e.g. ``"my-notebook/1.0 (me@example.com)"``) is prepended to the User-Agent.
        A 429 (and a 503 on idempotent methods) is retried up to ``max_retries`` times after
        ``Retry-After``; a ``Retry-After`` longer than ``max_retry_wait`` seconds is raised at once.
        """
        url = (base_url if base_url is not None else os.environ.get("ALMANAC_URL", "")).strip().rstrip("/")
        url = re.sub(r"/api(/v1)?$", "", url)  # the service root, also when given with the API prefix
        if not url:
            raise ValueError("Almanac: no service URL: pass base_url or set ALMANAC_URL (e.g. https://almanac.example)")
        if not (url.startswith("http://") or url.startswith("https://")):
            raise ValueError(f"Almanac: base_url must start with http:// or https:// (got {url!r})")
        key = api_key if api_key is not None else os.environ.get("ALMANAC_API_KEY")
        if key is not None and not key.strip():
            raise ValueError("Almanac: api_key is empty: pass a key or leave it out for anonymous calls")
        self.base_url = url
        self.__api_key = key.strip() if key is not None else None
        self.user_agent = user_agent(app_info)
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self.default_retry_wait = default_retry_wait
        self.timeout = timeout
        self.on_retry = on_retry
        self.on_response = on_response

    def __repr__(self) -> str:  # never shows the key
        return f"Almanac({self.base_url!r}, {'with an API key' if self.__api_key else 'anonymous'})"

    @property
    def has_key(self) -> bool:
        """Whether calls carry an API key (the key itself is not exposed)."""
        return self.__api_key is not None

    # -- transport ------------------------------------------------------------------------------

    def _send(self, method: str, path: str, *, path_params: Mapping[str, Any] | None = None, query: Mapping[str, Any] | None = None,
              body: Any = None, accept: str = "application/json", headers: Mapping[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        for name, value in (path_params or {}).items():
            path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        url = f"{self.base_url}/api{path}" + (f"?{urllib.parse.urlencode(pairs)}" if pairs else "")
        data = None if body is None else json.dumps(body).encode()
        sent = {**(headers or {}), "User-Agent": self.user_agent, "Accept": accept}
        if data is not None:
            sent["Content-Type"] = "application/json"
        if self.__api_key:
            sent["X-API-Key"] = self.__api_key  # set last: no per-call header replaces the key
        else:
            sent.pop("X-API-Key", None)
        attempt = 0
        while True:
            request = urllib.request.Request(url, data=data, method=method, headers=sent)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    status, got, raw = response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
                self._report(method, url, status, got)
                return status, got, raw
            except urllib.error.HTTPError as err:
                status, got, raw = err.code, {k.lower(): v for k, v in err.headers.items()}, err.read()
            retryable = status == 429 or (status == 503 and method in _IDEMPOTENT)
            retry_after = retry_after_seconds(got.get("retry-after"))
            wait = retry_after if retry_after is not None else self.default_retry_wait * 2 ** attempt
            if not retryable or attempt >= self.max_retries or wait > self.max_retry_wait:
                self._report(method, url, status, got)
                try:
                    parsed: Any = json.loads(raw) if raw else None
                except ValueError:
                    parsed = raw.decode("utf-8", "replace")
                raise error_for(status, parsed, request_id=got.get("x-request-id"), method=method, url=url, retry_after=retry_after)
            attempt += 1
            if self.on_retry:
                self.on_retry(attempt, status, wait, url)
            time.sleep(wait)

    def _report(self, method: str, url: str, status: int, headers: dict[str, str]) -> None:
        if self.on_response:
            self.on_response(ResponseInfo(method, url, status, headers.get("x-request-id"), headers.get("x-svc-per-call-cost"), headers.get("ratelimit")))

    def _request(self, method: str, path: str, *, path_params: dict[str, Any], query: dict[str, Any], body: Any = None) -> Any:
        _, headers, raw = self._send(method, path, path_params=path_params, query=query, body=body)
        if not raw:
            return None
        return json.loads(raw) if "json" in headers.get("content-type", "") else raw.decode("utf-8")

    def request(self, method: str, path: str, *, query: Mapping[str, Any] | None = None, body: Any = None, headers: Mapping[str, str] | None = None) -> Any:
        """Any API path (``/ticker-search``, under ``/api``), untyped: the JSON body (or text)."""
        _, got, raw = self._send(method.upper(), path, query=query, body=body, headers=headers)
        if not raw:
            return None
        return json.loads(raw) if "json" in got.get("content-type", "") else raw.decode("utf-8")

    # -- pagination ------------------------------------------------------------------------------

    def paginate(self, operation: str, **params: Any) -> Iterator[Any]:
        """Every item of an offset-paginated operation, by method name (``get_news_search``,
        ``get_insiders``, ``get_glossary``; see ``PAGED``), fetching pages of ``limit`` (default: the
        largest page the endpoint allows) until a short page, the response's ``total`` or the largest offset.
        """
        if operation not in PAGED:
            raise ValueError(f"{operation!r} is not a paginated operation; one of {', '.join(sorted(PAGED))}")
        meta = PAGED[operation]
        method = getattr(self, operation)
        limit = params.pop("limit", None) or meta.max_limit
        offset = params.pop("offset", None) or 0
        while True:
            page = method(**params, limit=limit, offset=offset)
            items = page if meta.items is None else page.get(meta.items) if isinstance(page, dict) else None
            if not isinstance(items, list):
                raise AlmanacError(f"GET {meta.path}: the response has no {meta.items!r} array", status=200, body=page, request_id=None, method="GET", url=meta.path)
            yield from items
            offset += len(items)
            total = page.get("total") if isinstance(page, dict) else None
            if len(items) < limit or not items or (isinstance(total, int) and offset >= total) or offset > meta.max_offset:
                return

    # -- bulk ----------------------------------------------------------------------------------------

    @overload
    def bulk(self, tickers: list[str], *, fields: list[str] | None = None, format: Literal["json"] = "json") -> GetDataBulkResponse: ...
    @overload
    def bulk(self, tickers: list[str], *, fields: list[str] | None = None, format: Literal["csv"]) -> str: ...
    @overload
    def bulk(self, tickers: list[str], *, fields: list[str] | None = None, format: Literal["arrow", "parquet"]) -> bytes: ...

    def bulk(self, tickers: list[str], *, fields: list[str] | None = None, format: BulkFormat = "json") -> GetDataBulkResponse | str | bytes:
        """Bulk fundamentals (Investor tier and above): typed JSON, CSV text, or the bytes of an
        Arrow IPC stream (``pyarrow.ipc.open_stream``) or a Parquet file (``pandas.read_parquet``)."""
        if format == "json":
            return self.get_data_bulk(tickers=",".join(tickers), fields=",".join(fields) if fields else None, format="json")
        query = {"tickers": ",".join(tickers), "fields": ",".join(fields) if fields else None, "format": format}
        _, _, raw = self._send("GET", "/data/bulk", query=query, accept="*/*")
        return raw.decode("utf-8") if format == "csv" else raw
