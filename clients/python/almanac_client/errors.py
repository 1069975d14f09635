"""Errors raised for every non-2xx answer of the Almanac API.

402 is a fact about the account (tier, included calls, extra-call cap): it is never retried and its
payload is available typed (``TierRequired``, ``OverageCap``, ``AllowanceExhausted``).
"""
from __future__ import annotations

from typing import Any, cast

from ._generated import AllowanceExhausted, OverageCap, TierRequired


class AlmanacError(Exception):
    """Any error answer: its HTTP status, JSON body (when there is one) and request id."""

    def __init__(self, message: str, *, status: int, body: Any, request_id: str | None, method: str, url: str) -> None:
        super().__init__(message)
        self.status = status
        self.body = body
        self.request_id = request_id
        self.method = method
        self.url = url


class BadRequestError(AlmanacError):
    """400: a missing or invalid parameter (the message names it)."""


class AuthenticationError(AlmanacError):
    """401: no key where one is needed, or the key is invalid, revoked or expired."""


class NotFoundError(AlmanacError):
    """404."""


class PaymentRequiredError(AlmanacError):
    """402 of any kind. Not transient: surface it to the user, do not retry."""

    @property
    def upgrade_url(self) -> str | None:
        url = self.body.get("upgrade_url") if isinstance(self.body, dict) else None
        return url if isinstance(url, str) else None


class TierRequiredError(PaymentRequiredError):
    """402: the account is below the tier the endpoint needs."""

    @property
    def payload(self) -> TierRequired:
        return cast(TierRequired, self.body)

    @property
    def required_tier(self) -> str:
        return self.payload["requiredTier"]

    @property
    def current_tier(self) -> str:
        return self.payload["currentTier"]


class OverageCapError(PaymentRequiredError):
    """402 ``reason: "overage_cap"``: this month's extra-call cap is reached."""

    @property
    def payload(self) -> OverageCap:
        return cast(OverageCap, self.body)


class AllowanceExhaustedError(PaymentRequiredError):
    """402 ``reason: "included_allowance"``: the plan's included calls are used up and extra calls are off."""

    @property
    def payload(self) -> AllowanceExhausted:
        return cast(AllowanceExhausted, self.body)


class RateLimitError(AlmanacError):
    """429 after the client's bounded retries, or with a Retry-After longer than it may wait."""

    def __init__(self, message: str, *, retry_after: float | None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class ServerError(AlmanacError):
    """5xx (after retries where the method is idempotent)."""


def error_for(status: int, body: Any, *, request_id: str | None, method: str, url: str, retry_after: float | None) -> AlmanacError:
    """The typed error of a non-2xx answer."""
    text = body.get("error") if isinstance(body, dict) and isinstance(body.get("error"), str) else f"HTTP {status}"
    message = f"{method} {url}: {status} {text}"
    common: dict[str, Any] = {"status": status, "body": body, "request_id": request_id, "method": method, "url": url}
    if status == 402:
        reason = body.get("reason") if isinstance(body, dict) else None
        if reason == "overage_cap":
            return OverageCapError(message, **common)
        if reason == "included_allowance":
            return AllowanceExhaustedError(message, **common)
        if isinstance(body, dict) and isinstance(body.get("requiredTier"), str):
            return TierRequiredError(message, **common)
        return PaymentRequiredError(message, **common)
    if status == 429:
        return RateLimitError(message + (f" (retry after {retry_after:g} s)" if retry_after is not None else ""), retry_after=retry_after, **common)
    if status == 400:
        return BadRequestError(message, **common)
    if status == 401:
        return AuthenticationError(message, **common)
    if status == 404:
        return NotFoundError(message, **common)
    if status >= 500:
        return ServerError(message, **common)
    return AlmanacError(message, **common)
