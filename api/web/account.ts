/**
 * Account pages (spec 4.1, 4.3): sign up (the browser solves the proof of work, with a progress
 * indicator), the email-verification landing page, sign in, sign out, and the account settings
 * panel. The pages are server-rendered shells with labelled forms; `/assets/account.js` talks to
 * the JSON API (the same endpoints agents use) and fills them in. Nothing here touches the store:
 * the browser is just another API client with a session cookie and a CSRF token.
 */
import { PASSWORD_MIN_LENGTH, TRIAL_KEY_DAILY_CALLS, TRIAL_KEY_DAYS } from '../../schema/accounts.ts';
import { CAPABILITIES } from '../../schema/access.ts';
import { LIMIT_POLICIES } from '../../schema/limits.ts';
import { offer, priceText, type OfferId } from '../../schema/offers.ts';
import { formatUsd, PLAN_TABLE } from '../../schema/plans.ts';
import { TIER_LABELS, TIERS, type TierId } from '../../schema/tiers.ts';
import { html, page, type SafeHtml } from './html.ts';

const NOSCRIPT = html`<noscript><p class="alert">This page needs JavaScript. Agents can do the same over the API: see <a href="/llms.txt">llms.txt</a> and <a href="/api-docs#tag-Auth">the Auth endpoints</a>.</p></noscript>`;

function shell(title: string, pageId: string, body: SafeHtml, path: string): string {
  return page({
    title,
    body: html`<div class="account-page" data-page="${pageId}">${NOSCRIPT}${body}</div>`,
    path,
    scripts: ['account.js'],
  });
}

export function signupPage(): string {
  return shell(
    'Create an account',
    'signup',
    html`
<h1>Create an account</h1>
<p class="lead">An account gives you API keys, higher limits, saved portfolios and watchlists, and LEARN progress. The email address, the password and the consent must come from you, the person the account is for.</p>
<form id="signup-form" class="card form" novalidate>
  <div class="field"><label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254"></div>
  <div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="256" aria-describedby="password-help"><p id="password-help" class="help">At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your email address.</p></div>
  <div class="field"><label for="displayName">Display name <span class="muted">(optional)</span></label><input id="displayName" name="displayName" type="text" autocomplete="nickname" maxlength="100"></div>
  <div class="field"><label for="experience">Investing experience <span class="muted">(optional)</span></label><select id="experience" name="experience"><option value="">Prefer not to say</option><option>New to investing</option><option>Some experience</option><option>Experienced</option><option>Professional</option></select></div>
  <div class="field"><label for="useCase">What will you use Almanac for? <span class="muted">(optional)</span></label><textarea id="useCase" name="useCase" rows="2" maxlength="1000"></textarea></div>
  <input type="hidden" id="timezone" name="timezone">
  <div class="field check"><input id="consent" name="consent" type="checkbox" required><label for="consent">I am creating this account for myself and agree that the data is for education, not investment advice.</label></div>
  <div class="pow" id="pow" hidden>
    <label for="pow-progress">Proof of work</label>
    <progress id="pow-progress" max="100" value="0" aria-describedby="pow-status"></progress>
    <p id="pow-status" class="help" aria-live="polite"></p>
  </div>
  <button type="submit" class="primary">Create account</button>
  <p id="signup-status" class="status" role="status" aria-live="polite"></p>
</form>
<p>Already have an account? <a href="/login">Sign in</a>.</p>`,
    '/signup',
  );
}

export function verifyPage(): string {
  return shell(
    'Verify your email',
    'verify',
    html`
<h1>Verify your email</h1>
<div class="card">
  <p id="verify-status" class="status" role="status" aria-live="polite">Checking your verification link…</p>
  <p id="verify-next" hidden><a class="button primary" href="/login">Sign in</a></p>
  <form id="resend-form" class="form" hidden novalidate>
    <p>Need a new link?</p>
    <div class="field"><label for="resend-email">Email address</label><input id="resend-email" name="email" type="email" autocomplete="email" required></div>
    <button type="submit">Send a new link</button>
    <p id="resend-status" class="status" role="status" aria-live="polite"></p>
  </form>
</div>`,
    '/verify-email',
  );
}

export function loginPage(): string {
  return shell(
    'Sign in',
    'login',
    html`
<h1>Sign in</h1>
<form id="login-form" class="card form" novalidate>
  <div class="field"><label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="username" required></div>
  <div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required></div>
  <button type="submit" class="primary">Sign in</button>
  <p id="login-status" class="status" role="status" aria-live="polite"></p>
</form>
<p>No account yet? <a href="/signup">Create one</a>.</p>`,
    '/login',
  );
}

export function logoutPage(): string {
  return shell(
    'Sign out',
    'logout',
    html`
<h1>Sign out</h1>
<form id="logout-form" class="card form"><p>Sign out of this browser?</p><button type="submit" class="primary">Sign out</button><p id="logout-status" class="status" role="status" aria-live="polite"></p></form>`,
    '/logout',
  );
}

