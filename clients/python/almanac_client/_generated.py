"""Generated from the Almanac OpenAPI description (API version 0.1.0) by `npm run clients:generate`.

Do not edit: a test fails when this file no longer matches the API.
"""
# ruff: noqa
# fmt: off
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, NamedTuple, NotRequired, TypedDict

API_VERSION = "0.1.0"


Error = TypedDict("Error", {
    "error": "str",
})

RateLimited = TypedDict("RateLimited", {
    "error": "str",
    "policy": "str",
    "limit": "float | None",
    "retry_after_seconds": "int",
})

AllowanceExhausted = TypedDict("AllowanceExhausted", {
    "error": "str",
    "reason": "Literal[\"included_allowance\"]",
    "plan": "str",
    "included_calls": "int",
    "calls_this_month": "int",
    "extra_calls_enabled": "Literal[False]",
    "rate_usd": "float",
    "resets_at": "str",
    "upgrade_url": "str",
})

OverageCap = TypedDict("OverageCap", {
    "error": "str",
    "reason": "Literal[\"overage_cap\"]",
    "overage_accrued_usd": "float",
    "limit_usd": "float",
    "resets_at": "str",
    "upgrade_url": "str",
})

TierRequired = TypedDict("TierRequired", {
    "error": "str",
    "requiredTier": "str",
    "currentTier": "str",
    "upgrade_url": "str",
})

PriceBar = TypedDict("PriceBar", {
    "date": "str",
    "open": "float | None",
    "high": "float | None",
    "low": "float | None",
    "close": "float",
    "adjClose": "float | None",
    "volume": "float | None",
    "dividend": "float",
    "splitRatio": "float",
    "synthetic": "bool",
})

