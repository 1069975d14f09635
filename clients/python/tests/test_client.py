"""almanac_client against a real Almanac server.

The harness (test/clients/server.ts, run with node) starts the sample warehouse on a free port with
one verified account and key per tier, and prints its URL and keys as one JSON line. Run with
``npm run test:python`` (or ``python3 -m unittest discover -s clients/python/tests -t clients/python``).
"""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import time
import typing
import unittest
import urllib.request
from pathlib import Path
from unittest import mock

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = HERE.parent
REPO = PACKAGE_ROOT.parent.parent
sys.path.insert(0, str(PACKAGE_ROOT))

import almanac_client  # noqa: E402
from almanac_client import (  # noqa: E402
    PAGED,
    Almanac,
    AuthenticationError,
    BadRequestError,
    RateLimitError,
    TierRequiredError,
    user_agent,
)
from almanac_client import _generated  # noqa: E402

APP = "almanac-python-tests/1.0 (tests@example.com)"
server: subprocess.Popen[str] | None = None
URL = ""
KEYS: dict[str, str] = {}


def setUpModule() -> None:  # noqa: N802
    global server, URL, KEYS
    server = subprocess.Popen(
        ["node", "--import", "tsx", "test/clients/server.ts"],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "NODE_ENV": "test"},
    )
    assert server.stdout is not None
    deadline = time.time() + 600
    while time.time() < deadline:
        line = server.stdout.readline()
        if not line:
            raise RuntimeError(f"the test server exited ({server.wait()}) before printing its URL")
        try:
            info = json.loads(line)
        except ValueError:
            continue
        if isinstance(info, dict) and "url" in info:
            URL, KEYS = info["url"], info["keys"]
            return
    raise RuntimeError("the test server did not print its URL in time")


def tearDownModule() -> None:  # noqa: N802
    if server is not None:
        assert server.stdin is not None
        server.stdin.close()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def client(api_key: str | None = None, **kwargs: typing.Any) -> Almanac:
    return Almanac(URL, api_key=api_key, app_info=APP, **kwargs)