/** MCP tool calls per hour of a tier (spec 8.2), from the limit table. */
function mcpPerHour(tier: TierId | 'plan'): string {
  const policy = LIMIT_POLICIES.find((p) => 'mcpTier' in p.when && p.when.mcpTier === tier);
  return policy ? policy.limit.toLocaleString('en-US') : '—';
}

/**
 * The plans section of the settings panel (`/account#plans`, where every 402's `upgrade_url`
 * points): the site tiers (schema/tiers.ts) with what each one opens (the capabilities that need
 * it, schema/access.ts) and the developer plans (schema/plans.ts), each with its price from
 * schema/offers.ts and a button to change to it. The script marks the caller's tier and plan and
 * the tier named by `?upgrade=` (the one a 402 asked for), and asks for confirmation (price and
 * when the change applies, from GET /api/billing/subscription) before POST /api/billing/plan-change.
 */
function plansSection(): SafeHtml {
  const opens = (tier: TierId): string[] => Object.values(CAPABILITIES).filter((c) => c.tier === tier).map((c) => c.summary);
  const choose = (id: OfferId) => html`<td class="change-cell" data-label="Change"><button type="button" class="small choose-offer" data-offer="${id}" aria-label="Choose ${offer(id).label}">Choose</button><span class="current-mark"></span></td>`;
  return html`
<section id="plans" class="card" aria-labelledby="plans-h">
  <h2 id="plans-h">Plans and tiers</h2>
  <p id="plans-required" class="alert" hidden tabindex="-1"><span id="plans-required-text"></span> <button type="button" id="plans-required-go" class="primary small" hidden>Upgrade</button></p>
  <p id="plans-pending" class="alert warning" hidden></p>
  <p id="plans-status" class="status" role="status" aria-live="polite"></p>
  <div class="table-wrap"><table id="tiers-table" class="stack">
    <caption>Site tiers, in ascending order. Each tier includes everything below it.</caption>
    <thead><tr><th scope="col">Tier</th><th scope="col">Price</th><th scope="col">MCP tool calls per hour</th><th scope="col">Opens</th><th scope="col">Change</th></tr></thead>
    <tbody>${TIERS.map(
      (t) => html`<tr data-tier="${t}"><th scope="row">${TIER_LABELS[t]}</th><td data-label="Price">${priceText(t)}</td><td data-label="MCP calls per hour">${mcpPerHour(t)}</td><td data-label="Opens">${t === 'learner' ? 'Every anonymous and account feature' : opens(t).join('; ') || 'Higher hourly MCP limit'}</td>${choose(t)}</tr>`,
    )}</tbody>
  </table></div>
  <div class="table-wrap"><table id="plans-table" class="stack">
    <caption>Developer plans for agents (spec 8.3): both include everything in Power User.</caption>
    <thead><tr><th scope="col">Plan</th><th scope="col">Price per month</th><th scope="col">Included calls per month</th><th scope="col">Extra-call rate</th><th scope="col">Default extra-call cap</th><th scope="col">MCP tool calls per hour</th><th scope="col">Change</th></tr></thead>
    <tbody>${Object.values(PLAN_TABLE).map(
      (p) => html`<tr data-plan="${p.id}"><th scope="row">${p.label}</th><td data-label="Price per month">${priceText(p.id)}</td><td data-label="Included calls per month">${p.includedCalls.toLocaleString('en-US')}</td><td data-label="Extra-call rate">$${formatUsd(p.rateMicros)} per call</td><td data-label="Default extra-call cap">$${formatUsd(p.defaultCapMicros)}</td><td data-label="MCP calls per hour">${mcpPerHour('plan')}</td>${choose(p.id)}</tr>`,
    )}</tbody>
  </table></div>
  <p class="help">One tier or plan per account; a change applies to every key of the account. Before anything changes you see its price and when it applies. A developer plan replaces a paid tier; when a plan ends the account returns to Learner.</p>
  <dialog id="plan-dialog" aria-labelledby="plan-dialog-h" aria-describedby="plan-dialog-price plan-dialog-when">
    <form method="dialog">
      <h3 id="plan-dialog-h">Change plan?</h3>
      <p id="plan-dialog-price" class="price"></p>
      <p id="plan-dialog-when"></p>
      <div class="actions"><button value="cancel" type="submit">Cancel</button><button value="confirm" type="submit" class="primary" id="plan-confirm">Confirm</button></div>
    </form>
  </dialog>
</section>`;
}