BankProvenance = TypedDict("BankProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

Bank = TypedDict("Bank", {
    "cert": "int",
    "name": "str",
    "fedRssd": "float | None",
    "city": "str | None",
    "state": "str | None",
    "active": "bool",
    "bankClass": "str | None",
    "regulator": "str | None",
    "holdingCompany": "str | None",
    "holdingCompanyTicker": "str | None",
    "totalAssets": "float | None",
    "totalDeposits": "float | None",
    "netIncome": "float | None",
    "roa": "float | None",
    "roe": "float | None",
    "offices": "float | None",
    "reportDate": "str | None",
    "established": "str | None",
    "insuredSince": "str | None",
    "inactiveSince": "str | None",
    "website": "str | None",
    "provenance": "BankProvenance",
})

FederalAwardProvenance = TypedDict("FederalAwardProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

FederalAward = TypedDict("FederalAward", {
    "awardKey": "str",
    "piid": "str",
    "awardingAgency": "str | None",
    "awardingSubAgency": "str | None",
    "recipientName": "str",
    "parentName": "str | None",
    "ticker": "str | None",
    "obligated": "float | None",
    "currentValue": "float | None",
    "potentialValue": "float | None",
    "baseActionDate": "str | None",
    "latestActionDate": "str | None",
    "fiscalYear": "float | None",
    "startDate": "str | None",
    "endDate": "str | None",
    "awardType": "str | None",
    "naicsCode": "str | None",
    "naicsDescription": "str | None",
    "pscCode": "str | None",
    "description": "str | None",
    "permalink": "str | None",
    "provenance": "FederalAwardProvenance",
})

GetHealthResponse = TypedDict("GetHealthResponse", {
    "status": "Literal[\"ok\", \"degraded\"]",
    "snapshot": "str | None",
    "stores": "dict[str, Literal[\"ok\", \"unreachable\"]]",
    "uptimeSeconds": "float",
})

GetAuthChallengeResponse = TypedDict("GetAuthChallengeResponse", {
    "challenge": "str",
    "difficulty": "int",
    "algorithm": "Literal[\"sha256\"]",
    "expiresAt": "str",
})

GetAuthCsrfResponse = TypedDict("GetAuthCsrfResponse", {
    "csrfToken": "str",
    "header": "Literal[\"X-CSRF-Token\"]",
    "boundTo": "Literal[\"session\", \"anonymous\"]",
})

PostAuthRegisterBody = TypedDict("PostAuthRegisterBody", {
    "email": "str",
    "password": "str",
    "challenge": "str",
    "solution": "str",
    "displayName": NotRequired["str"],
    "experience": NotRequired["str"],
    "useCase": NotRequired["str"],
    "referralSource": NotRequired["str"],
    "timezone": NotRequired["str"],
})

PostAuthRegisterResponse = TypedDict("PostAuthRegisterResponse", {
    "status": "Literal[\"verification_pending\"]",
    "message": "str",
})

GetAuthVerifyEmailResponse = TypedDict("GetAuthVerifyEmailResponse", {
    "verified": "Literal[True]",
    "email": "str",
})

PostAuthResendVerificationBody = TypedDict("PostAuthResendVerificationBody", {
    "email": "str",
})

PostAuthResendVerificationResponse = TypedDict("PostAuthResendVerificationResponse", {
    "status": "Literal[\"verification_pending\"]",
    "message": "str",
})

PostAuthLoginBody = TypedDict("PostAuthLoginBody", {
    "email": "str",
    "password": "str",
    "challenge": NotRequired["str"],
    "solution": NotRequired["str"],
})

PostAuthLoginResponseAccount = TypedDict("PostAuthLoginResponseAccount", {
    "id": "str",
    "email": "str",
    "emailVerified": "bool",
    "emailVerifiedAt": "str | None",
    "tier": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\"]",
    "plan": "Literal[\"developer\", \"developer_pro\"] | None",
    "effectiveTier": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\"]",
    "displayName": "str | None",
    "experience": "str | None",
    "useCase": "str | None",
    "referralSource": "str | None",
    "timezone": "str | None",
    "createdAt": "str",
})

PostAuthLoginResponse = TypedDict("PostAuthLoginResponse", {
    "account": "PostAuthLoginResponseAccount",
    "sessionExpiresAt": "str",
    "csrfToken": "str",
})

GetAuthMeResponse = TypedDict("GetAuthMeResponse", {
    "id": "str",
    "email": "str",
    "emailVerified": "bool",
    "emailVerifiedAt": "str | None",
    "tier": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\"]",
    "plan": "Literal[\"developer\", \"developer_pro\"] | None",
    "effectiveTier": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\"]",
    "displayName": "str | None",
    "experience": "str | None",
    "useCase": "str | None",
    "referralSource": "str | None",
    "timezone": "str | None",
    "createdAt": "str",
})

PostKeysBody = TypedDict("PostKeysBody", {
    "name": NotRequired["str"],
    "expiresInDays": NotRequired["int"],
})

PostKeysResponse = TypedDict("PostKeysResponse", {
    "id": "str",
    "name": "str | None",
    "prefix": "str",
    "lastFour": "str",
    "kind": "Literal[\"standard\", \"trial\"]",
    "status": "Literal[\"active\", \"revoked\", \"expired\"]",
    "dailyLimit": "int | None",
    "createdAt": "str",
    "lastUsedAt": "str | None",
    "expiresAt": "str | None",
    "revokedAt": "str | None",
    "key": "str",
})

PostKeysTrialResponse = TypedDict("PostKeysTrialResponse", {
    "id": "str",
    "name": "str | None",
    "prefix": "str",
    "lastFour": "str",
    "kind": "Literal[\"standard\", \"trial\"]",
    "status": "Literal[\"active\", \"revoked\", \"expired\"]",
    "dailyLimit": "int | None",
    "createdAt": "str",
    "lastUsedAt": "str | None",
    "expiresAt": "str | None",
    "revokedAt": "str | None",
    "key": "str",
})

GetKeysListResponseItem = TypedDict("GetKeysListResponseItem", {
    "id": "str",
    "name": "str | None",
    "prefix": "str",
    "lastFour": "str",
    "kind": "Literal[\"standard\", \"trial\"]",
    "status": "Literal[\"active\", \"revoked\", \"expired\"]",
    "dailyLimit": "int | None",
    "createdAt": "str",
    "lastUsedAt": "str | None",
    "expiresAt": "str | None",
    "revokedAt": "str | None",
})

DeleteKeysByIdResponse = TypedDict("DeleteKeysByIdResponse", {
    "id": "str",
    "name": "str | None",
    "prefix": "str",
    "lastFour": "str",
    "kind": "Literal[\"standard\", \"trial\"]",
    "status": "Literal[\"active\", \"revoked\", \"expired\"]",
    "dailyLimit": "int | None",
    "createdAt": "str",
    "lastUsedAt": "str | None",
    "expiresAt": "str | None",
    "revokedAt": "str | None",
})

GetBillingAgentPlanResponse = TypedDict("GetBillingAgentPlanResponse", {
    "plan": "Literal[\"developer\", \"developer_pro\"] | None",
    "plan_name": "str | None",
    "price_usd": "float",
    "rate_usd": "float",
    "limit_usd": "float",
    "overage_accrued_usd": "float",
    "extra_calls_enabled": "bool",
    "consent_required": "bool",
    "default_cap_usd": "float",
    "max_cap_usd": "float",
    "included_calls": "int",
    "calls_this_month": "int",
    "month": "str",
    "resets_at": "str",
})

GetBillingAgentUsageResponse = TypedDict("GetBillingAgentUsageResponse", {
    "month": "str",
    "calls": "int",
    "plan_calls": "int",
    "included_calls": "int",
    "remaining_included_calls": "int",
    "extra_calls": "int",
    "overage_accrued_usd": "float",
})

PostBillingAgentPlanOverageBody = TypedDict("PostBillingAgentPlanOverageBody", {
    "cap_usd": NotRequired["float"],
})

PostBillingAgentPlanOverageResponse = TypedDict("PostBillingAgentPlanOverageResponse", {
    "plan": "Literal[\"developer\", \"developer_pro\"] | None",
    "plan_name": "str | None",
    "price_usd": "float",
    "rate_usd": "float",
    "limit_usd": "float",
    "overage_accrued_usd": "float",
    "extra_calls_enabled": "bool",
    "consent_required": "bool",
    "default_cap_usd": "float",
    "max_cap_usd": "float",
    "included_calls": "int",
    "calls_this_month": "int",
    "month": "str",
    "resets_at": "str",
})

GetBillingAgentUsageDailyResponseDaysItem = TypedDict("GetBillingAgentUsageDailyResponseDaysItem", {
    "date": "str",
    "calls": "int",
    "extra_calls": "int",
})

GetBillingAgentUsageDailyResponseKeysItem = TypedDict("GetBillingAgentUsageDailyResponseKeysItem", {
    "id": "str",
    "name": "str | None",
    "prefix": "str",
    "calls": "int",
})

GetBillingAgentUsageDailyResponse = TypedDict("GetBillingAgentUsageDailyResponse", {
    "month": "str",
    "key": "str | None",
    "days": "list[GetBillingAgentUsageDailyResponseDaysItem]",
    "keys": "list[GetBillingAgentUsageDailyResponseKeysItem]",
    "total_calls": "int",
    "plan": "Literal[\"developer\", \"developer_pro\"] | None",
    "included_calls": "int",
    "extra_call_cap_calls": "int | None",
    "limit_usd": "float",
})

GetBillingSubscriptionResponsePending1 = TypedDict("GetBillingSubscriptionResponsePending1", {
    "id": "str",
    "offer": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\", \"developer\", \"developer_pro\"]",
    "label": "str",
    "price_usd": "float",
    "requested_at": "str",
})

GetBillingSubscriptionResponseOffersItem = TypedDict("GetBillingSubscriptionResponseOffersItem", {
    "id": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\", \"developer\", \"developer_pro\"]",
    "kind": "Literal[\"tier\", \"plan\"]",
    "label": "str",
    "price_usd": "float",
    "change": "Literal[\"current\", \"upgrade\", \"downgrade\"]",
    "applies": "str",
})

GetBillingSubscriptionResponse = TypedDict("GetBillingSubscriptionResponse", {
    "tier": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\"]",
    "plan": "Literal[\"developer\", \"developer_pro\"] | None",
    "offer": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\", \"developer\", \"developer_pro\"]",
    "label": "str",
    "price_usd": "float",
    "provider": "Literal[\"manual\", \"stripe\"]",
    "subscription_status": "Literal[\"active\", \"past_due\", \"cancelling\", \"cancelled\"] | None",
    "pending": "GetBillingSubscriptionResponsePending1 | None",
    "offers": "list[GetBillingSubscriptionResponseOffersItem]",
})

PostBillingPlanChangeBody = TypedDict("PostBillingPlanChangeBody", {
    "offer": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\", \"developer\", \"developer_pro\"]",
})

PostBillingPlanChangeResponse = TypedDict("PostBillingPlanChangeResponse", {
    "status": "Literal[\"pending\", \"checkout\", \"scheduled\", \"applied\"]",
    "offer": "Literal[\"learner\", \"researcher\", \"investor\", \"power_user\", \"developer\", \"developer_pro\"]",
    "label": "str",
    "price_usd": "float",
    "applies": "str",
    "request_id": NotRequired["str"],
    "checkout_url": NotRequired["str"],
})

PostBillingStripeWebhookResponse = TypedDict("PostBillingStripeWebhookResponse", {
    "received": "Literal[True]",
    "id": "str",
    "type": "str",
    "duplicate": "bool",
})

GetTickerSearchResponseItem = TypedDict("GetTickerSearchResponseItem", {
    "ticker": "str",
    "name": "str",
    "exchange": "str | None",
    "cik": "int",
})

GetRandomTickerResponse = TypedDict("GetRandomTickerResponse", {
    "ticker": "str",
    "name": "str",
    "exchange": "str | None",
    "cik": "int",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetFundamentalsPitResponseStatementFundamentals = TypedDict("GetFundamentalsPitResponseStatementFundamentals", {
    "revenue": "float | None",
    "costOfRevenue": "float | None",
    "grossProfit": "float | None",
    "operatingIncome": "float | None",
    "netIncome": "float | None",
    "totalAssets": "float | None",
    "currentAssets": "float | None",
    "totalLiabilities": "float | None",
    "currentLiabilities": "float | None",
    "stockholdersEquity": "float | None",
    "operatingCashFlow": "float | None",
    "investingCashFlow": "float | None",
    "financingCashFlow": "float | None",
    "epsBasic": "float | None",
    "epsDiluted": "float | None",
    "longTermDebt": "float | None",
    "sharesOutstanding": "float | None",
    "dividendsPerShare": "float | None",
})

GetFundamentalsPitResponseStatementMetrics = TypedDict("GetFundamentalsPitResponseStatementMetrics", {
    "grossMargin": "float | None",
    "operatingMargin": "float | None",
    "netMargin": "float | None",
    "roa": "float | None",
    "roe": "float | None",
    "currentRatio": "float | None",
})

GetFundamentalsPitResponseStatementSourcesValue = TypedDict("GetFundamentalsPitResponseStatementSourcesValue", {
    "accession": "str",
    "form": "str",
    "filed": "str",
    "concept": "str",
    "derived": "bool",
})

GetFundamentalsPitResponseStatement = TypedDict("GetFundamentalsPitResponseStatement", {
    "fiscalYear": "int",
    "fiscalPeriod": "Literal[\"FY\", \"Q1\", \"Q2\", \"Q3\", \"Q4\"]",
    "periodEnd": "str",
    "filingDate": "str",
    "accession": "str",
    "form": "str",
    "restated": "bool",
    "fundamentals": "GetFundamentalsPitResponseStatementFundamentals",
    "metrics": "GetFundamentalsPitResponseStatementMetrics",
    "sources": "dict[str, GetFundamentalsPitResponseStatementSourcesValue]",
})

GetFundamentalsPitResponseProvenance = TypedDict("GetFundamentalsPitResponseProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetFundamentalsPitResponseFallback = TypedDict("GetFundamentalsPitResponseFallback", {
    "requested": "str",
    "served": "str",
    "reason": "str",
})

GetFundamentalsPitResponse = TypedDict("GetFundamentalsPitResponse", {
    "ticker": "str",
    "cik": "int",
    "name": "str",
    "asOf": "str",
    "source": "Literal[\"sec\"]",
    "statement": "GetFundamentalsPitResponseStatement",
    "provenance": "GetFundamentalsPitResponseProvenance",
    "fallback": NotRequired["GetFundamentalsPitResponseFallback"],
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetFundamentalsHistoryResponseEntriesItemStatementsItemFundamentals = TypedDict("GetFundamentalsHistoryResponseEntriesItemStatementsItemFundamentals", {
    "revenue": "float | None",
    "costOfRevenue": "float | None",
    "grossProfit": "float | None",
    "operatingIncome": "float | None",
    "netIncome": "float | None",
    "totalAssets": "float | None",
    "currentAssets": "float | None",
    "totalLiabilities": "float | None",
    "currentLiabilities": "float | None",
    "stockholdersEquity": "float | None",
    "operatingCashFlow": "float | None",
    "investingCashFlow": "float | None",
    "financingCashFlow": "float | None",
    "epsBasic": "float | None",
    "epsDiluted": "float | None",
    "longTermDebt": "float | None",
    "sharesOutstanding": "float | None",
    "dividendsPerShare": "float | None",
})

GetFundamentalsHistoryResponseEntriesItemStatementsItemMetrics = TypedDict("GetFundamentalsHistoryResponseEntriesItemStatementsItemMetrics", {
    "grossMargin": "float | None",
    "operatingMargin": "float | None",
    "netMargin": "float | None",
    "roa": "float | None",
    "roe": "float | None",
    "currentRatio": "float | None",
})

GetFundamentalsHistoryResponseEntriesItemStatementsItemSourcesValue = TypedDict("GetFundamentalsHistoryResponseEntriesItemStatementsItemSourcesValue", {
    "accession": "str",
    "form": "str",
    "filed": "str",
    "concept": "str",
    "derived": "bool",
})

GetFundamentalsHistoryResponseEntriesItemStatementsItem = TypedDict("GetFundamentalsHistoryResponseEntriesItemStatementsItem", {
    "fiscalYear": "int",
    "fiscalPeriod": "Literal[\"FY\", \"Q1\", \"Q2\", \"Q3\", \"Q4\"]",
    "periodEnd": "str",
    "filingDate": "str",
    "accession": "str",
    "form": "str",
    "restated": "bool",
    "fundamentals": "GetFundamentalsHistoryResponseEntriesItemStatementsItemFundamentals",
    "metrics": "GetFundamentalsHistoryResponseEntriesItemStatementsItemMetrics",
    "sources": "dict[str, GetFundamentalsHistoryResponseEntriesItemStatementsItemSourcesValue]",
})

GetFundamentalsHistoryResponseEntriesItem = TypedDict("GetFundamentalsHistoryResponseEntriesItem", {
    "filingDate": "str",
    "accession": "str",
    "form": "str",
    "url": NotRequired["str"],
    "statements": "list[GetFundamentalsHistoryResponseEntriesItemStatementsItem]",
})

GetFundamentalsHistoryResponse = TypedDict("GetFundamentalsHistoryResponse", {
    "ticker": "str",
    "cik": "int",
    "start": "str",
    "end": "str",
    "entries": "list[GetFundamentalsHistoryResponseEntriesItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetFundamentalsPitUniverseItem = TypedDict("GetFundamentalsPitUniverseItem", {
    "ticker": "str",
    "cik": "int",
    "fiscalYear": "int",
    "fiscalPeriod": "str",
    "periodEnd": "str",
    "filingDate": "str",
})

GetFundamentalsPitUniverseResponse = TypedDict("GetFundamentalsPitUniverseResponse", {
    "asOf": "str",
    "count": "int",
    "total": NotRequired["int"],
    "offset": NotRequired["int"],
    "limit": NotRequired["int"],
    "tickers": "list[GetFundamentalsPitUniverseItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetFundamentalsPitStatsResponseLastRunsItem = TypedDict("GetFundamentalsPitStatsResponseLastRunsItem", {
    "job": "str",
    "status": "str",
    "startedAt": "str",
    "finishedAt": "str | None",
    "docsOk": "int",
    "docsQuarantined": "int",
    "rowsOut": "int",
})

GetFundamentalsPitStatsResponseDatasetsItemJobsItem = TypedDict("GetFundamentalsPitStatsResponseDatasetsItemJobsItem", {
    "job": "str",
    "cron": "str | None",
    "lastFetchedAt": "str | None",
    "nextFetchAt": "str | None",
})

GetFundamentalsPitStatsResponseDatasetsItemCoverageItem = TypedDict("GetFundamentalsPitStatsResponseDatasetsItemCoverageItem", {
    "table": "str",
    "rows": "int",
    "syntheticRows": "int",
    "from": "str | None",
    "to": "str | None",
    "entities": "int | None",
    "entityLabel": "str | None",
})

GetFundamentalsPitStatsResponseDatasetsItem = TypedDict("GetFundamentalsPitStatsResponseDatasetsItem", {
    "id": "str",
    "name": "str",
    "description": "str",
    "source": "str",
    "sourceUrl": "str",
    "schedule": "str",
    "lastUpdated": "str | None",
    "rows": "int",
    "syntheticRows": "int",
    "entities": "int | None",
    "entityLabel": "str | None",
    "from": "str | None",
    "to": "str | None",
    "lastFetchedAt": "str | None",
    "nextFetchAt": "str | None",
    "jobs": "list[GetFundamentalsPitStatsResponseDatasetsItemJobsItem]",
    "coverage": "list[GetFundamentalsPitStatsResponseDatasetsItemCoverageItem]",
    "endpoints": "list[str]",
})

GetFundamentalsPitStatsResponse = TypedDict("GetFundamentalsPitStatsResponse", {
    "companies": "int",
    "companiesWithFundamentals": "int",
    "facts": "int",
    "filings": "int",
    "statements": "int",
    "factsFiledFrom": "str | None",
    "factsFiledTo": "str | None",
    "filingsFrom": "str | None",
    "filingsTo": "str | None",
    "snapshot": "str | None",
    "lastRuns": "list[GetFundamentalsPitStatsResponseLastRunsItem]",
    "datasets": "list[GetFundamentalsPitStatsResponseDatasetsItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetDataBulkResponseRowsItemProvenance = TypedDict("GetDataBulkResponseRowsItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetDataBulkResponseRowsItemFundamentals = TypedDict("GetDataBulkResponseRowsItemFundamentals", {
    "revenue": "float | None",
    "costOfRevenue": "float | None",
    "grossProfit": "float | None",
    "operatingIncome": "float | None",
    "netIncome": "float | None",
    "totalAssets": "float | None",
    "currentAssets": "float | None",
    "totalLiabilities": "float | None",
    "currentLiabilities": "float | None",
    "stockholdersEquity": "float | None",
    "operatingCashFlow": "float | None",
    "investingCashFlow": "float | None",
    "financingCashFlow": "float | None",
    "epsBasic": "float | None",
    "epsDiluted": "float | None",
    "longTermDebt": "float | None",
    "sharesOutstanding": "float | None",
    "dividendsPerShare": "float | None",
})

GetDataBulkResponseRowsItemMetrics = TypedDict("GetDataBulkResponseRowsItemMetrics", {
    "grossMargin": "float | None",
    "operatingMargin": "float | None",
    "netMargin": "float | None",
    "roa": "float | None",
    "roe": "float | None",
    "currentRatio": "float | None",
})

GetDataBulkResponseRowsItem = TypedDict("GetDataBulkResponseRowsItem", {
    "ticker": "str",
    "cik": "int",
    "fiscalYear": "int",
    "fiscalPeriod": "str",
    "periodEnd": "str",
    "filingDate": "str",
    "accession": "str",
    "form": "str",
    "source": "Literal[\"sec\"]",
    "provenance": "GetDataBulkResponseRowsItemProvenance",
    "fundamentals": NotRequired["GetDataBulkResponseRowsItemFundamentals"],
    "metrics": NotRequired["GetDataBulkResponseRowsItemMetrics"],
})

GetDataBulkResponseWithheldItem = TypedDict("GetDataBulkResponseWithheldItem", {
    "ticker": "str",
    "reason": "str",
})

GetDataBulkResponse = TypedDict("GetDataBulkResponse", {
    "asOf": "str",
    "fields": "list[Literal[\"fundamentals\", \"metrics\"]]",
    "rows": "list[GetDataBulkResponseRowsItem]",
    "withheld": "list[GetDataBulkResponseWithheldItem]",
    "retiredFields": NotRequired["dict[str, str]"],
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetDataResponse1Price1Provenance = TypedDict("GetDataResponse1Price1Provenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetDataResponse1Price1 = TypedDict("GetDataResponse1Price1", {
    "current": "float",
    "change": "float | None",
    "changePercent": "float | None",
    "previousClose": "float | None",
    "date": "str",
    "open": "float | None",
    "high": "float | None",
    "low": "float | None",
    "volume": "float | None",
    "currency": "Literal[\"USD\"]",
    "provenance": "GetDataResponse1Price1Provenance",
})

GetDataResponse1Fundamentals1Provenance = TypedDict("GetDataResponse1Fundamentals1Provenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetDataResponse1Fundamentals1 = TypedDict("GetDataResponse1Fundamentals1", {
    "marketCap": "float | None",
    "pe": "float | None",
    "eps": "float | None",
    "epsDiluted": "float | None",
    "epsBasic": "float | None",
    "dividendYield": "float | None",
    "dividendsTtm": "float | None",
    "revenue": "float | None",
    "netIncome": "float | None",
    "totalAssets": "float | None",
    "totalLiabilities": "float | None",
    "stockholdersEquity": "float | None",
    "operatingCashFlow": "float | None",
    "longTermDebt": "float | None",
    "sharesOutstanding": "float | None",
    "grossMargin": "float | None",
    "operatingMargin": "float | None",
    "netMargin": "float | None",
    "roa": "float | None",
    "roe": "float | None",
    "currentRatio": "float | None",
    "fiscalYear": "float | None",
    "fiscalPeriod": "str | None",
    "periodEnd": "str | None",
    "filingDate": "str | None",
    "accession": "str | None",
    "form": "str | None",
    "source": "Literal[\"sec\"]",
    "provenance": "GetDataResponse1Fundamentals1Provenance",
})

GetDataResponse1ProfileFormerNamesItem = TypedDict("GetDataResponse1ProfileFormerNamesItem", {
    "name": "str",
    "from": "str | None",
    "to": "str | None",
})

GetDataResponse1Profile = TypedDict("GetDataResponse1Profile", {
    "name": "str",
    "cik": "int",
    "sector": "str | None",
    "industry": "str | None",
    "sicCode": "str | None",
    "sicDescription": "str | None",
    "exchange": "str | None",
    "fiscalYearEnd": "str | None",
    "stateOfIncorporation": "str | None",
    "formerNames": "list[GetDataResponse1ProfileFormerNamesItem]",
})

GetDataResponse1FilingsItem = TypedDict("GetDataResponse1FilingsItem", {
    "form": "str",
    "filed": "str",
    "accession": "str",
    "reportDate": "str | None",
    "url": "str | None",
})

GetDataResponse1Technicals1 = TypedDict("GetDataResponse1Technicals1", {
    "asOf": "str",
    "sma20": "float | None",
    "sma50": "float | None",
    "sma200": "float | None",
    "ema12": "float | None",
    "ema26": "float | None",
    "rsi14": "float | None",
    "macd": "float | None",
    "macdSignal": "float | None",
    "macdHistogram": "float | None",
    "high52Week": "float | None",
    "low52Week": "float | None",
    "volatility30d": "float | None",
    "avgVolume30d": "float | None",
    "synthetic": "bool",
})

GetDataResponse1PriceTarget = TypedDict("GetDataResponse1PriceTarget", {
    "mean": "float",
    "source": "str",
    "fetchedAt": "str",
    "analystCount": NotRequired["int"],
    "synthetic": "bool",
})

GetDataResponse1 = TypedDict("GetDataResponse1", {
    "ticker": "str",
    "price": "GetDataResponse1Price1 | None",
    "fundamentals": "GetDataResponse1Fundamentals1 | None",
    "profile": "GetDataResponse1Profile",
    "filings": "list[GetDataResponse1FilingsItem]",
    "technicals": "GetDataResponse1Technicals1 | None",
    "priceTarget": NotRequired["GetDataResponse1PriceTarget"],
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetDataResponse2Price1Provenance = TypedDict("GetDataResponse2Price1Provenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetDataResponse2Price1 = TypedDict("GetDataResponse2Price1", {
    "current": NotRequired["float"],
    "change": NotRequired["float | None"],
    "changePercent": NotRequired["float | None"],
    "previousClose": NotRequired["float | None"],
    "date": NotRequired["str"],
    "open": NotRequired["float | None"],
    "high": NotRequired["float | None"],
    "low": NotRequired["float | None"],
    "volume": NotRequired["float | None"],
    "currency": NotRequired["Literal[\"USD\"]"],
    "provenance": NotRequired["GetDataResponse2Price1Provenance"],
})

GetDataResponse2Fundamentals1Provenance = TypedDict("GetDataResponse2Fundamentals1Provenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetDataResponse2Fundamentals1 = TypedDict("GetDataResponse2Fundamentals1", {
    "marketCap": NotRequired["float | None"],
    "pe": NotRequired["float | None"],
    "eps": NotRequired["float | None"],
    "epsDiluted": NotRequired["float | None"],
    "epsBasic": NotRequired["float | None"],
    "dividendYield": NotRequired["float | None"],
    "dividendsTtm": NotRequired["float | None"],
    "revenue": NotRequired["float | None"],
    "netIncome": NotRequired["float | None"],
    "totalAssets": NotRequired["float | None"],
    "totalLiabilities": NotRequired["float | None"],
    "stockholdersEquity": NotRequired["float | None"],
    "operatingCashFlow": NotRequired["float | None"],
    "longTermDebt": NotRequired["float | None"],
    "sharesOutstanding": NotRequired["float | None"],
    "grossMargin": NotRequired["float | None"],
    "operatingMargin": NotRequired["float | None"],
    "netMargin": NotRequired["float | None"],
    "roa": NotRequired["float | None"],
    "roe": NotRequired["float | None"],
    "currentRatio": NotRequired["float | None"],
    "fiscalYear": NotRequired["float | None"],
    "fiscalPeriod": NotRequired["str | None"],
    "periodEnd": NotRequired["str | None"],
    "filingDate": NotRequired["str | None"],
    "accession": NotRequired["str | None"],
    "form": NotRequired["str | None"],
    "source": NotRequired["Literal[\"sec\"]"],
    "provenance": NotRequired["GetDataResponse2Fundamentals1Provenance"],
})

GetDataResponse2ProfileFormerNamesItem = TypedDict("GetDataResponse2ProfileFormerNamesItem", {
    "name": "str",
    "from": "str | None",
    "to": "str | None",
})

GetDataResponse2Profile = TypedDict("GetDataResponse2Profile", {
    "name": NotRequired["str"],
    "cik": NotRequired["int"],
    "sector": NotRequired["str | None"],
    "industry": NotRequired["str | None"],
    "sicCode": NotRequired["str | None"],
    "sicDescription": NotRequired["str | None"],
    "exchange": NotRequired["str | None"],
    "fiscalYearEnd": NotRequired["str | None"],
    "stateOfIncorporation": NotRequired["str | None"],
    "formerNames": NotRequired["list[GetDataResponse2ProfileFormerNamesItem]"],
})

GetDataResponse2FilingsItem = TypedDict("GetDataResponse2FilingsItem", {
    "form": "str",
    "filed": "str",
    "accession": "str",
    "reportDate": "str | None",
    "url": "str | None",
})

GetDataResponse2Technicals1 = TypedDict("GetDataResponse2Technicals1", {
    "asOf": NotRequired["str"],
    "sma20": NotRequired["float | None"],
    "sma50": NotRequired["float | None"],
    "sma200": NotRequired["float | None"],
    "ema12": NotRequired["float | None"],
    "ema26": NotRequired["float | None"],
    "rsi14": NotRequired["float | None"],
    "macd": NotRequired["float | None"],
    "macdSignal": NotRequired["float | None"],
    "macdHistogram": NotRequired["float | None"],
    "high52Week": NotRequired["float | None"],
    "low52Week": NotRequired["float | None"],
    "volatility30d": NotRequired["float | None"],
    "avgVolume30d": NotRequired["float | None"],
    "synthetic": NotRequired["bool"],
})

GetDataResponse2PriceTarget = TypedDict("GetDataResponse2PriceTarget", {
    "mean": NotRequired["float"],
    "source": NotRequired["str"],
    "fetchedAt": NotRequired["str"],
    "analystCount": NotRequired["int"],
    "synthetic": NotRequired["bool"],
})

GetDataResponse2 = TypedDict("GetDataResponse2", {
    "ticker": NotRequired["str"],
    "price": NotRequired["GetDataResponse2Price1 | None"],
    "fundamentals": NotRequired["GetDataResponse2Fundamentals1 | None"],
    "profile": NotRequired["GetDataResponse2Profile"],
    "filings": NotRequired["list[GetDataResponse2FilingsItem]"],
    "technicals": NotRequired["GetDataResponse2Technicals1 | None"],
    "priceTarget": NotRequired["GetDataResponse2PriceTarget"],
    "synthetic": NotRequired["bool"],
    "dataThrough": NotRequired["str | None"],
    "fetchedAt": NotRequired["str | None"],
})

GetPriceHistoryResponseProvenance = TypedDict("GetPriceHistoryResponseProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetPriceHistoryResponse = TypedDict("GetPriceHistoryResponse", {
    "ticker": "str",
    "interval": "Literal[\"day\", \"week\", \"month\"]",
    "start": "str | None",
    "end": "str | None",
    "bars": "list[PriceBar]",
    "provenance": "GetPriceHistoryResponseProvenance",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetCorporateActionsResponseDividendsItem = TypedDict("GetCorporateActionsResponseDividendsItem", {
    "date": "str",
    "amount": "float",
})

GetCorporateActionsResponseSplitsItem = TypedDict("GetCorporateActionsResponseSplitsItem", {
    "date": "str",
    "ratio": "float",
})

GetCorporateActionsResponseProvenance = TypedDict("GetCorporateActionsResponseProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetCorporateActionsResponse = TypedDict("GetCorporateActionsResponse", {
    "ticker": "str",
    "start": "str | None",
    "end": "str | None",
    "dividends": "list[GetCorporateActionsResponseDividendsItem]",
    "splits": "list[GetCorporateActionsResponseSplitsItem]",
    "provenance": "GetCorporateActionsResponseProvenance",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetScreenerItemPriceProvenance = TypedDict("GetScreenerItemPriceProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetScreenerItemFundamentalsProvenance1 = TypedDict("GetScreenerItemFundamentalsProvenance1", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetScreenerItem = TypedDict("GetScreenerItem", {
    "ticker": "str",
    "name": "str",
    "sector": "str | None",
    "industry": "str | None",
    "exchange": "str | None",
    "price": "float | None",
    "priceDate": "str | None",
    "changePercent": "float | None",
    "marketCap": "float | None",
    "pe": "float | None",
    "eps": "float | None",
    "dividendYield": "float | None",
    "revenue": "float | None",
    "netMargin": "float | None",
    "roe": "float | None",
    "fiscalYear": "float | None",
    "periodEnd": "str | None",
    "filingDate": "str | None",
    "priceProvenance": "GetScreenerItemPriceProvenance",
    "fundamentalsProvenance": "GetScreenerItemFundamentalsProvenance1 | None",
})

GetScreenerResponse = TypedDict("GetScreenerResponse", {
    "total": "int",
    "limit": "int",
    "sort": "str",
    "locked": "bool",
    "locked_total": NotRequired["int"],
    "results": "list[GetScreenerItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetNewsSearchItemSentiment = TypedDict("GetNewsSearchItemSentiment", {
    "score": "float",
    "label": "Literal[\"positive\", \"negative\", \"neutral\"]",
})

GetNewsSearchItemProvenance = TypedDict("GetNewsSearchItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetNewsSearchItem = TypedDict("GetNewsSearchItem", {
    "id": "str",
    "title": "str",
    "link": "str",
    "summary": "str | None",
    "publishedAt": "str",
    "feed": "str",
    "sentiment": "GetNewsSearchItemSentiment",
    "tickers": "list[str]",
    "tags": "list[str]",
    "relevance": "float | None",
    "provenance": "GetNewsSearchItemProvenance",
})

GetNewsSearchResponse = TypedDict("GetNewsSearchResponse", {
    "total": "int",
    "offset": "int",
    "limit": "int",
    "since": "str | None",
    "items": "list[GetNewsSearchItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetNewsTickerResponseItemsItemSentiment = TypedDict("GetNewsTickerResponseItemsItemSentiment", {
    "score": "float",
    "label": "Literal[\"positive\", \"negative\", \"neutral\"]",
})

GetNewsTickerResponseItemsItemProvenance = TypedDict("GetNewsTickerResponseItemsItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetNewsTickerResponseItemsItem = TypedDict("GetNewsTickerResponseItemsItem", {
    "id": "str",
    "title": "str",
    "link": "str",
    "summary": "str | None",
    "publishedAt": "str",
    "feed": "str",
    "sentiment": "GetNewsTickerResponseItemsItemSentiment",
    "tickers": "list[str]",
    "tags": "list[str]",
    "relevance": "float | None",
    "provenance": "GetNewsTickerResponseItemsItemProvenance",
})

GetNewsTickerResponse = TypedDict("GetNewsTickerResponse", {
    "ticker": "str",
    "items": "list[GetNewsTickerResponseItemsItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetNewsStatsResponseFeedsItem = TypedDict("GetNewsStatsResponseFeedsItem", {
    "feed": "str",
    "source": "str",
    "items": "int",
    "latest": "str",
})

GetNewsStatsResponseSentiment = TypedDict("GetNewsStatsResponseSentiment", {
    "positive": "int",
    "negative": "int",
    "neutral": "int",
})

GetNewsStatsResponseTagsItem = TypedDict("GetNewsStatsResponseTagsItem", {
    "tag": "str",
    "items": "int",
})

GetNewsStatsResponseTickersItem = TypedDict("GetNewsStatsResponseTickersItem", {
    "ticker": "str",
    "items": "int",
})

GetNewsStatsResponse = TypedDict("GetNewsStatsResponse", {
    "items": "int",
    "feeds": "list[GetNewsStatsResponseFeedsItem]",
    "first": "str | None",
    "latest": "str | None",
    "sentiment": "GetNewsStatsResponseSentiment",
    "tags": "list[GetNewsStatsResponseTagsItem]",
    "tickers": "list[GetNewsStatsResponseTickersItem]",
    "indexedTerms": "int",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetMacroSeriesResponseObservationsItemProvenance = TypedDict("GetMacroSeriesResponseObservationsItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetMacroSeriesResponseObservationsItem = TypedDict("GetMacroSeriesResponseObservationsItem", {
    "date": "str",
    "value": "float | None",
    "realtimeStart": "str",
    "vintaged": "bool",
    "provenance": "GetMacroSeriesResponseObservationsItemProvenance",
})

GetMacroSeriesResponse = TypedDict("GetMacroSeriesResponse", {
    "id": "str",
    "asOf": "str | None",
    "observations": "list[GetMacroSeriesResponseObservationsItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetMacroSeriesListResponseItem = TypedDict("GetMacroSeriesListResponseItem", {
    "id": "str",
    "observations": "int",
    "first": "str",
    "last": "str",
    "vintaged": "bool",
})

GetMacroYieldCurveResponsePointsItem = TypedDict("GetMacroYieldCurveResponsePointsItem", {
    "tenor": "str",
    "months": "float",
    "value": "float",
})

GetMacroYieldCurveResponseProvenance = TypedDict("GetMacroYieldCurveResponseProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetMacroYieldCurveResponseFallback = TypedDict("GetMacroYieldCurveResponseFallback", {
    "requested": "str",
    "served": "str",
    "reason": "str",
})

GetMacroYieldCurveResponse = TypedDict("GetMacroYieldCurveResponse", {
    "date": "str",
    "points": "list[GetMacroYieldCurveResponsePointsItem]",
    "provenance": "GetMacroYieldCurveResponseProvenance",
    "fallback": NotRequired["GetMacroYieldCurveResponseFallback"],
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetInsidersItemOwnersItem = TypedDict("GetInsidersItemOwnersItem", {
    "cik": "int",
    "name": "str",
    "isDirector": "bool",
    "isOfficer": "bool",
    "officerTitle": "str | None",
    "isTenPercentOwner": "bool",
    "isOther": "bool",
    "otherText": "str | None",
})

GetInsidersItemProvenance = TypedDict("GetInsidersItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetInsidersItem = TypedDict("GetInsidersItem", {
    "accession": "str",
    "form": "str",
    "filed": "str",
    "issuerCik": "int",
    "issuerName": "str | None",
    "ticker": "str | None",
    "owners": "list[GetInsidersItemOwnersItem]",
    "table": "Literal[\"non_derivative\", \"derivative\"]",
    "kind": "Literal[\"transaction\", \"holding\"]",
    "securityTitle": "str | None",
    "transactionDate": "str | None",
    "code": "str | None",
    "shares": "float | None",
    "price": "float | None",
    "acquiredDisposed": "str | None",
    "sharesAfter": "float | None",
    "directIndirect": "str | None",
    "natureOfOwnership": "str | None",
    "conversionPrice": "float | None",
    "exerciseDate": "str | None",
    "expirationDate": "str | None",
    "underlyingTitle": "str | None",
    "underlyingShares": "float | None",
    "rule10b5One": "bool | None",
    "footnotes": "dict[str, list[str]]",
    "supersededBy": "str | None",
    "provenance": "GetInsidersItemProvenance",
})

GetInsidersRecentBuysResponseItemOwnersItem = TypedDict("GetInsidersRecentBuysResponseItemOwnersItem", {
    "cik": "int",
    "name": "str",
    "isDirector": "bool",
    "isOfficer": "bool",
    "officerTitle": "str | None",
    "isTenPercentOwner": "bool",
    "isOther": "bool",
    "otherText": "str | None",
})

GetInsidersRecentBuysResponseItemProvenance = TypedDict("GetInsidersRecentBuysResponseItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetInsidersRecentBuysResponseItem = TypedDict("GetInsidersRecentBuysResponseItem", {
    "accession": "str",
    "form": "str",
    "filed": "str",
    "issuerCik": "int",
    "issuerName": "str | None",
    "ticker": "str | None",
    "owners": "list[GetInsidersRecentBuysResponseItemOwnersItem]",
    "table": "Literal[\"non_derivative\", \"derivative\"]",
    "kind": "Literal[\"transaction\", \"holding\"]",
    "securityTitle": "str | None",
    "transactionDate": "str | None",
    "code": "str | None",
    "shares": "float | None",
    "price": "float | None",
    "acquiredDisposed": "str | None",
    "sharesAfter": "float | None",
    "directIndirect": "str | None",
    "natureOfOwnership": "str | None",
    "conversionPrice": "float | None",
    "exerciseDate": "str | None",
    "expirationDate": "str | None",
    "underlyingTitle": "str | None",
    "underlyingShares": "float | None",
    "rule10b5One": "bool | None",
    "footnotes": "dict[str, list[str]]",
    "supersededBy": "str | None",
    "provenance": "GetInsidersRecentBuysResponseItemProvenance",
    "valueUsd": "float | None",
})

GetFundHoldingsResponseFilingsItemProvenance = TypedDict("GetFundHoldingsResponseFilingsItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetFundHoldingsResponseFilingsItem = TypedDict("GetFundHoldingsResponseFilingsItem", {
    "accession": "str",
    "form": "str",
    "filed": "str",
    "amendmentType": "str | None",
    "provenance": "GetFundHoldingsResponseFilingsItemProvenance",
})

GetFundHoldingsResponseHoldingsItemProvenance = TypedDict("GetFundHoldingsResponseHoldingsItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetFundHoldingsResponseHoldingsItem = TypedDict("GetFundHoldingsResponseHoldingsItem", {
    "issuer": "str",
    "titleOfClass": "str | None",
    "cusip": "str",
    "ticker": "str | None",
    "valueUsd": "float",
    "shares": "float | None",
    "shareType": "str | None",
    "putCall": "str | None",
    "pctOfPortfolio": "float",
    "provenance": "GetFundHoldingsResponseHoldingsItemProvenance",
})

GetFundHoldingsResponse = TypedDict("GetFundHoldingsResponse", {
    "cik": "int",
    "manager": "str",
    "period": "str",
    "filings": "list[GetFundHoldingsResponseFilingsItem]",
    "amendmentsOnly": "bool",
    "positions": "int",
    "totalValueUsd": "float",
    "holdings": "list[GetFundHoldingsResponseHoldingsItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetInstitutionsByCikResponseQuartersItem = TypedDict("GetInstitutionsByCikResponseQuartersItem", {
    "period": "str",
    "filed": "str",
    "positions": "int",
    "valueUsd": "float",
    "newPositions": "int",
    "exitedPositions": "int",
    "amendmentsOnly": "bool",
})

GetInstitutionsByCikResponseTopItemProvenance = TypedDict("GetInstitutionsByCikResponseTopItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetInstitutionsByCikResponseTopItem = TypedDict("GetInstitutionsByCikResponseTopItem", {
    "issuer": "str",
    "titleOfClass": "str | None",
    "cusip": "str",
    "ticker": "str | None",
    "valueUsd": "float",
    "shares": "float | None",
    "shareType": "str | None",
    "putCall": "str | None",
    "pctOfPortfolio": "float",
    "provenance": "GetInstitutionsByCikResponseTopItemProvenance",
})

GetInstitutionsByCikResponse = TypedDict("GetInstitutionsByCikResponse", {
    "cik": "int",
    "manager": "str",
    "quarters": "list[GetInstitutionsByCikResponseQuartersItem]",
    "top": "list[GetInstitutionsByCikResponseTopItem]",
    "concentrationTop10": "float",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetInstitutionalHoldersResponseHoldersItemProvenance = TypedDict("GetInstitutionalHoldersResponseHoldersItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetInstitutionalHoldersResponseHoldersItem = TypedDict("GetInstitutionalHoldersResponseHoldersItem", {
    "cik": "int",
    "manager": "str",
    "period": "str",
    "shares": "float",
    "valueUsd": "float",
    "pctOfPortfolio": "float",
    "previousShares": "float | None",
    "changeShares": "float | None",
    "change": "Literal[\"new\", \"increased\", \"decreased\", \"unchanged\"]",
    "provenance": "GetInstitutionalHoldersResponseHoldersItemProvenance",
})

GetInstitutionalHoldersResponse = TypedDict("GetInstitutionalHoldersResponse", {
    "ticker": "str",
    "cusips": "list[str]",
    "period": "str",
    "previousPeriod": "str",
    "splitFactor": "float",
    "splitSource": "Literal[\"prices\", \"inferred\"] | None",
    "holders": "list[GetInstitutionalHoldersResponseHoldersItem]",
    "totalShares": "float",
    "totalValueUsd": "float",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetEtfDataResponseProfile = TypedDict("GetEtfDataResponseProfile", {
    "symbol": "str",
    "name": "str",
    "cik": "int",
    "seriesId": "str | None",
    "netAssets": "float | None",
    "totalAssets": "float | None",
    "holdingsCount": "int",
    "period": "str",
    "filed": "str",
    "accession": "str | None",
})

GetEtfDataResponseHoldingsItem = TypedDict("GetEtfDataResponseHoldingsItem", {
    "name": "str",
    "title": "str | None",
    "cusip": "str | None",
    "isin": "str | None",
    "ticker": "str | None",
    "balance": "float | None",
    "units": "str | None",
    "valueUsd": "float | None",
    "pctNetAssets": "float | None",
    "assetCat": "str | None",
    "issuerCat": "str | None",
    "country": "str | None",
    "maturity": "str | None",
    "couponRate": "float | None",
})

GetEtfDataResponseSectorBreakdownItem = TypedDict("GetEtfDataResponseSectorBreakdownItem", {
    "name": "str",
    "pctNetAssets": "float | None",
    "valueUsd": "float | None",
    "holdings": "int",
})

GetEtfDataResponseAssetBreakdownItem = TypedDict("GetEtfDataResponseAssetBreakdownItem", {
    "name": "str",
    "pctNetAssets": "float | None",
    "valueUsd": "float | None",
    "holdings": "int",
})

GetEtfDataResponsePerformance1Returns = TypedDict("GetEtfDataResponsePerformance1Returns", {
    "1m": "float | None",
    "3m": "float | None",
    "ytd": "float | None",
    "1y": "float | None",
})

GetEtfDataResponsePerformance1 = TypedDict("GetEtfDataResponsePerformance1", {
    "asOf": "str",
    "close": "float | None",
    "returns": "GetEtfDataResponsePerformance1Returns",
    "synthetic": "bool",
})

GetEtfDataResponseProvenance = TypedDict("GetEtfDataResponseProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetEtfDataResponse = TypedDict("GetEtfDataResponse", {
    "profile": "GetEtfDataResponseProfile",
    "holdings": "list[GetEtfDataResponseHoldingsItem]",
    "sectorBreakdown": "list[GetEtfDataResponseSectorBreakdownItem]",
    "assetBreakdown": "list[GetEtfDataResponseAssetBreakdownItem]",
    "performance": "GetEtfDataResponsePerformance1 | None",
    "provenance": "GetEtfDataResponseProvenance",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetEtfCompareResponseFundsItemPerformance1Returns = TypedDict("GetEtfCompareResponseFundsItemPerformance1Returns", {
    "1m": "float | None",
    "3m": "float | None",
    "ytd": "float | None",
    "1y": "float | None",
})

GetEtfCompareResponseFundsItemPerformance1 = TypedDict("GetEtfCompareResponseFundsItemPerformance1", {
    "asOf": "str",
    "close": "float | None",
    "returns": "GetEtfCompareResponseFundsItemPerformance1Returns",
    "synthetic": "bool",
})

GetEtfCompareResponseFundsItem = TypedDict("GetEtfCompareResponseFundsItem", {
    "symbol": "str",
    "name": "str",
    "netAssets": "float | None",
    "holdingsCount": "int",
    "period": "str",
    "performance": "GetEtfCompareResponseFundsItemPerformance1 | None",
})

GetEtfCompareResponseOverlapItem = TypedDict("GetEtfCompareResponseOverlapItem", {
    "a": "str",
    "b": "str",
    "commonHoldings": "int",
    "weightOverlapPct": "float",
})

GetEtfCompareResponse = TypedDict("GetEtfCompareResponse", {
    "funds": "list[GetEtfCompareResponseFundsItem]",
    "overlap": "list[GetEtfCompareResponseOverlapItem]",
    "missing": "list[str]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetEtfListResponseItem = TypedDict("GetEtfListResponseItem", {
    "symbol": "str",
    "name": "str",
    "cik": "int",
    "seriesId": "str | None",
    "netAssets": "float | None",
    "period": "str",
})

GetFundHoldersResponseItemProvenance = TypedDict("GetFundHoldersResponseItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetFundHoldersResponseItem = TypedDict("GetFundHoldersResponseItem", {
    "regCik": "int",
    "fundName": "str",
    "seriesId": "str | None",
    "period": "str",
    "filed": "str",
    "accession": "str | None",
    "balance": "float | None",
    "units": "str | None",
    "valueUsd": "float | None",
    "pctNetAssets": "float | None",
    "provenance": "GetFundHoldersResponseItemProvenance",
})

GetBondSearchResponseItemProvenance = TypedDict("GetBondSearchResponseItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetBondSearchResponseItemSourcesItem = TypedDict("GetBondSearchResponseItemSourcesItem", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
    "filedBasis": "Literal[\"edgar\", \"signature\"]",
})

GetBondSearchResponseItem = TypedDict("GetBondSearchResponseItem", {
    "cusip": "str",
    "isin": "str | None",
    "issuer": "str",
    "title": "str | None",
    "lei": "str | None",
    "issuerCategory": "str | None",
    "couponKind": "str | None",
    "couponRate": "float | None",
    "maturity": "str | None",
    "isDefault": "bool | None",
    "interestInArrears": "bool | None",
    "isPik": "bool | None",
    "holders": "int",
    "totalParUsd": "float | None",
    "totalValueUsd": "float | None",
    "asOf": "str",
    "provenance": "GetBondSearchResponseItemProvenance",
    "sources": "list[GetBondSearchResponseItemSourcesItem]",
})

GetCreditBdcResponseItemProvenance = TypedDict("GetCreditBdcResponseItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetCreditBdcResponseItem = TypedDict("GetCreditBdcResponseItem", {
    "cik": "int",
    "name": "str",
    "ticker": "str | None",
    "fileNumber": "str | None",
    "latestPeriod": "str | None",
    "latestFiled": "str",
    "latestForm": "str",
    "holdings": "int",
    "fairValue": "float | None",
    "cost": "float | None",
    "provenance": "GetCreditBdcResponseItemProvenance",
})

GetCreditBorrowersResponseItemProvenance = TypedDict("GetCreditBorrowersResponseItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetCreditBorrowersResponseItem = TypedDict("GetCreditBorrowersResponseItem", {
    "bdcCik": "int",
    "bdcName": "str",
    "adsh": "str",
    "period": "str | None",
    "filed": "str",
    "borrower": "str",
    "industry": "str | None",
    "identifier": "str | None",
    "affiliation": "str | None",
    "investmentType": "str | None",
    "instrument": "Literal[\"first_lien\", \"second_lien\", \"unitranche\", \"subordinated\", \"equity\", \"other\"]",
    "referenceRate": "str | None",
    "spread": "float | None",
    "pik": "bool",
    "interestRate": "float | None",
    "maturity": "str | None",
    "principal": "float | None",
    "cost": "float | None",
    "fairValue": "float | None",
    "pctNetAssets": "float | None",
    "nonAccrual": "bool",
    "provenance": "GetCreditBorrowersResponseItemProvenance",
})

GetCreditBdcByCikHoldingsResponseItemProvenance = TypedDict("GetCreditBdcByCikHoldingsResponseItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetCreditBdcByCikHoldingsResponseItem = TypedDict("GetCreditBdcByCikHoldingsResponseItem", {
    "bdcCik": "int",
    "bdcName": "str",
    "adsh": "str",
    "period": "str | None",
    "filed": "str",
    "borrower": "str",
    "industry": "str | None",
    "identifier": "str | None",
    "affiliation": "str | None",
    "investmentType": "str | None",
    "instrument": "Literal[\"first_lien\", \"second_lien\", \"unitranche\", \"subordinated\", \"equity\", \"other\"]",
    "referenceRate": "str | None",
    "spread": "float | None",
    "pik": "bool",
    "interestRate": "float | None",
    "maturity": "str | None",
    "principal": "float | None",
    "cost": "float | None",
    "fairValue": "float | None",
    "pctNetAssets": "float | None",
    "nonAccrual": "bool",
    "provenance": "GetCreditBdcByCikHoldingsResponseItemProvenance",
})

GetCreditBdcByCikQualityResponseItemProvenance = TypedDict("GetCreditBdcByCikQualityResponseItemProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetCreditBdcByCikQualityResponseItem = TypedDict("GetCreditBdcByCikQualityResponseItem", {
    "cik": "int",
    "name": "str",
    "adsh": "str",
    "form": "str",
    "period": "str | None",
    "filed": "str",
    "holdings": "int",
    "cost": "float",
    "fairValue": "float",
    "fairValueToCost": "float | None",
    "nonAccrualShareCost": "float | None",
    "nonAccrualShareFairValue": "float | None",
    "nonAccrualPositions": "int",
    "firstLienShare": "float | None",
    "weightedAverageYield": "float | None",
    "provenance": "GetCreditBdcByCikQualityResponseItemProvenance",
})

GetFederalContractsTotalsResponseByAgencyItem = TypedDict("GetFederalContractsTotalsResponseByAgencyItem", {
    "agency": "str",
    "awards": "int",
    "obligated": "float",
})

GetFederalContractsTotalsResponseByFiscalYearItem = TypedDict("GetFederalContractsTotalsResponseByFiscalYearItem", {
    "fiscalYear": "int",
    "awards": "int",
    "obligated": "float",
})

GetFederalContractsTotalsResponse = TypedDict("GetFederalContractsTotalsResponse", {
    "awards": "int",
    "obligated": "float",
    "potentialValue": "float",
    "byAgency": "list[GetFederalContractsTotalsResponseByAgencyItem]",
    "byFiscalYear": "list[GetFederalContractsTotalsResponseByFiscalYearItem]",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetCoverageResponseDatasetsItemJobsItem = TypedDict("GetCoverageResponseDatasetsItemJobsItem", {
    "job": "str",
    "cron": "str | None",
    "lastFetchedAt": "str | None",
    "nextFetchAt": "str | None",
})

GetCoverageResponseDatasetsItemCoverageItem = TypedDict("GetCoverageResponseDatasetsItemCoverageItem", {
    "table": "str",
    "rows": "int",
    "syntheticRows": "int",
    "from": "str | None",
    "to": "str | None",
    "entities": "int | None",
    "entityLabel": "str | None",
})

GetCoverageResponseDatasetsItem = TypedDict("GetCoverageResponseDatasetsItem", {
    "id": "str",
    "name": "str",
    "description": "str",
    "source": "str",
    "sourceUrl": "str",
    "schedule": "str",
    "lastUpdated": "str | None",
    "rows": "int",
    "syntheticRows": "int",
    "entities": "int | None",
    "entityLabel": "str | None",
    "from": "str | None",
    "to": "str | None",
    "lastFetchedAt": "str | None",
    "nextFetchAt": "str | None",
    "jobs": "list[GetCoverageResponseDatasetsItemJobsItem]",
    "coverage": "list[GetCoverageResponseDatasetsItemCoverageItem]",
    "endpoints": "list[str]",
})

GetCoverageResponse = TypedDict("GetCoverageResponse", {
    "snapshot": "str | None",
    "datasets": "list[GetCoverageResponseDatasetsItem]",
})

GetPortfolioPositionsResponseItem = TypedDict("GetPortfolioPositionsResponseItem", {
    "ticker": "str",
    "shares": "float",
    "cost_basis": "float",
    "portfolio_id": "str",
    "opened_on": "str",
    "price": "float | None",
    "price_date": "str | None",
    "market_value": "float | None",
    "unrealized_pnl": "float | None",
    "synthetic": "bool",
})

PostPortfolioPositionsBody = TypedDict("PostPortfolioPositionsBody", {
    "ticker": "str",
    "shares": "float",
    "cost_basis": "float",
    "portfolio_id": NotRequired["str"],
    "date": NotRequired["str"],
})

PostPortfolioPositionsResponse = TypedDict("PostPortfolioPositionsResponse", {
    "ticker": "str",
    "shares": "float",
    "cost_basis": "float",
    "portfolio_id": "str",
    "opened_on": "str",
    "price": "float | None",
    "price_date": "str | None",
    "market_value": "float | None",
    "unrealized_pnl": "float | None",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

DeletePortfolioPositionsBody = TypedDict("DeletePortfolioPositionsBody", {
    "ticker": "str",
    "portfolio_id": NotRequired["str"],
    "date": NotRequired["str"],
})

DeletePortfolioPositionsResponseRemoved = TypedDict("DeletePortfolioPositionsResponseRemoved", {
    "ticker": "str",
    "shares": "float",
    "cost_basis": "float",
    "portfolio_id": "str",
    "opened_on": "str",
    "price": "float | None",
    "price_date": "str | None",
    "market_value": "float | None",
    "unrealized_pnl": "float | None",
    "synthetic": "bool",
})

DeletePortfolioPositionsResponse = TypedDict("DeletePortfolioPositionsResponse", {
    "removed": "DeletePortfolioPositionsResponseRemoved",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetPortfolioHistoryResponseSeriesItem = TypedDict("GetPortfolioHistoryResponseSeriesItem", {
    "date": "str",
    "value": "float",
    "cost": "float",
    "positions": "int",
    "synthetic": "bool",
})

GetPortfolioHistoryResponse = TypedDict("GetPortfolioHistoryResponse", {
    "portfolio_id": "str",
    "days": "int",
    "start": "str | None",
    "end": "str | None",
    "series": "list[GetPortfolioHistoryResponseSeriesItem]",
    "disclaimer": "str",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetPortfolioBenchmarkResponsePortfolioSeriesItem = TypedDict("GetPortfolioBenchmarkResponsePortfolioSeriesItem", {
    "date": "str",
    "return": "float",
    "value": "float",
})

GetPortfolioBenchmarkResponsePortfolio = TypedDict("GetPortfolioBenchmarkResponsePortfolio", {
    "return": "float | None",
    "series": "list[GetPortfolioBenchmarkResponsePortfolioSeriesItem]",
    "synthetic": "bool",
})

GetPortfolioBenchmarkResponseBenchmarkSeriesItem = TypedDict("GetPortfolioBenchmarkResponseBenchmarkSeriesItem", {
    "date": "str",
    "return": "float",
})

GetPortfolioBenchmarkResponseBenchmark = TypedDict("GetPortfolioBenchmarkResponseBenchmark", {
    "ticker": "str",
    "name": "str | None",
    "return": "float",
    "series": "list[GetPortfolioBenchmarkResponseBenchmarkSeriesItem]",
    "synthetic": "bool",
})

GetPortfolioBenchmarkResponse = TypedDict("GetPortfolioBenchmarkResponse", {
    "portfolio_id": "str",
    "period": "Literal[\"1M\", \"3M\", \"6M\", \"YTD\", \"1Y\", \"3Y\", \"5Y\"]",
    "start": "str",
    "end": "str",
    "portfolio": "GetPortfolioBenchmarkResponsePortfolio",
    "benchmark": "GetPortfolioBenchmarkResponseBenchmark",
    "excessReturn": "float | None",
    "method": "str",
    "disclaimer": "str",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetWatchlistsResponseItem = TypedDict("GetWatchlistsResponseItem", {
    "id": "str",
    "name": "str",
    "tickers": "list[str]",
    "createdAt": "str",
    "updatedAt": "str",
})

PostWatchlistsBody = TypedDict("PostWatchlistsBody", {
    "name": "str",
    "tickers": NotRequired["list[str]"],
})

PostWatchlistsResponse = TypedDict("PostWatchlistsResponse", {
    "id": "str",
    "name": "str",
    "tickers": "list[str]",
    "createdAt": "str",
    "updatedAt": "str",
})

GetWatchlistsByIdResponseRowsItemPrice1 = TypedDict("GetWatchlistsByIdResponseRowsItemPrice1", {
    "current": "float",
    "change": "float | None",
    "changePercent": "float | None",
    "date": "str",
    "synthetic": "bool",
})

GetWatchlistsByIdResponseRowsItem = TypedDict("GetWatchlistsByIdResponseRowsItem", {
    "ticker": "str",
    "name": "str | None",
    "price": "GetWatchlistsByIdResponseRowsItemPrice1 | None",
})

GetWatchlistsByIdResponse = TypedDict("GetWatchlistsByIdResponse", {
    "id": "str",
    "name": "str",
    "tickers": "list[str]",
    "createdAt": "str",
    "updatedAt": "str",
    "rows": "list[GetWatchlistsByIdResponseRowsItem]",
    "disclaimer": "str",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

PatchWatchlistsByIdBody = TypedDict("PatchWatchlistsByIdBody", {
    "name": "str",
})

PatchWatchlistsByIdResponse = TypedDict("PatchWatchlistsByIdResponse", {
    "id": "str",
    "name": "str",
    "tickers": "list[str]",
    "createdAt": "str",
    "updatedAt": "str",
})

PostWatchlistsByIdTickersBody = TypedDict("PostWatchlistsByIdTickersBody", {
    "ticker": "str",
})

PostWatchlistsByIdTickersResponse = TypedDict("PostWatchlistsByIdTickersResponse", {
    "id": "str",
    "name": "str",
    "tickers": "list[str]",
    "createdAt": "str",
    "updatedAt": "str",
})

DeleteWatchlistsByIdTickersByTickerResponse = TypedDict("DeleteWatchlistsByIdTickersByTickerResponse", {
    "id": "str",
    "name": "str",
    "tickers": "list[str]",
    "createdAt": "str",
    "updatedAt": "str",
})

GetScreensResponseItemParams = TypedDict("GetScreensResponseItemParams", {
    "mktcap_min": NotRequired["float"],
    "pe_max": NotRequired["float"],
    "div_yield_min": NotRequired["float"],
    "sector": NotRequired["str"],
    "sort": NotRequired["str"],
    "limit": NotRequired["int"],
})

GetScreensResponseItem = TypedDict("GetScreensResponseItem", {
    "id": "str",
    "name": "str",
    "params": "GetScreensResponseItemParams",
    "createdAt": "str",
    "updatedAt": "str",
    "lastRunAt": "str | None",
})

PostScreensBodyParams = TypedDict("PostScreensBodyParams", {
    "mktcap_min": NotRequired["float"],
    "pe_max": NotRequired["float"],
    "div_yield_min": NotRequired["float"],
    "sector": NotRequired["str"],
    "sort": NotRequired["str"],
    "limit": NotRequired["int"],
})

PostScreensBody = TypedDict("PostScreensBody", {
    "name": "str",
    "params": "PostScreensBodyParams",
})

PostScreensResponseParams = TypedDict("PostScreensResponseParams", {
    "mktcap_min": NotRequired["float"],
    "pe_max": NotRequired["float"],
    "div_yield_min": NotRequired["float"],
    "sector": NotRequired["str"],
    "sort": NotRequired["str"],
    "limit": NotRequired["int"],
})

PostScreensResponse = TypedDict("PostScreensResponse", {
    "id": "str",
    "name": "str",
    "params": "PostScreensResponseParams",
    "createdAt": "str",
    "updatedAt": "str",
    "lastRunAt": "str | None",
})

GetScreensByIdResponseParams = TypedDict("GetScreensByIdResponseParams", {
    "mktcap_min": NotRequired["float"],
    "pe_max": NotRequired["float"],
    "div_yield_min": NotRequired["float"],
    "sector": NotRequired["str"],
    "sort": NotRequired["str"],
    "limit": NotRequired["int"],
})

GetScreensByIdResponse = TypedDict("GetScreensByIdResponse", {
    "id": "str",
    "name": "str",
    "params": "GetScreensByIdResponseParams",
    "createdAt": "str",
    "updatedAt": "str",
    "lastRunAt": "str | None",
})

PatchScreensByIdBodyParams = TypedDict("PatchScreensByIdBodyParams", {
    "mktcap_min": NotRequired["float"],
    "pe_max": NotRequired["float"],
    "div_yield_min": NotRequired["float"],
    "sector": NotRequired["str"],
    "sort": NotRequired["str"],
    "limit": NotRequired["int"],
})

PatchScreensByIdBody = TypedDict("PatchScreensByIdBody", {
    "name": NotRequired["str"],
    "params": NotRequired["PatchScreensByIdBodyParams"],
})

PatchScreensByIdResponseParams = TypedDict("PatchScreensByIdResponseParams", {
    "mktcap_min": NotRequired["float"],
    "pe_max": NotRequired["float"],
    "div_yield_min": NotRequired["float"],
    "sector": NotRequired["str"],
    "sort": NotRequired["str"],
    "limit": NotRequired["int"],
})

PatchScreensByIdResponse = TypedDict("PatchScreensByIdResponse", {
    "id": "str",
    "name": "str",
    "params": "PatchScreensByIdResponseParams",
    "createdAt": "str",
    "updatedAt": "str",
    "lastRunAt": "str | None",
})

GetScreensByIdRunResponseScreenParams = TypedDict("GetScreensByIdRunResponseScreenParams", {
    "mktcap_min": NotRequired["float"],
    "pe_max": NotRequired["float"],
    "div_yield_min": NotRequired["float"],
    "sector": NotRequired["str"],
    "sort": NotRequired["str"],
    "limit": NotRequired["int"],
})

GetScreensByIdRunResponseScreen = TypedDict("GetScreensByIdRunResponseScreen", {
    "id": "str",
    "name": "str",
    "params": "GetScreensByIdRunResponseScreenParams",
    "createdAt": "str",
    "updatedAt": "str",
    "lastRunAt": "str | None",
})

GetScreensByIdRunResponseResultResultsItemPriceProvenance = TypedDict("GetScreensByIdRunResponseResultResultsItemPriceProvenance", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetScreensByIdRunResponseResultResultsItemFundamentalsProvenance1 = TypedDict("GetScreensByIdRunResponseResultResultsItemFundamentalsProvenance1", {
    "source": "str",
    "document": "str | None",
    "url": "str | None",
    "accession": "str | None",
    "synthetic": "bool",
})

GetScreensByIdRunResponseResultResultsItem = TypedDict("GetScreensByIdRunResponseResultResultsItem", {
    "ticker": "str",
    "name": "str",
    "sector": "str | None",
    "industry": "str | None",
    "exchange": "str | None",
    "price": "float | None",
    "priceDate": "str | None",
    "changePercent": "float | None",
    "marketCap": "float | None",
    "pe": "float | None",
    "eps": "float | None",
    "dividendYield": "float | None",
    "revenue": "float | None",
    "netMargin": "float | None",
    "roe": "float | None",
    "fiscalYear": "float | None",
    "periodEnd": "str | None",
    "filingDate": "str | None",
    "priceProvenance": "GetScreensByIdRunResponseResultResultsItemPriceProvenance",
    "fundamentalsProvenance": "GetScreensByIdRunResponseResultResultsItemFundamentalsProvenance1 | None",
})

GetScreensByIdRunResponseResult = TypedDict("GetScreensByIdRunResponseResult", {
    "total": "int",
    "limit": "int",
    "sort": "str",
    "locked": "bool",
    "locked_total": NotRequired["int"],
    "results": "list[GetScreensByIdRunResponseResultResultsItem]",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetScreensByIdRunResponse = TypedDict("GetScreensByIdRunResponse", {
    "screen": "GetScreensByIdRunResponseScreen",
    "result": "GetScreensByIdRunResponseResult",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetPaperAccountResponsePositionsItem = TypedDict("GetPaperAccountResponsePositionsItem", {
    "ticker": "str",
    "shares": "float",
    "avgCost": "float",
    "price": "float | None",
    "priceDate": "str | None",
    "marketValue": "float | None",
    "unrealizedPnl": "float | None",
    "synthetic": "bool",
})

GetPaperAccountResponse = TypedDict("GetPaperAccountResponse", {
    "startingCash": "float",
    "cash": "float",
    "reservedCash": "float",
    "buyingPower": "float",
    "marketValue": "float",
    "equity": "float",
    "realizedPnl": "float",
    "unrealizedPnl": "float",
    "totalPnl": "float",
    "positions": "list[GetPaperAccountResponsePositionsItem]",
    "openOrders": "int",
    "createdAt": "str",
    "resetAt": "str | None",
    "disclaimer": "str",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetPaperOrdersResponseItem = TypedDict("GetPaperOrdersResponseItem", {
    "id": "str",
    "ticker": "str",
    "side": "Literal[\"buy\", \"sell\"]",
    "type": "Literal[\"market\", \"limit\"]",
    "quantity": "float",
    "limitPrice": "float | None",
    "status": "Literal[\"open\", \"filled\", \"cancelled\", \"rejected\"]",
    "placedAt": "str",
    "placedPriceDate": "str",
    "fillPrice": "float | None",
    "fillDate": "str | None",
    "filledAt": "str | None",
    "realizedPnl": "float | None",
    "reason": "str | None",
    "synthetic": "bool",
})

PostPaperOrdersBody = TypedDict("PostPaperOrdersBody", {
    "ticker": "str",
    "side": "Literal[\"buy\", \"sell\"]",
    "type": NotRequired["Literal[\"market\", \"limit\"]"],
    "quantity": "float",
    "limitPrice": NotRequired["float"],
})

PostPaperOrdersResponse = TypedDict("PostPaperOrdersResponse", {
    "id": "str",
    "ticker": "str",
    "side": "Literal[\"buy\", \"sell\"]",
    "type": "Literal[\"market\", \"limit\"]",
    "quantity": "float",
    "limitPrice": "float | None",
    "status": "Literal[\"open\", \"filled\", \"cancelled\", \"rejected\"]",
    "placedAt": "str",
    "placedPriceDate": "str",
    "fillPrice": "float | None",
    "fillDate": "str | None",
    "filledAt": "str | None",
    "realizedPnl": "float | None",
    "reason": "str | None",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

GetPaperOrdersByIdResponse = TypedDict("GetPaperOrdersByIdResponse", {
    "id": "str",
    "ticker": "str",
    "side": "Literal[\"buy\", \"sell\"]",
    "type": "Literal[\"market\", \"limit\"]",
    "quantity": "float",
    "limitPrice": "float | None",
    "status": "Literal[\"open\", \"filled\", \"cancelled\", \"rejected\"]",
    "placedAt": "str",
    "placedPriceDate": "str",
    "fillPrice": "float | None",
    "fillDate": "str | None",
    "filledAt": "str | None",
    "realizedPnl": "float | None",
    "reason": "str | None",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

DeletePaperOrdersByIdResponse = TypedDict("DeletePaperOrdersByIdResponse", {
    "id": "str",
    "ticker": "str",
    "side": "Literal[\"buy\", \"sell\"]",
    "type": "Literal[\"market\", \"limit\"]",
    "quantity": "float",
    "limitPrice": "float | None",
    "status": "Literal[\"open\", \"filled\", \"cancelled\", \"rejected\"]",
    "placedAt": "str",
    "placedPriceDate": "str",
    "fillPrice": "float | None",
    "fillDate": "str | None",
    "filledAt": "str | None",
    "realizedPnl": "float | None",
    "reason": "str | None",
    "synthetic": "bool",
    "dataThrough": "str | None",
    "fetchedAt": "str | None",
})

PostPaperResetResponse = TypedDict("PostPaperResetResponse", {
    "startingCash": "float",
    "cash": "float",
    "realizedPnl": "float",
    "resetAt": "str | None",
})

GetLearnTracksResponseTracksItemModulesItemLessonsItem = TypedDict("GetLearnTracksResponseTracksItemModulesItemLessonsItem", {
    "id": "str",
    "title": "str",
    "minutes": "int",
    "questions": "int",
})

GetLearnTracksResponseTracksItemModulesItem = TypedDict("GetLearnTracksResponseTracksItemModulesItem", {
    "id": "str",
    "title": "str",
    "summary": "str",
    "lessons": "list[GetLearnTracksResponseTracksItemModulesItemLessonsItem]",
})

GetLearnTracksResponseTracksItem = TypedDict("GetLearnTracksResponseTracksItem", {
    "id": "str",
    "title": "str",
    "summary": "str",
    "level": "str",
    "modules": "list[GetLearnTracksResponseTracksItemModulesItem]",
})

GetLearnTracksResponseCounts = TypedDict("GetLearnTracksResponseCounts", {
    "tracks": "int",
    "modules": "int",
    "lessons": "int",
})

GetLearnTracksResponse = TypedDict("GetLearnTracksResponse", {
    "tracks": "list[GetLearnTracksResponseTracksItem]",
    "counts": "GetLearnTracksResponseCounts",
    "disclaimer": "str",
})

GetLearnLessonsByIdResponseTrack = TypedDict("GetLearnLessonsByIdResponseTrack", {
    "id": "str",
    "title": "str",
})

GetLearnLessonsByIdResponseModule = TypedDict("GetLearnLessonsByIdResponseModule", {
    "id": "str",
    "title": "str",
})

GetLearnLessonsByIdResponseExamplesItem = TypedDict("GetLearnLessonsByIdResponseExamplesItem", {
    "request": "str",
    "read": "str",
})

GetLearnLessonsByIdResponseGlossaryItem = TypedDict("GetLearnLessonsByIdResponseGlossaryItem", {
    "term": "str",
    "slug": "str",
})

GetLearnLessonsByIdResponseQuizItem = TypedDict("GetLearnLessonsByIdResponseQuizItem", {
    "question": "str",
    "choices": "list[str]",
})

GetLearnLessonsByIdResponse = TypedDict("GetLearnLessonsByIdResponse", {
    "id": "str",
    "track": "GetLearnLessonsByIdResponseTrack",
    "module": "GetLearnLessonsByIdResponseModule",
    "title": "str",
    "minutes": "int",
    "objectives": "list[str]",
    "body": "list[str]",
    "examples": "list[GetLearnLessonsByIdResponseExamplesItem]",
    "glossary": "list[GetLearnLessonsByIdResponseGlossaryItem]",
    "quiz": "list[GetLearnLessonsByIdResponseQuizItem]",
    "previous": "str | None",
    "next": "str | None",
    "disclaimer": "str",
})

PostLearnLessonsByIdQuizBody = TypedDict("PostLearnLessonsByIdQuizBody", {
    "answers": "list[int]",
})

PostLearnLessonsByIdQuizResponseResultsItem = TypedDict("PostLearnLessonsByIdQuizResponseResultsItem", {
    "correct": "bool",
    "answer": "int",
    "explanation": "str",
})

PostLearnLessonsByIdQuizResponseProgress = TypedDict("PostLearnLessonsByIdQuizResponseProgress", {
    "attempts": "int",
    "bestScore": "int",
    "completedAt": "str | None",
})

PostLearnLessonsByIdQuizResponse = TypedDict("PostLearnLessonsByIdQuizResponse", {
    "lessonId": "str",
    "score": "int",
    "questions": "int",
    "passed": "bool",
    "results": "list[PostLearnLessonsByIdQuizResponseResultsItem]",
    "progress": "PostLearnLessonsByIdQuizResponseProgress",
    "nextLesson": "str | None",
    "disclaimer": "str",
})

GetLearnProgressResponseNextLesson1 = TypedDict("GetLearnProgressResponseNextLesson1", {
    "id": "str",
    "title": "str",
})

GetLearnProgressResponseLessonsItem = TypedDict("GetLearnProgressResponseLessonsItem", {
    "lessonId": "str",
    "attempts": "int",
    "lastScore": "int",
    "bestScore": "int",
    "questions": "int",
    "completedAt": "str | None",
})

GetLearnProgressResponse = TypedDict("GetLearnProgressResponse", {
    "completed": "int",
    "total": "int",
    "percent": "float",
    "nextLesson": "GetLearnProgressResponseNextLesson1 | None",
    "lessons": "list[GetLearnProgressResponseLessonsItem]",
    "disclaimer": "str",
})

GetGlossaryItem = TypedDict("GetGlossaryItem", {
    "slug": "str",
    "term": "str",
    "topic": "str",
    "short": "str",
})

GetGlossaryResponseTopicsItem = TypedDict("GetGlossaryResponseTopicsItem", {
    "topic": "str",
    "count": "int",
})

GetGlossaryResponse = TypedDict("GetGlossaryResponse", {
    "total": "int",
    "limit": "int",
    "offset": "int",
    "topics": "list[GetGlossaryResponseTopicsItem]",
    "terms": "list[GetGlossaryItem]",
    "disclaimer": "str",
})

GetGlossaryBySlugResponseRelatedItem = TypedDict("GetGlossaryBySlugResponseRelatedItem", {
    "slug": "str",
    "term": "str",
})

GetGlossaryBySlugResponseServedAtItem = TypedDict("GetGlossaryBySlugResponseServedAtItem", {
    "endpoint": "str",
    "field": "str | None",
})

GetGlossaryBySlugResponse = TypedDict("GetGlossaryBySlugResponse", {
    "slug": "str",
    "term": "str",
    "aka": "list[str]",
    "topic": "str",
    "short": "str",
    "explanation": "str",
    "formula": "str | None",
    "related": "list[GetGlossaryBySlugResponseRelatedItem]",
    "servedAt": "list[GetGlossaryBySlugResponseServedAtItem]",
    "disclaimer": "str",
})

GetMcpToolsJsonResponseToolsItem = TypedDict("GetMcpToolsJsonResponseToolsItem", {
    "name": "str",
    "title": "str",
    "group": "str",
    "description": "str",
    "minimumTier": "str",
    "anonymous": "bool",
    "heavy": "bool",
    "paginated": "bool",
    "inputSchema": "dict[str, Any]",
    "output": "str",
})

GetMcpToolsJsonResponse = TypedDict("GetMcpToolsJsonResponse", {
    "name": "str",
    "description": "str",
    "endpoint": "str",
    "transport": "Literal[\"streamable-http\"]",
    "authentication": "str",
    "maxResultBytes": "int",
    "pagination": "str",
    "count": "int",
    "anonymous": "int",
    "groups": "dict[str, str]",
    "tools": "list[GetMcpToolsJsonResponseToolsItem]",
})


class Paged(NamedTuple):
    """An offset-paginated operation: its path, the array holding the items (None: the response is the array), the largest limit and offset."""
    path: str
    items: str | None
    max_limit: int
    max_offset: int


#: Offset-paginated operations by method name (iterate them with Almanac.paginate).
PAGED: dict[str, Paged] = {
    "get_fundamentals_pit_universe": Paged("/fundamentals-pit/universe", "tickers", 10000, 1000000),
    "get_screener": Paged("/screener", "results", 100, 10000000),
    "get_news_search": Paged("/news/search", "items", 200, 100000),
    "get_insiders": Paged("/insiders", None, 500, 100000),
    "get_banks": Paged("/banks", None, 500, 100000),
    "get_federal_contracts": Paged("/federal-contracts", None, 500, 100000),
    "get_glossary": Paged("/glossary", "terms", 200, 10000),
}


class Operations:
    """One typed method per API operation; the client class supplies _request."""

    def _request(self, method: str, path: str, *, path_params: dict[str, Any], query: dict[str, Any], body: Any = None) -> Any:
        raise NotImplementedError

    def paginate(self, operation: str, **params: Any) -> Iterator[Any]:
        raise NotImplementedError

    def get_health(self) -> GetHealthResponse:
        """Service health.

        GET /api/health.
        """
        return self._request("GET", "/health", path_params={}, query={})

    def get_auth_challenge(self) -> GetAuthChallengeResponse:
        """A proof-of-work challenge for registration.

        GET /api/auth/challenge.
        """
        return self._request("GET", "/auth/challenge", path_params={}, query={})

    def get_auth_csrf(self) -> GetAuthCsrfResponse:
        """A CSRF token for the state-changing account and key endpoints.

        GET /api/auth/csrf.
        """
        return self._request("GET", "/auth/csrf", path_params={}, query={})

    def post_auth_register(self, *, body: PostAuthRegisterBody) -> PostAuthRegisterResponse:
        """Register an account (for the human user who supplied the email and password).

        POST /api/auth/register.
        """
        return self._request("POST", "/auth/register", path_params={}, query={}, body=body)

    def get_auth_verify_email(self, *, token: str) -> GetAuthVerifyEmailResponse:
        """Confirm an email address (the token of the verification mail).

        GET /api/auth/verify-email.
        """
        return self._request("GET", "/auth/verify-email", path_params={}, query={"token": token})

    def post_auth_resend_verification(self, *, body: PostAuthResendVerificationBody) -> PostAuthResendVerificationResponse:
        """Send a new verification link.

        POST /api/auth/resend-verification.
        """
        return self._request("POST", "/auth/resend-verification", path_params={}, query={}, body=body)

    def post_auth_login(self, *, body: PostAuthLoginBody) -> PostAuthLoginResponse:
        """Sign in: sets the HttpOnly session cookie.

        POST /api/auth/login.
        """
        return self._request("POST", "/auth/login", path_params={}, query={}, body=body)

    def post_auth_logout(self) -> None:
        """Sign out: revokes the session and clears the cookie.

        POST /api/auth/logout; needs a signed-in browser session.
        """
        return self._request("POST", "/auth/logout", path_params={}, query={})

    def get_auth_me(self) -> GetAuthMeResponse:
        """The current account and its tier.

        GET /api/auth/me; needs an API key.
        """
        return self._request("GET", "/auth/me", path_params={}, query={})

    def post_keys(self, *, body: PostKeysBody | None = None) -> PostKeysResponse:
        """Create an API key (returned once).

        POST /api/keys; needs a signed-in browser session.
        """
        return self._request("POST", "/keys", path_params={}, query={}, body=body)

    def post_keys_trial(self) -> PostKeysTrialResponse:
        """Create the trial key (one per account lifetime).

        POST /api/keys/trial; needs a signed-in browser session.
        """
        return self._request("POST", "/keys/trial", path_params={}, query={})

    def get_keys_list(self) -> list[GetKeysListResponseItem]:
        """The account's keys: prefix and metadata, never the key.

        GET /api/keys/list; needs an API key.
        """
        return self._request("GET", "/keys/list", path_params={}, query={})

    def delete_keys_by_id(self, *, id: str) -> DeleteKeysByIdResponse:
        """Revoke a key.

        DELETE /api/keys/{id}; needs a signed-in browser session.
        """
        return self._request("DELETE", "/keys/{id}", path_params={"id": id}, query={})

    def get_billing_agent_plan(self) -> GetBillingAgentPlanResponse:
        """The agent plan record: per-call rate, monthly extra-call limit and accrued extra-call charges.

        GET /api/billing/agent-plan; needs an API key.
        """
        return self._request("GET", "/billing/agent-plan", path_params={}, query={})

    def get_billing_agent_usage(self) -> GetBillingAgentUsageResponse:
        """Month-to-date call count.

        GET /api/billing/agent-usage; needs an API key.
        """
        return self._request("GET", "/billing/agent-usage", path_params={}, query={})

    def post_billing_agent_plan_overage(self, *, body: PostBillingAgentPlanOverageBody | None = None) -> PostBillingAgentPlanOverageResponse:
        """Turn extra calls on (with a monthly cap) or off.

        POST /api/billing/agent-plan/overage; needs a signed-in browser session.
        """
        return self._request("POST", "/billing/agent-plan/overage", path_params={}, query={}, body=body)

    def get_billing_agent_usage_daily(self, *, key: str | None = None) -> GetBillingAgentUsageDailyResponse:
        """Month-to-date calls per day, per key and in total.

        GET /api/billing/agent-usage/daily; needs an API key.
        """
        return self._request("GET", "/billing/agent-usage/daily", path_params={}, query={"key": key})

    def get_billing_subscription(self) -> GetBillingSubscriptionResponse:
        """The account's tier or plan, a pending change, and every offer with its price.

        GET /api/billing/subscription; needs an API key.
        """
        return self._request("GET", "/billing/subscription", path_params={}, query={})

    def post_billing_plan_change(self, *, body: PostBillingPlanChangeBody) -> PostBillingPlanChangeResponse:
        """Change to another tier or developer plan.

        POST /api/billing/plan-change; needs a signed-in browser session.
        """
        return self._request("POST", "/billing/plan-change", path_params={}, query={}, body=body)

    def post_billing_stripe_webhook(self) -> PostBillingStripeWebhookResponse:
        """Stripe webhook.

        POST /api/billing/stripe/webhook.
        """
        return self._request("POST", "/billing/stripe/webhook", path_params={}, query={})

    def get_ticker_search(self, *, q: str, limit: int | None = None) -> list[GetTickerSearchResponseItem]:
        """Search tickers by symbol or company name.

        GET /api/ticker-search.
        """
        return self._request("GET", "/ticker-search", path_params={}, query={"q": q, "limit": limit})

    def get_random_ticker(self) -> GetRandomTickerResponse:
        """A random ticker from the universe.

        GET /api/random-ticker.
        """
        return self._request("GET", "/random-ticker", path_params={}, query={})

    def get_fundamentals_pit(self, *, ticker: str, date: str | None = None, as_of: str | None = None) -> GetFundamentalsPitResponse:
        """Point-in-time fundamentals as known on a date.

        GET /api/fundamentals-pit.
        """
        return self._request("GET", "/fundamentals-pit", path_params={}, query={"ticker": ticker, "date": date, "as_of": as_of})

    def get_fundamentals_history(self, *, ticker: str, start: str | None = None, end: str | None = None) -> GetFundamentalsHistoryResponse:
        """Point-in-time series of a company’s fundamentals.

        GET /api/fundamentals-history.
        """
        return self._request("GET", "/fundamentals-history", path_params={}, query={"ticker": ticker, "start": start, "end": end})

    def get_fundamentals_pit_universe(self, *, date: str | None = None, as_of: str | None = None, limit: int | None = None, offset: int | None = None) -> GetFundamentalsPitUniverseResponse:
        """Every ticker with point-in-time fundamentals on a date.

        GET /api/fundamentals-pit/universe.
        """
        return self._request("GET", "/fundamentals-pit/universe", path_params={}, query={"date": date, "as_of": as_of, "limit": limit, "offset": offset})

    def get_fundamentals_pit_stats(self) -> GetFundamentalsPitStatsResponse:
        """Fundamentals database statistics.

        GET /api/fundamentals-pit/stats.
        """
        return self._request("GET", "/fundamentals-pit/stats", path_params={}, query={})

    def get_data_bulk(self, *, tickers: str, fields: str | None = None, format: Literal["json", "csv", "arrow", "parquet"] | None = None, as_of: str | None = None) -> GetDataBulkResponse:
        """Bulk fundamentals rows (filing-derived only).

        GET /api/data/bulk; needs the Investor tier (402 otherwise: TierRequiredError).
        """
        return self._request("GET", "/data/bulk", path_params={}, query={"tickers": tickers, "fields": fields, "format": format, "as_of": as_of})

    def get_data_bulk_history(self) -> None:
        """Retired: bulk price history.

        GET /api/data/bulk-history.
        """
        return self._request("GET", "/data/bulk-history", path_params={}, query={})

    def post_data_bulk_history(self) -> None:
        """Retired: bulk price history.

        POST /api/data/bulk-history.
        """
        return self._request("POST", "/data/bulk-history", path_params={}, query={})

    def put_data_bulk_history(self) -> None:
        """Retired: bulk price history.

        PUT /api/data/bulk-history.
        """
        return self._request("PUT", "/data/bulk-history", path_params={}, query={})

    def patch_data_bulk_history(self) -> None:
        """Retired: bulk price history.

        PATCH /api/data/bulk-history.
        """
        return self._request("PATCH", "/data/bulk-history", path_params={}, query={})

    def delete_data_bulk_history(self) -> None:
        """Retired: bulk price history.

        DELETE /api/data/bulk-history.
        """
        return self._request("DELETE", "/data/bulk-history", path_params={}, query={})

    def get_data(self, *, ticker: str, nocache: Literal["0", "1", "true", "false"] | None = None, fields: str | None = None) -> GetDataResponse1 | GetDataResponse2:
        """Ticker snapshot: price, fundamentals, profile, filings, technicals.

        GET /api/data.
        """
        return self._request("GET", "/data", path_params={}, query={"ticker": ticker, "nocache": nocache, "fields": fields})

    def get_price_history(self, *, ticker: str, start: str | None = None, end: str | None = None, interval: Literal["day", "week", "month"] | None = None) -> GetPriceHistoryResponse:
        """Daily, weekly or monthly OHLCV bars of a ticker.

        GET /api/price-history.
        """
        return self._request("GET", "/price-history", path_params={}, query={"ticker": ticker, "start": start, "end": end, "interval": interval})

    def get_corporate_actions(self, *, ticker: str, start: str | None = None, end: str | None = None) -> GetCorporateActionsResponse:
        """Dividends and splits of a ticker.

        GET /api/corporate-actions.
        """
        return self._request("GET", "/corporate-actions", path_params={}, query={"ticker": ticker, "start": start, "end": end})

    def get_screener(self, *, mktcap_min: float | None = None, pe_max: float | None = None, div_yield_min: float | None = None, sector: str | None = None, sort: str | None = None, limit: int | None = None, offset: int | None = None) -> GetScreenerResponse:
        """Screen tickers by market cap, P/E, dividend yield and sector.

        GET /api/screener.
        """
        return self._request("GET", "/screener", path_params={}, query={"mktcap_min": mktcap_min, "pe_max": pe_max, "div_yield_min": div_yield_min, "sector": sector, "sort": sort, "limit": limit, "offset": offset})

    def get_news_search(self, *, q: str | None = None, ticker: str | None = None, tag: str | None = None, sentiment: Literal["positive", "negative", "neutral"] | None = None, days: int | None = None, limit: int | None = None, offset: int | None = None) -> GetNewsSearchResponse:
        """Search news with sentiment, industry tags and tickers.

        GET /api/news/search.
        """
        return self._request("GET", "/news/search", path_params={}, query={"q": q, "ticker": ticker, "tag": tag, "sentiment": sentiment, "days": days, "limit": limit, "offset": offset})

    def get_news_ticker(self, *, ticker: str, limit: int | None = None) -> GetNewsTickerResponse:
        """Recent headlines for a ticker.

        GET /api/news/ticker.
        """
        return self._request("GET", "/news/ticker", path_params={}, query={"ticker": ticker, "limit": limit})

    def get_news_stats(self) -> GetNewsStatsResponse:
        """News database statistics.

        GET /api/news/stats.
        """
        return self._request("GET", "/news/stats", path_params={}, query={})

    def get_macro_series(self, *, id: str, start: str | None = None, end: str | None = None, as_of: str | None = None) -> GetMacroSeriesResponse:
        """Observations of a macro series (FRED), as known on a date.

        GET /api/macro/series.
        """
        return self._request("GET", "/macro/series", path_params={}, query={"id": id, "start": start, "end": end, "as_of": as_of})

    def get_macro_series_list(self) -> list[GetMacroSeriesListResponseItem]:
        """Every macro series in the warehouse.

        GET /api/macro/series-list.
        """
        return self._request("GET", "/macro/series-list", path_params={}, query={})

    def get_macro_yield_curve(self, *, date: str | None = None, as_of: str | None = None) -> GetMacroYieldCurveResponse:
        """The US Treasury daily par yield curve on a date, as known on a date.

        GET /api/macro/yield-curve.
        """
        return self._request("GET", "/macro/yield-curve", path_params={}, query={"date": date, "as_of": as_of})

    def get_insiders(self, *, ticker: str | None = None, owner_cik: int | None = None, owner: str | None = None, code: str | None = None, from_: str | None = None, to: str | None = None, as_of: str | None = None, include_holdings: Literal["0", "1", "true", "false"] | None = None, limit: int | None = None, offset: int | None = None) -> list[GetInsidersItem]:
        """Insider trades by ticker or owner.

        GET /api/insiders.
        """
        return self._request("GET", "/insiders", path_params={}, query={"ticker": ticker, "owner_cik": owner_cik, "owner": owner, "code": code, "from": from_, "to": to, "as_of": as_of, "include_holdings": include_holdings, "limit": limit, "offset": offset})

    def get_insiders_recent_buys(self, *, days: int | None = None, min_value: float | None = None, as_of: str | None = None, limit: int | None = None) -> list[GetInsidersRecentBuysResponseItem]:
        """Recent insider open-market purchases across the market.

        GET /api/insiders/recent-buys.
        """
        return self._request("GET", "/insiders/recent-buys", path_params={}, query={"days": days, "min_value": min_value, "as_of": as_of, "limit": limit})

    def get_fund_holdings(self, *, cik: str, max_holdings: int | None = None, quarter: str | None = None, as_of: str | None = None) -> GetFundHoldingsResponse:
        """One 13F manager's holdings.

        GET /api/fund-holdings.
        """
        return self._request("GET", "/fund-holdings", path_params={}, query={"cik": cik, "max_holdings": max_holdings, "quarter": quarter, "as_of": as_of})

    def get_institutions_by_cik(self, *, cik: int, as_of: str | None = None) -> GetInstitutionsByCikResponse:
        """13F filer analytics.

        GET /api/institutions/{cik}; needs the Researcher tier (402 otherwise: TierRequiredError).
        """
        return self._request("GET", "/institutions/{cik}", path_params={"cik": cik}, query={"as_of": as_of})

    def get_institutional_holders(self, *, ticker: str, quarter: str | None = None, as_of: str | None = None, limit: int | None = None) -> GetInstitutionalHoldersResponse:
        """Managers holding a ticker (13F).

        GET /api/institutional-holders.
        """
        return self._request("GET", "/institutional-holders", path_params={}, query={"ticker": ticker, "quarter": quarter, "as_of": as_of, "limit": limit})

    def get_etf_data(self, *, symbol: str, max_holdings: int | None = None) -> GetEtfDataResponse:
        """ETF profile, holdings, sector breakdown and performance.

        GET /api/etf-data.
        """
        return self._request("GET", "/etf-data", path_params={}, query={"symbol": symbol, "max_holdings": max_holdings})

    def get_etf_compare(self, *, symbols: str) -> GetEtfCompareResponse:
        """Compare several ETFs.

        GET /api/etf-compare.
        """
        return self._request("GET", "/etf-compare", path_params={}, query={"symbols": symbols})

    def get_etf_list(self) -> list[GetEtfListResponseItem]:
        """All tracked ETF tickers.

        GET /api/etf-list.
        """
        return self._request("GET", "/etf-list", path_params={}, query={})

    def get_fund_holders(self, *, id: str, limit: int | None = None) -> list[GetFundHoldersResponseItem]:
        """Which funds hold a security (N-PORT).

        GET /api/fund-holders.
        """
        return self._request("GET", "/fund-holders", path_params={}, query={"id": id, "limit": limit})

    def get_bond_search(self, *, q: str, limit: int | None = None) -> list[GetBondSearchResponseItem]:
        """Search bonds by issuer name or CUSIP.

        GET /api/bond-search.
        """
        return self._request("GET", "/bond-search", path_params={}, query={"q": q, "limit": limit})

    def get_credit_bdc(self, *, as_of: str | None = None) -> list[GetCreditBdcResponseItem]:
        """Business development companies.

        GET /api/credit/bdc.
        """
        return self._request("GET", "/credit/bdc", path_params={}, query={"as_of": as_of})

    def get_credit_borrowers(self, *, q: str, limit: int | None = None, as_of: str | None = None) -> list[GetCreditBorrowersResponseItem]:
        """Search borrowers across all BDCs.

        GET /api/credit/borrowers.
        """
        return self._request("GET", "/credit/borrowers", path_params={}, query={"q": q, "limit": limit, "as_of": as_of})

    def get_credit_bdc_by_cik_holdings(self, *, cik: int, period: str | None = None, limit: int | None = None, as_of: str | None = None) -> list[GetCreditBdcByCikHoldingsResponseItem]:
        """One BDC's loan-level holdings.

        GET /api/credit/bdc/{cik}/holdings.
        """
        return self._request("GET", "/credit/bdc/{cik}/holdings", path_params={"cik": cik}, query={"period": period, "limit": limit, "as_of": as_of})

    def get_credit_bdc_by_cik_quality(self, *, cik: int, as_of: str | None = None) -> list[GetCreditBdcByCikQualityResponseItem]:
        """Credit quality of a BDC by quarter.

        GET /api/credit/bdc/{cik}/quality; needs the Researcher tier (402 otherwise: TierRequiredError).
        """
        return self._request("GET", "/credit/bdc/{cik}/quality", path_params={"cik": cik}, query={"as_of": as_of})

    def get_banks(self, *, q: str | None = None, cert: int | None = None, state: str | None = None, ticker: str | None = None, active_only: Literal["0", "1", "true", "false"] | None = None, limit: int | None = None, offset: int | None = None) -> list[Bank]:
        """FDIC-insured banks by name, holding company, city, state, certificate or ticker.

        GET /api/banks.
        """
        return self._request("GET", "/banks", path_params={}, query={"q": q, "cert": cert, "state": state, "ticker": ticker, "active_only": active_only, "limit": limit, "offset": offset})

    def get_federal_contracts(self, *, ticker: str | None = None, recipient: str | None = None, agency: str | None = None, fiscal_year: int | None = None, limit: int | None = None, offset: int | None = None) -> list[FederalAward]:
        """US federal prime contract awards by company, recipient, agency or fiscal year.

        GET /api/federal-contracts.
        """
        return self._request("GET", "/federal-contracts", path_params={}, query={"ticker": ticker, "recipient": recipient, "agency": agency, "fiscal_year": fiscal_year, "limit": limit, "offset": offset})

    def get_federal_contracts_totals(self, *, ticker: str | None = None, recipient: str | None = None, agency: str | None = None, fiscal_year: int | None = None) -> GetFederalContractsTotalsResponse:
        """Totals of federal contract awards by agency and fiscal year.

        GET /api/federal-contracts/totals.
        """
        return self._request("GET", "/federal-contracts/totals", path_params={}, query={"ticker": ticker, "recipient": recipient, "agency": agency, "fiscal_year": fiscal_year})

    def get_coverage(self) -> GetCoverageResponse:
        """Coverage and freshness of every dataset.

        GET /api/coverage.
        """
        return self._request("GET", "/coverage", path_params={}, query={})

    def get_portfolio_positions(self, *, portfolio_id: str | None = None) -> list[GetPortfolioPositionsResponseItem]:
        """Positions of a portfolio.

        GET /api/portfolio-positions; needs an API key.
        """
        return self._request("GET", "/portfolio-positions", path_params={}, query={"portfolio_id": portfolio_id})

    def post_portfolio_positions(self, *, portfolio_id: str | None = None, body: PostPortfolioPositionsBody) -> PostPortfolioPositionsResponse:
        """Add a position.

        POST /api/portfolio-positions; needs an API key.
        """
        return self._request("POST", "/portfolio-positions", path_params={}, query={"portfolio_id": portfolio_id}, body=body)

    def delete_portfolio_positions(self, *, portfolio_id: str | None = None, body: DeletePortfolioPositionsBody) -> DeletePortfolioPositionsResponse:
        """Remove a position.

        DELETE /api/portfolio-positions; needs an API key.
        """
        return self._request("DELETE", "/portfolio-positions", path_params={}, query={"portfolio_id": portfolio_id}, body=body)

    def get_portfolio_history(self, *, portfolio_id: str | None = None, days: int | None = None) -> GetPortfolioHistoryResponse:
        """Daily value of a portfolio.

        GET /api/portfolio-history; needs an API key.
        """
        return self._request("GET", "/portfolio-history", path_params={}, query={"portfolio_id": portfolio_id, "days": days})

    def get_portfolio_benchmark(self, *, portfolio_id: str | None = None, period: Literal["1M", "3M", "6M", "YTD", "1Y", "3Y", "5Y"] | None = None) -> GetPortfolioBenchmarkResponse:
        """Portfolio return against a broad US equity index fund.

        GET /api/portfolio/benchmark; needs an API key.
        """
        return self._request("GET", "/portfolio/benchmark", path_params={}, query={"portfolio_id": portfolio_id, "period": period})

    def get_watchlists(self) -> list[GetWatchlistsResponseItem]:
        """The account's watchlists.

        GET /api/watchlists; needs an API key.
        """
        return self._request("GET", "/watchlists", path_params={}, query={})

    def post_watchlists(self, *, body: PostWatchlistsBody) -> PostWatchlistsResponse:
        """Create a watchlist.

        POST /api/watchlists; needs an API key.
        """
        return self._request("POST", "/watchlists", path_params={}, query={}, body=body)

    def get_watchlists_by_id(self, *, id: str) -> GetWatchlistsByIdResponse:
        """A watchlist with snapshot fields.

        GET /api/watchlists/{id}; needs an API key.
        """
        return self._request("GET", "/watchlists/{id}", path_params={"id": id}, query={})

    def patch_watchlists_by_id(self, *, id: str, body: PatchWatchlistsByIdBody) -> PatchWatchlistsByIdResponse:
        """Rename a watchlist.

        PATCH /api/watchlists/{id}; needs an API key.
        """
        return self._request("PATCH", "/watchlists/{id}", path_params={"id": id}, query={}, body=body)

    def delete_watchlists_by_id(self, *, id: str) -> None:
        """Delete a watchlist.

        DELETE /api/watchlists/{id}; needs an API key.
        """
        return self._request("DELETE", "/watchlists/{id}", path_params={"id": id}, query={})

    def post_watchlists_by_id_tickers(self, *, id: str, body: PostWatchlistsByIdTickersBody) -> PostWatchlistsByIdTickersResponse:
        """Add a ticker to a watchlist.

        POST /api/watchlists/{id}/tickers; needs an API key.
        """
        return self._request("POST", "/watchlists/{id}/tickers", path_params={"id": id}, query={}, body=body)

    def delete_watchlists_by_id_tickers_by_ticker(self, *, id: str, ticker: str) -> DeleteWatchlistsByIdTickersByTickerResponse:
        """Remove a ticker from a watchlist.

        DELETE /api/watchlists/{id}/tickers/{ticker}; needs an API key.
        """
        return self._request("DELETE", "/watchlists/{id}/tickers/{ticker}", path_params={"id": id, "ticker": ticker}, query={})

    def get_screens(self) -> list[GetScreensResponseItem]:
        """The account's saved screens.

        GET /api/screens; needs an API key.
        """
        return self._request("GET", "/screens", path_params={}, query={})

    def post_screens(self, *, body: PostScreensBody) -> PostScreensResponse:
        """Save a screen.

        POST /api/screens; needs an API key.
        """
        return self._request("POST", "/screens", path_params={}, query={}, body=body)

    def get_screens_by_id(self, *, id: str) -> GetScreensByIdResponse:
        """A saved screen.

        GET /api/screens/{id}; needs an API key.
        """
        return self._request("GET", "/screens/{id}", path_params={"id": id}, query={})

    def patch_screens_by_id(self, *, id: str, body: PatchScreensByIdBody | None = None) -> PatchScreensByIdResponse:
        """Rename a saved screen or change its parameters.

        PATCH /api/screens/{id}; needs an API key.
        """
        return self._request("PATCH", "/screens/{id}", path_params={"id": id}, query={}, body=body)

    def delete_screens_by_id(self, *, id: str) -> None:
        """Delete a saved screen.

        DELETE /api/screens/{id}; needs an API key.
        """
        return self._request("DELETE", "/screens/{id}", path_params={"id": id}, query={})

    def get_screens_by_id_run(self, *, id: str) -> GetScreensByIdRunResponse:
        """Run a saved screen.

        GET /api/screens/{id}/run; needs an API key.
        """
        return self._request("GET", "/screens/{id}/run", path_params={"id": id}, query={})

    def get_paper_account(self) -> GetPaperAccountResponse:
        """The paper trading account.

        GET /api/paper/account; needs an API key.
        """
        return self._request("GET", "/paper/account", path_params={}, query={})

    def get_paper_orders(self, *, status: Literal["open", "filled", "cancelled", "rejected"] | None = None, limit: int | None = None) -> list[GetPaperOrdersResponseItem]:
        """Paper order history.

        GET /api/paper/orders; needs an API key.
        """
        return self._request("GET", "/paper/orders", path_params={}, query={"status": status, "limit": limit})

    def post_paper_orders(self, *, body: PostPaperOrdersBody) -> PostPaperOrdersResponse:
        """Place a paper order.

        POST /api/paper/orders; needs an API key.
        """
        return self._request("POST", "/paper/orders", path_params={}, query={}, body=body)

    def get_paper_orders_by_id(self, *, id: str) -> GetPaperOrdersByIdResponse:
        """One paper order.

        GET /api/paper/orders/{id}; needs an API key.
        """
        return self._request("GET", "/paper/orders/{id}", path_params={"id": id}, query={})

    def delete_paper_orders_by_id(self, *, id: str) -> DeletePaperOrdersByIdResponse:
        """Cancel an open paper order.

        DELETE /api/paper/orders/{id}; needs an API key.
        """
        return self._request("DELETE", "/paper/orders/{id}", path_params={"id": id}, query={})

    def post_paper_reset(self) -> PostPaperResetResponse:
        """Reset the paper account.

        POST /api/paper/reset; needs an API key.
        """
        return self._request("POST", "/paper/reset", path_params={}, query={})

    def get_learn_tracks(self) -> GetLearnTracksResponse:
        """The LEARN curriculum.

        GET /api/learn/tracks.
        """
        return self._request("GET", "/learn/tracks", path_params={}, query={})

    def get_learn_lessons_by_id(self, *, id: str) -> GetLearnLessonsByIdResponse:
        """One lesson.

        GET /api/learn/lessons/{id}.
        """
        return self._request("GET", "/learn/lessons/{id}", path_params={"id": id}, query={})

    def post_learn_lessons_by_id_quiz(self, *, id: str, body: PostLearnLessonsByIdQuizBody) -> PostLearnLessonsByIdQuizResponse:
        """Submit a lesson quiz.

        POST /api/learn/lessons/{id}/quiz; needs an API key.
        """
        return self._request("POST", "/learn/lessons/{id}/quiz", path_params={"id": id}, query={}, body=body)

    def get_learn_progress(self) -> GetLearnProgressResponse:
        """LEARN progress of the account.

        GET /api/learn/progress; needs an API key.
        """
        return self._request("GET", "/learn/progress", path_params={}, query={})

    def get_glossary(self, *, q: str | None = None, topic: str | None = None, limit: int | None = None, offset: int | None = None) -> GetGlossaryResponse:
        """Search the glossary.

        GET /api/glossary.
        """
        return self._request("GET", "/glossary", path_params={}, query={"q": q, "topic": topic, "limit": limit, "offset": offset})

    def get_glossary_by_slug(self, *, slug: str) -> GetGlossaryBySlugResponse:
        """One glossary term.

        GET /api/glossary/{slug}.
        """
        return self._request("GET", "/glossary/{slug}", path_params={"slug": slug}, query={})

    def get_mcp_tools_json(self) -> GetMcpToolsJsonResponse:
        """The MCP tool list.

        GET /api/mcp/tools.json.
        """
        return self._request("GET", "/mcp/tools.json", path_params={}, query={})

    # Typed iterators over the offset-paginated operations.

    def iter_fundamentals_pit_universe(self, *, date: str | None = None, as_of: str | None = None, page_size: int | None = None) -> Iterator[GetFundamentalsPitUniverseItem]:
        """Every item of get_fundamentals_pit_universe, page by page (page_size: default the largest page the endpoint allows).

        GET /api/fundamentals-pit/universe, iterated by offset.
        """
        return self.paginate("get_fundamentals_pit_universe", date=date, as_of=as_of, limit=page_size)

    def iter_screener(self, *, mktcap_min: float | None = None, pe_max: float | None = None, div_yield_min: float | None = None, sector: str | None = None, sort: str | None = None, page_size: int | None = None) -> Iterator[GetScreenerItem]:
        """Every item of get_screener, page by page (page_size: default the largest page the endpoint allows).

        GET /api/screener, iterated by offset.
        """
        return self.paginate("get_screener", mktcap_min=mktcap_min, pe_max=pe_max, div_yield_min=div_yield_min, sector=sector, sort=sort, limit=page_size)

    def iter_news_search(self, *, q: str | None = None, ticker: str | None = None, tag: str | None = None, sentiment: Literal["positive", "negative", "neutral"] | None = None, days: int | None = None, page_size: int | None = None) -> Iterator[GetNewsSearchItem]:
        """Every item of get_news_search, page by page (page_size: default the largest page the endpoint allows).

        GET /api/news/search, iterated by offset.
        """
        return self.paginate("get_news_search", q=q, ticker=ticker, tag=tag, sentiment=sentiment, days=days, limit=page_size)

    def iter_insiders(self, *, ticker: str | None = None, owner_cik: int | None = None, owner: str | None = None, code: str | None = None, from_: str | None = None, to: str | None = None, as_of: str | None = None, include_holdings: Literal["0", "1", "true", "false"] | None = None, page_size: int | None = None) -> Iterator[GetInsidersItem]:
        """Every item of get_insiders, page by page (page_size: default the largest page the endpoint allows).

        GET /api/insiders, iterated by offset.
        """
        return self.paginate("get_insiders", ticker=ticker, owner_cik=owner_cik, owner=owner, code=code, from_=from_, to=to, as_of=as_of, include_holdings=include_holdings, limit=page_size)

    def iter_banks(self, *, q: str | None = None, cert: int | None = None, state: str | None = None, ticker: str | None = None, active_only: Literal["0", "1", "true", "false"] | None = None, page_size: int | None = None) -> Iterator[Bank]:
        """Every item of get_banks, page by page (page_size: default the largest page the endpoint allows).

        GET /api/banks, iterated by offset.
        """
        return self.paginate("get_banks", q=q, cert=cert, state=state, ticker=ticker, active_only=active_only, limit=page_size)

    def iter_federal_contracts(self, *, ticker: str | None = None, recipient: str | None = None, agency: str | None = None, fiscal_year: int | None = None, page_size: int | None = None) -> Iterator[FederalAward]:
        """Every item of get_federal_contracts, page by page (page_size: default the largest page the endpoint allows).

        GET /api/federal-contracts, iterated by offset.
        """
        return self.paginate("get_federal_contracts", ticker=ticker, recipient=recipient, agency=agency, fiscal_year=fiscal_year, limit=page_size)

    def iter_glossary(self, *, q: str | None = None, topic: str | None = None, page_size: int | None = None) -> Iterator[GetGlossaryItem]:
        """Every item of get_glossary, page by page (page_size: default the largest page the endpoint allows).

        GET /api/glossary, iterated by offset.
        """
        return self.paginate("get_glossary", q=q, topic=topic, limit=page_size)
