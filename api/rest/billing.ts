/**
 * Billing (spec 2.7, 4.3): the agent plan record, month-to-date usage, and the extra-call consent.
 * The two reads work with a key or a session; turning extra calls on or off needs a signed-in
 * session and a CSRF token. None of them is metered.
 */
import { AgentPlan, AgentUsage, OverageBody } from '../../schema/billing.ts';
import { ErrorBody } from '../../schema/common.ts';
import { PLAN_TABLE, formatUsd } from '../../schema/plans.ts';
import { defineRoute, resource } from '../route.ts';

const NOT_AUTHENTICATED = { description: 'no API key and no signed-in session', schema: ErrorBody };
const MAX_CAPS = Object.values(PLAN_TABLE)
  .map((p) => `${formatUsd(p.maxCapMicros)} on ${p.label}`)
  .join(', ');
const DEFAULT_CAPS = Object.values(PLAN_TABLE)
  .map((p) => `${formatUsd(p.defaultCapMicros)} on ${p.label}`)
  .join(', ');

export const billing = resource('Billing', [
  defineRoute({
    method: 'GET',
    path: '/billing/agent-plan',
    capability: 'billing_plan',
    summary: 'The agent plan record: per-call rate, monthly extra-call limit and accrued extra-call charges',
    description:
      'For the current UTC month: `rate_usd` (price of each call beyond the included allowance), `limit_usd` (the extra-call cap in force; 0 while ' +
      'extra calls are off), `overage_accrued_usd`, `extra_calls_enabled`, `included_calls` and `calls_this_month`. `consent_required` is true when ' +
      'extra calls were turned on at another plan or price: they stay off until POST /api/billing/agent-plan/overage is sent again. An account ' +
      'without a developer plan answers `plan: null` and zeros: it is never billed per call.',
    responses: { 200: { description: 'the agent plan record', schema: AgentPlan }, 401: NOT_AUTHENTICATED },
    handler: ({ services, caller }) => services.billing.agentPlan(caller.accountId!, caller.plan),
  }),
  defineRoute({
    method: 'GET',
    path: '/billing/agent-usage',
    capability: 'billing_usage',
    summary: 'Month-to-date call count',
    description:
      '`calls`: successful metered calls of the account this UTC month, all keys and sessions (402, 403, 404, 429 and 5xx answers are never counted ' +
      'or billed); `plan_calls` of them under a developer plan, `remaining_included_calls`, `extra_calls` and `overage_accrued_usd`.',
    responses: { 200: { description: 'the usage record', schema: AgentUsage }, 401: NOT_AUTHENTICATED },
    handler: ({ services, caller }) => services.billing.agentUsage(caller.accountId!, caller.plan),
  }),
  defineRoute({
    method: 'POST',
    path: '/billing/agent-plan/overage',
    capability: 'billing_overage',
    summary: 'Turn extra calls on (with a monthly cap) or off',
    description:
      `JSON \`{ "cap_usd": number }\`, optional. Absent: extra calls on with the plan's default cap (${DEFAULT_CAPS}); a number up to 4 times the ` +
      `plan price (${MAX_CAPS}): on with that cap; above: 400; 0: off. The rate and cap shown in the answer are the ones that bill; a later price or ` +
      'plan change turns extra calls back to needing this consent. Extra calls are added to the next monthly invoice as one line.',
    body: OverageBody,
    responses: {
      200: { description: 'the agent plan record after the change', schema: AgentPlan },
      400: { description: 'cap_usd negative, not a number, or above 4 times the plan price', schema: ErrorBody },
      401: { description: 'no signed-in session (POST /api/auth/login)', schema: ErrorBody },
      403: { description: 'X-CSRF-Token missing or not bound to this session', schema: ErrorBody },
      409: { description: 'the account has no developer plan', schema: ErrorBody },
      503: { description: 'saved, but the limit store could not be updated: repeat the request', schema: ErrorBody },
    },
    handler: ({ services, caller, body }) => services.billing.setOverage(caller.accountId!, caller.plan, body?.cap_usd),
  }),
]);
