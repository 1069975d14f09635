/**
 * Billing (spec 2.7, 4.3): the agent plan record, month-to-date usage, and the extra-call consent.
 * The two reads work with a key or a session; turning extra calls on or off needs a signed-in
 * session and a CSRF token. None of them is metered.
 */
import { AgentPlan, AgentUsage, DailyUsage, DailyUsageQuery, OverageBody, PlanChangeBody, PlanChangeResult, SubscriptionView, WebhookAck } from '../../schema/billing.ts';
import { ErrorBody } from '../../schema/common.ts';
import { PLAN_TABLE, formatUsd } from '../../schema/plans.ts';
import { dailyUsage } from '../billing/daily.ts';
import { changePlan, subscriptionView } from '../billing/plan-change.ts';
import { NotFoundError } from '../errors.ts';
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
  defineRoute({
    method: 'GET',
    path: '/billing/agent-usage/daily',
    capability: 'billing_daily_usage',
    summary: 'Month-to-date calls per day, per key and in total',
    description:
      'Successful metered calls of the current UTC month per UTC day (`days`, every day from the 1st to today), for the whole account or for one of ' +
      'its keys (`key`, a key id from GET /api/keys/list), with `extra_calls` (beyond the plan\'s included allowance). `keys` lists the calls of each ' +
      'key this month. `included_calls` and `extra_call_cap_calls` (the calls the extra-call cap allows beyond the allowance at the plan\'s rate; null ' +
      'while extra calls are off) are the lines the settings panel draws; an account without a developer plan has neither.',
    query: DailyUsageQuery,
    responses: {
      200: { description: 'calls per day', schema: DailyUsage },
      400: { description: '`key` is not a key id', schema: ErrorBody },
      401: NOT_AUTHENTICATED,
      404: { description: 'no such key on this account', schema: ErrorBody },
    },
    handler: ({ services, caller, query }) => dailyUsage(services, caller.accountId!, caller.plan, query.key ?? null),
  }),
  defineRoute({
    method: 'GET',
    path: '/billing/subscription',
    capability: 'billing_subscription',
    summary: 'The account\'s tier or plan, a pending change, and every offer with its price',
    description:
      'The account\'s offer (its developer plan, else its tier) and price, the payment provider (`manual`: an operator approves changes; `stripe`), ' +
      'the paid subscription\'s state there, a pending change request, and every tier and developer plan with its monthly price, whether a change ' +
      'to it is an upgrade or a downgrade, and when such a change would apply.',
    responses: { 200: { description: 'the subscription record', schema: SubscriptionView }, 401: NOT_AUTHENTICATED },
    handler: ({ services, caller }) => subscriptionView(services, caller.accountId!),
  }),
  defineRoute({
    method: 'POST',
    path: '/billing/plan-change',
    capability: 'billing_plan_change',
    summary: 'Change to another tier or developer plan',
    description:
      'JSON `{ "offer": "investor" }` (learner, researcher, investor, power_user, developer, developer_pro). With the default provider the request ' +
      'is recorded for an operator (`status: "pending"`, 202) and applies when approved; a new request replaces a pending one. With Stripe, a paid ' +
      'offer answers `status: "checkout"` and a `checkout_url` to pay at (the change applies when Stripe confirms the payment); a move to Learner ' +
      'cancels the subscription at the end of the paid period (`scheduled`), or applies at once when there is nothing to cancel (`applied`). ' +
      '`applies` states when the change takes effect and its price. A plan change turns extra calls back to needing consent (spec 3).',
    body: PlanChangeBody,
    responses: {
      200: { description: 'applied at once, or scheduled', schema: PlanChangeResult },
      202: { description: 'recorded: waits for an operator, or for payment at checkout_url', schema: PlanChangeResult },
      400: { description: '`offer` missing or not an offer', schema: ErrorBody },
      401: { description: 'no signed-in session (POST /api/auth/login)', schema: ErrorBody },
      403: { description: 'X-CSRF-Token missing or not bound to this session', schema: ErrorBody },
      409: { description: 'the account is already on that offer', schema: ErrorBody },
      503: { description: 'the payment provider could not be reached; nothing changed', schema: ErrorBody },
    },
    handler: async ({ services, caller, body, reply }) => {
      const result = await changePlan(services, caller.accountId!, body.offer);
      if (result.status === 'pending' || result.status === 'checkout') reply.code(202);
      return result;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/billing/stripe/webhook',
    capability: 'billing_webhook',
    summary: 'Stripe webhook',
    description:
      'Stripe events, signed (`Stripe-Signature`, checked with the endpoint\'s signing secret): `checkout.session.completed` applies a paid ' +
      'change, `customer.subscription.updated` and `customer.subscription.deleted` follow the subscription (deleted: back to Learner), ' +
      '`invoice.payment_failed` marks it past due and mails the user, `invoice.paid` clears that. An event id already handled changes nothing ' +
      '(`duplicate: true`). 404 when the server does not use Stripe (`BILLING_PROVIDER`).',
    rawBody: true,
    responses: {
      200: { description: 'the event was handled (or was a replay)', schema: WebhookAck },
      400: { description: 'missing or invalid Stripe-Signature, or a body that is not a signed event', schema: ErrorBody },
      404: { description: 'this server does not use Stripe', schema: ErrorBody },
    },
    handler: async ({ services, req }) => {
      const provider = services.billingProvider;
      if (!provider.webhook) throw new NotFoundError('this server does not take Stripe webhooks (BILLING_PROVIDER is not stripe)');
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const sig = req.headers['stripe-signature'];
      const result = await provider.webhook(raw, typeof sig === 'string' ? sig : undefined);
      return { received: true as const, ...result };
    },
  }),
]);