export function settingsPage(): string {
  const plans = Object.values(PLAN_TABLE);
  return shell(
    'Account settings',
    'settings',
    html`
<h1>Account settings</h1>
<p id="settings-status" class="status" role="status" aria-live="polite">Loading your account…</p>
<nav aria-label="Settings sections" class="toc inline"><ul>
  <li><a href="#details">Account</a></li><li><a href="#keys">API keys</a></li><li><a href="#plans">Plans and tiers</a></li><li><a href="#billing">Billing</a></li><li><a href="#learning">Learning</a></li><li><a href="#portfolios">Portfolios and watchlists</a></li>
</ul></nav>

<section id="details" class="card" aria-labelledby="details-h">
  <h2 id="details-h">Account</h2>
  <dl class="facts" id="account-details"></dl>
  <form id="logout-form"><button type="submit">Sign out</button></form>
</section>

<section id="keys" class="card" aria-labelledby="keys-h">
  <h2 id="keys-h">API keys</h2>
  <p>Send a key in the <code>X-API-Key</code> header on every API call. A key sent as <code>Authorization: Bearer</code> is treated as anonymous.</p>
  <p id="verify-first" class="alert" hidden>Verify your email address before creating keys: follow the link we mailed you.</p>
  <form id="create-key-form" class="form row" novalidate>
    <div class="field"><label for="key-name">Key name</label><input id="key-name" name="name" type="text" maxlength="100" placeholder="e.g. research agent" required></div>
    <button type="submit" class="primary">Create key</button>
  </form>
  <div id="new-key" class="new-key" hidden tabindex="-1" aria-labelledby="new-key-h">
    <h3 id="new-key-h">Your new key</h3>
    <p class="alert warning"><strong>Copy it now: this is the only time it is shown.</strong> We store only a hash; if you lose it, revoke it and create another.</p>
    <div class="copy-row"><label for="new-key-value" class="visually-hidden">New API key</label><input id="new-key-value" type="text" readonly spellcheck="false" autocomplete="off"><button type="button" id="copy-key">Copy</button></div>
    <p id="copy-status" class="status" role="status" aria-live="polite"></p>
    <button type="button" id="dismiss-key">I have stored it safely</button>
  </div>
  <div class="table-wrap"><table id="keys-table" class="stack">
    <caption class="visually-hidden">Your API keys</caption>
    <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
    <tbody></tbody>
  </table></div>
  <p id="keys-empty" class="muted" hidden>No keys yet.</p>
  <div class="trial">
    <h3>Trial key</h3>
    <p>One per account lifetime: valid ${TRIAL_KEY_DAYS} days, ${TRIAL_KEY_DAILY_CALLS} calls per day. Needs a verified email.</p>
    <button type="button" id="trial-key">Request the trial key</button>
  </div>
  <p id="keys-status" class="status" role="status" aria-live="polite"></p>
  <dialog id="revoke-dialog" aria-labelledby="revoke-h">
    <form method="dialog">
      <h3 id="revoke-h">Revoke this key?</h3>
      <p>Calls with <code id="revoke-prefix"></code> will be refused with 401 from now on. This cannot be undone.</p>
      <div class="actions"><button value="cancel" type="submit">Cancel</button><button value="confirm" type="submit" class="danger" id="revoke-confirm">Revoke key</button></div>
    </form>
  </dialog>
</section>

${plansSection()}

<section id="billing" class="card" aria-labelledby="billing-h">
  <h2 id="billing-h">Billing</h2>
  <dl class="facts" id="billing-plan"></dl>
  <div id="usage-figure">
    <h3 id="usage-h">Calls this month</h3>
    <div class="field inline"><label for="usage-key">Show</label><select id="usage-key"><option value="">All keys (account total)</option></select></div>
    <div id="usage-chart" aria-live="polite"><p class="muted">Loading…</p></div>
  </div>
  <form id="overage-form" class="form" novalidate>
    <fieldset>
      <legend>Extra calls</legend>
      <p class="help">Off by default: once the included calls are used up, calls are refused with 402 until next month. Turned on, extra calls are billed at your plan's rate and added to the next monthly invoice as one line, up to the monthly cap you set. The cap can be at most 4 times the plan price (${plans.map((p) => `$${Number(formatUsd(p.maxCapMicros)).toLocaleString('en-US')} on ${p.label}`).join(', ')}); at the cap, calls are refused with 402 (<code>overage_cap</code>) until you raise it or the month resets. The rate and cap shown here when you turn it on are the ones that bill.</p>
      <div class="field check"><input id="overage-on" name="on" type="checkbox"><label for="overage-on">Allow extra calls beyond the included allowance</label></div>
      <div class="field"><label for="overage-cap">Monthly cap (US dollars)</label><input id="overage-cap" name="cap_usd" type="number" min="0" step="0.01" inputmode="decimal" aria-describedby="overage-cap-help"><p id="overage-cap-help" class="help"></p></div>
      <button type="submit" class="primary">Save extra-call setting</button>
    </fieldset>
    <p id="billing-status" class="status" role="status" aria-live="polite"></p>
  </form>
</section>

<section id="learning" class="card" aria-labelledby="learning-h">
  <h2 id="learning-h">Learning progress</h2>
  <div id="learn-progress"><p class="muted">Loading…</p></div>
</section>

<section id="portfolios" class="card" aria-labelledby="portfolios-h">
  <h2 id="portfolios-h">Portfolios and watchlists</h2>
  <h3>Portfolio positions</h3>
  <div id="portfolio-list"><p class="muted">Loading…</p></div>
  <h3>Watchlists</h3>
  <div id="watchlist-list"><p class="muted">Loading…</p></div>
</section>`,
    '/account',
  );
}
