"""Almanac API client: standard library only, typed from the service's OpenAPI description.

    from almanac_client import Almanac
    almanac = Almanac("https://almanac.example", api_key="<API_KEY>", app_info="my-notebook/1.0 (me@example.com)")
    almanac.get_ticker_search(q="apple")
"""
from ._client import CLIENT_NAME, Almanac, BulkFormat, ResponseInfo, __version__, retry_after_seconds, user_agent
from ._generated import API_VERSION, PAGED, Paged
from .errors import (
    AllowanceExhaustedError,
    AlmanacError,
    AuthenticationError,
    BadRequestError,
    NotFoundError,
    OverageCapError,
    PaymentRequiredError,
    RateLimitError,
    ServerError,
    TierRequiredError,
)

__all__ = [
    "API_VERSION",
    "CLIENT_NAME",
    "PAGED",
    "AllowanceExhaustedError",
    "Almanac",
    "AlmanacError",
    "AuthenticationError",
    "BadRequestError",
    "BulkFormat",
    "NotFoundError",
    "OverageCapError",
    "Paged",
    "PaymentRequiredError",
    "RateLimitError",
    "ResponseInfo",
    "ServerError",
    "TierRequiredError",
    "__version__",
    "retry_after_seconds",
    "user_agent",
]