class Recorder:
    """Wraps urllib.request.urlopen: every request the client sends, with its headers."""

    def __init__(self) -> None:
        self.requests: list[urllib.request.Request] = []
        self._real = urllib.request.urlopen

    def __call__(self, request: urllib.request.Request, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        self.requests.append(request)
        return self._real(request, *args, **kwargs)

    def header(self, i: int, name: str) -> str | None:
        return self.requests[i].get_header(name.capitalize())


def recording() -> tuple[Recorder, typing.Any]:
    rec = Recorder()
    return rec, mock.patch("urllib.request.urlopen", rec)


class Configuration(unittest.TestCase):
    def test_refuses_without_url_or_with_empty_key(self) -> None:
        with mock.patch.dict(os.environ, {}, clear=False):
            os.environ.pop("ALMANAC_URL", None)
            with self.assertRaisesRegex(ValueError, "ALMANAC_URL"):
                Almanac(api_key="alm_live_x")
        with self.assertRaisesRegex(ValueError, "api_key is empty"):
            Almanac(URL, api_key=" ")
        self.assertEqual(Almanac(URL + "/api/v1/").base_url, URL)
        with mock.patch.dict(os.environ, {"ALMANAC_URL": URL, "ALMANAC_API_KEY": KEYS["learner"]}):
            from_env = Almanac()
            self.assertTrue(from_env.has_key)
            self.assertNotIn(KEYS["learner"], repr(from_env))


class KeyIsSent(unittest.TestCase):
    def test_investor_key_gets_bulk_rows_anonymous_gets_typed_402_not_retried(self) -> None:
        rows = client(KEYS["investor"]).bulk(["AAPL", "NVDA", "ZZZZ"])
        self.assertEqual([r["ticker"] for r in rows["rows"]], ["AAPL", "NVDA"])
        self.assertEqual(rows["rows"][0]["source"], "sec")
        self.assertEqual([w["ticker"] for w in rows["withheld"]], ["ZZZZ"])

        rec, patch = recording()
        with patch, self.assertRaises(TierRequiredError) as caught:
            client().bulk(["AAPL"])
        err = caught.exception
        self.assertEqual(err.status, 402)
        self.assertEqual(err.required_tier, "Investor")
        self.assertEqual(err.current_tier, "Learner")
        self.assertIn("upgrade=investor", err.upgrade_url or "")
        self.assertEqual(len(rec.requests), 1, "a 402 is a fact about the account: one request, no retry")

    def test_researcher_key_unlocks_the_full_screener(self) -> None:
        anonymous = client().get_screener(limit=10)
        self.assertTrue(anonymous["locked"])
        self.assertLessEqual(len(anonymous["results"]), 3)
        researcher = client(KEYS["researcher"]).get_screener(limit=10)
        self.assertFalse(researcher["locked"])
        self.assertGreater(len(researcher["results"]), 3)

    def test_every_call_sends_the_key_and_a_descriptive_user_agent(self) -> None:
        c = client(KEYS["learner"])
        rec, patch = recording()
        with patch:
            c.get_ticker_search(q="apple")
            me = c.get_auth_me()
            c.request("GET", "/ticker-search", query={"q": "micro"}, headers={"X-API-Key": "alm_live_other", "User-Agent": "curl/8.0"})
        self.assertEqual(me["tier"], "learner")
        self.assertEqual(len(rec.requests), 3)
        for i in range(3):
            self.assertEqual(rec.header(i, "X-API-Key"), KEYS["learner"])
            self.assertEqual(rec.header(i, "User-Agent"), user_agent(APP))
            self.assertRegex(rec.header(i, "User-Agent") or "", r"^almanac-python-tests/1\.0 \(tests@example\.com\) almanac-client-python/\d+\.\d+\.\d+ \(API [^;]+; python/3")
        rec2, patch2 = recording()
        with patch2:
            self.assertTrue(client().get_ticker_search(q="apple"))
        self.assertIsNone(rec2.header(0, "X-API-Key"))

    def test_on_response_reports_the_price_of_each_call(self) -> None:
        seen: list[almanac_client.ResponseInfo] = []
        c = client(KEYS["learner"], on_response=seen.append)
        c.get_ticker_search(q="apple")
        c.get_auth_me()
        self.assertEqual(len(seen), 2)
        self.assertEqual((seen[0].method, seen[0].status, seen[0].per_call_cost_usd), ("GET", 200, "0"))
        self.assertTrue(seen[0].request_id)
        self.assertIsNone(seen[1].per_call_cost_usd, "auth routes are not metered")

    def test_invalid_key_is_401_and_bad_input_a_400_naming_the_parameter(self) -> None:
        with self.assertRaises(AuthenticationError) as caught:
            client("alm_live_0000000000000000000000000000000000000000").get_ticker_search(q="apple")
        self.assertEqual(caught.exception.status, 401)
        with self.assertRaises(BadRequestError) as bad:
            client().get_ticker_search(q="apple", limit=0)
        self.assertIn("'limit'", str(bad.exception))


class Bodies(unittest.TestCase):
    def test_json_bodies_and_query_parameters_on_post_and_delete(self) -> None:
        c = client(KEYS["learner"])
        added = c.post_portfolio_positions(portfolio_id="py-tests", body={"ticker": "AAPL", "shares": 3, "cost_basis": 150.5})
        self.assertEqual((added["ticker"], added["shares"]), ("AAPL", 3))
        self.assertEqual([p["ticker"] for p in c.get_portfolio_positions(portfolio_id="py-tests")], ["AAPL"])
        c.delete_portfolio_positions(portfolio_id="py-tests", body={"ticker": "AAPL"})
        self.assertEqual(c.get_portfolio_positions(portfolio_id="py-tests"), [])
        with self.assertRaises(AuthenticationError):
            client().get_portfolio_positions()


class Retries(unittest.TestCase):
    def test_429_is_retried_after_retry_after_within_bounds(self) -> None:
        waits: list[float] = []
        c = client(on_retry=lambda attempt, status, wait, url: waits.append(wait))
        rec, patch = recording()
        started = time.monotonic()
        with patch:
            hits = c.request("GET", "/ticker-search", query={"q": "apple"}, headers={"X-Test-Throttle": "py-a:2:1"})
        self.assertTrue(hits)
        self.assertEqual(len(rec.requests), 3)
        self.assertEqual(waits, [1.0, 1.0])
        self.assertGreaterEqual(time.monotonic() - started, 1.9)

        rec, patch = recording()
        with patch, self.assertRaises(RateLimitError) as caught:
            client(max_retries=1).request("GET", "/ticker-search", query={"q": "apple"}, headers={"X-Test-Throttle": "py-b:5:1"})
        self.assertEqual(caught.exception.retry_after, 1.0)
        self.assertEqual(len(rec.requests), 2)

        rec, patch = recording()
        with patch, self.assertRaises(RateLimitError) as long:
            client(max_retry_wait=5).request("GET", "/ticker-search", query={"q": "apple"}, headers={"X-Test-Throttle": "py-c:1:120"})
        self.assertEqual(long.exception.retry_after, 120.0)
        self.assertEqual(len(rec.requests), 1, "a Retry-After longer than the client may wait is raised at once")


class Pagination(unittest.TestCase):
    def test_paginate_iterates_every_page(self) -> None:
        c = client()
        total = c.get_glossary(limit=200)["total"]
        rec, patch = recording()
        with patch:
            slugs = [t["slug"] for t in c.paginate("get_glossary", limit=150)]
        self.assertEqual(len(slugs), total)
        self.assertEqual(len(set(slugs)), total)
        self.assertEqual(len(rec.requests), -(-total // 150))

        typed = list(c.iter_glossary(page_size=150))
        self.assertEqual([t["slug"] for t in typed], slugs)
        self.assertEqual(typing.get_type_hints(_generated.Operations.iter_glossary, vars(_generated))["return"].__args__[0], _generated.GetGlossaryItem)
        # TSLA: the sample's most insider rows (three real filings), so several pages of 2.
        trades = [t["accession"] for t in c.paginate("get_insiders", ticker="TSLA", limit=2)]
        self.assertGreater(len(trades), 4)
        self.assertEqual([t["accession"] for t in c.iter_insiders(ticker="TSLA", page_size=2)], trades)
        self.assertEqual(trades, [t["accession"] for t in c.get_insiders(ticker="TSLA", limit=500)])
        # The fundamentals universe pages by ticker: one ticker a page gives the whole answer.
        whole = c.get_fundamentals_pit_universe(date="2023-04-20")
        self.assertEqual([t["ticker"] for t in c.iter_fundamentals_pit_universe(date="2023-04-20", page_size=1)], [t["ticker"] for t in whole["tickers"]])
        self.assertEqual(set(PAGED), {"get_news_search", "get_insiders", "get_glossary", "get_banks", "get_federal_contracts", "get_screener", "get_fundamentals_pit_universe"})
        with self.assertRaisesRegex(ValueError, "not a paginated operation"):
            next(c.paginate("get_ticker_search", q="a"))


class Bulk(unittest.TestCase):
    def test_bulk_as_csv_arrow_and_parquet(self) -> None:
        c = client(KEYS["investor"])
        csv = c.bulk(["AAPL", "MSFT"], format="csv")
        self.assertTrue(csv.startswith("ticker,cik,fiscalYear"))
        self.assertEqual(len(csv.strip().splitlines()), 3)
        arrow = c.bulk(["AAPL"], format="arrow", fields=["metrics"])
        self.assertEqual(arrow[:4], b"\xff\xff\xff\xff", "Arrow IPC stream: continuation marker first")
        self.assertIn(b"netMargin", arrow)
        self.assertNotIn(b"revenue", arrow)
        parquet = c.bulk(["AAPL"], format="parquet")
        self.assertEqual(parquet[:4], b"PAR1")
        self.assertEqual(parquet[-4:], b"PAR1")


class GeneratedTypes(unittest.TestCase):
    def test_every_generated_type_and_signature_resolves(self) -> None:
        typed = [v for v in vars(_generated).values() if isinstance(v, type) and hasattr(v, "__required_keys__")]
        self.assertGreater(len(typed), 50)
        for t in typed:
            typing.get_type_hints(t)
        for name, fn in inspect.getmembers(_generated.Operations, inspect.isfunction):
            typing.get_type_hints(fn, vars(_generated))
        hints = typing.get_type_hints(_generated.Operations.get_ticker_search, vars(_generated))
        self.assertEqual(hints["q"], str)
        self.assertEqual(almanac_client.API_VERSION, _generated.API_VERSION)


if __name__ == "__main__":
    unittest.main()
