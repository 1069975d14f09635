// Account pages: sign up (proof of work in the browser), verify, sign in/out, settings panel.
// Plain ES2020, no dependencies, no external requests: every call goes to this site's JSON API.
'use strict';
(function () {
  // --- SHA-256 (FIPS 180-4), so the proof of work runs even where crypto.subtle is unavailable
  // (plain-HTTP origins other than localhost) and synchronously in small batches. -------------
  var K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);
  var W = new Uint32Array(64);
  function sha256Hex(text) {
    var bytes = new TextEncoder().encode(text);
    var len = bytes.length;
    var blocks = Math.ceil((len + 9) / 64);
    var buf = new Uint8Array(blocks * 64);
    buf.set(bytes);
    buf[len] = 0x80;
    var view = new DataView(buf.buffer);
    view.setUint32(buf.length - 4, (len * 8) >>> 0);
    view.setUint32(buf.length - 8, Math.floor(len / 0x20000000));
    var h0 = 0x6a09e667, h1 = 0xbb67ae85, h2 = 0x3c6ef372, h3 = 0xa54ff53a, h4 = 0x510e527f, h5 = 0x9b05688c, h6 = 0x1f83d9ab, h7 = 0x5be0cd19;
    for (var off = 0; off < buf.length; off += 64) {
      for (var i = 0; i < 16; i++) W[i] = view.getUint32(off + i * 4);
      for (i = 16; i < 64; i++) {
        var x = W[i - 15], y = W[i - 2];
        var s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
        var s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
        W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
      }
      var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
      for (i = 0; i < 64; i++) {
        var S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        var t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
        var S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        var t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h0 = (h0 + a) | 0; h1 = (h1 + b) | 0; h2 = (h2 + c) | 0; h3 = (h3 + d) | 0;
      h4 = (h4 + e) | 0; h5 = (h5 + f) | 0; h6 = (h6 + g) | 0; h7 = (h7 + h) | 0;
    }
    return [h0, h1, h2, h3, h4, h5, h6, h7].map(function (v) { return (v >>> 0).toString(16).padStart(8, '0'); }).join('');
  }
  window.almanacSha256 = sha256Hex;

  /** Finds `solution` with sha256(challenge + solution) starting with `difficulty` zeros, yielding
   * to the page between batches so the progress bar moves and the page stays responsive. */
  function solvePow(challenge, difficulty, onProgress) {
    var prefix = '0'.repeat(difficulty);
    var expected = Math.pow(16, difficulty);
    var n = 0;
    return new Promise(function (resolve) {
      function batch() {
        var end = n + 256;
        for (; n < end; n++) {
          var s = n.toString(36);
          if (sha256Hex(challenge + s).startsWith(prefix)) {
            onProgress(n + 1, expected, true);
            resolve(s);
            return;
          }
        }
        onProgress(n, expected, false);
        setTimeout(batch, 0);
      }
      batch();
    });
  }

  // --- API client --------------------------------------------------------------------------
  var csrfToken = null;
  function api(method, path, body, opts) {
    opts = opts || {};
    // Every state-changing call of a signed-in session carries the CSRF token (fetched on first use).
    var unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && !csrfToken) return fetchCsrf().then(function () { return api(method, path, body, opts); });
    var headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.csrf || unsafe) headers['X-CSRF-Token'] = csrfToken || '';
    return fetch(path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' }).then(function (res) {
      return res.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = { error: text }; }
        return { status: res.status, ok: res.ok, data: data, headers: res.headers };
      });
    });
  }
  function fetchCsrf() {
    return api('GET', '/api/auth/csrf').then(function (r) {
      if (!r.ok) throw new Error((r.data && r.data.error) || 'could not get a CSRF token');
      csrfToken = r.data.csrfToken;
      return csrfToken;
    });
  }
  function errorText(r) {
    var msg = (r.data && r.data.error) || 'HTTP ' + r.status;
    var retry = r.headers && r.headers.get('Retry-After');
    if (r.status === 429 && retry) msg += ' (try again in ' + retry + ' s)';
    return msg;
  }

  // --- DOM helpers -------------------------------------------------------------------------
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k === 'class') node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c != null) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function status(id, text, kind) {
    var node = $(id);
    if (!node) return;
    node.textContent = text;
    node.className = 'status' + (kind ? ' ' + kind : '');
  }
  function when(iso) {
    if (!iso) return '—';
    var d = new Date(iso.length === 10 ? iso + 'T00:00:00Z' : iso);
    return isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  }
  function usd(n) { return typeof n === 'number' ? '$' + n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 }) : '—'; }
  function formValues(form) {
    var out = {};
    new FormData(form).forEach(function (v, k) { if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim(); });
    return out;
  }
  function busy(form, on) {
    Array.prototype.forEach.call(form.querySelectorAll('button, input, select, textarea'), function (c) { c.disabled = on; });
    form.setAttribute('aria-busy', on ? 'true' : 'false');
  }

  // --- Sign up -----------------------------------------------------------------------------
  function signup() {
    var form = $('signup-form');
    try { $('timezone').value = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) { /* optional */ }
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var values = formValues(form);
      if (!form.checkValidity()) {
        status('signup-status', 'Please fill in the email address and a password of at least ' + $('password').minLength + ' characters, and tick the consent box.', 'error');
        form.reportValidity();
        return;
      }
      delete values.consent;
      busy(form, true);
      $('pow').hidden = false;
      status('signup-status', 'Preparing…');
      fetchCsrf()
        .then(function () { return api('GET', '/api/auth/challenge'); })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          var started = Date.now();
          status('pow-status', 'Solving the proof-of-work challenge…');
          return solvePow(r.data.challenge, r.data.difficulty, function (tries, expected, done) {
            var bar = $('pow-progress');
            bar.value = done ? 100 : Math.min(99, Math.round(100 * (1 - Math.exp(-tries / expected))));
            $('pow-status').textContent = done ? 'Solved after ' + tries.toLocaleString() + ' tries in ' + ((Date.now() - started) / 1000).toFixed(1) + ' s.' : 'Solving… ' + tries.toLocaleString() + ' tries';
          }).then(function (solution) { return { challenge: r.data.challenge, solution: solution }; });
        })
        .then(function (pow) {
          status('signup-status', 'Creating your account…');
          values.challenge = pow.challenge;
          values.solution = pow.solution;
          return api('POST', '/api/auth/register', values, { csrf: true });
        })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          form.reset();
          form.hidden = true;
          var done = el('div', { class: 'card success', id: 'signup-done', tabindex: '-1' }, [
            el('h2', { text: 'Check your email' }),
            // The API's message tells a script to sign in with POST /api/auth/login; a browser user gets the page's own words.
            el('p', { text: 'If this address can be registered, a verification link is on its way to it: open it in this browser.' }),
            el('p', {}, ['After verifying, ', el('a', { href: '/login', text: 'sign in' }), '.']),
          ]);
          form.parentNode.insertBefore(done, form.nextSibling);
          done.focus();
        })
        .catch(function (err) {
          status('signup-status', err.message, 'error');
          busy(form, false);
        });
    });
  }

  // --- Verify landing ----------------------------------------------------------------------
  function verify() {
    var token = new URLSearchParams(location.search).get('token');
    var showResend = function () { $('resend-form').hidden = false; };
    if (!token) {
      status('verify-status', 'This link has no verification token. Open the link from the email exactly as sent, or ask for a new one.', 'error');
      showResend();
    } else {
      api('GET', '/api/auth/verify-email?token=' + encodeURIComponent(token)).then(function (r) {
        if (r.ok) {
          status('verify-status', 'Thank you: ' + r.data.email + ' is verified. You can now sign in and create API keys.', 'success');
          $('verify-next').hidden = false;
        } else {
          status('verify-status', errorText(r), 'error');
          showResend();
        }
      });
    }
    $('resend-form').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var form = ev.target;
      busy(form, true);
      fetchCsrf()
        .then(function () { return api('POST', '/api/auth/resend-verification', { email: $('resend-email').value.trim() }, { csrf: true }); })
        .then(function (r) { status('resend-status', r.ok ? r.data.message : errorText(r), r.ok ? 'success' : 'error'); })
        .catch(function (err) { status('resend-status', err.message, 'error'); })
        .then(function () { busy(form, false); });
    });
  }

  // --- Sign in / out -----------------------------------------------------------------------
  function login() {
    var form = $('login-form');
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var values = formValues(form);
      if (!values.email || !values.password) { status('login-status', 'Enter your email address and password.', 'error'); return; }
      busy(form, true);
      status('login-status', 'Signing in…');
      fetchCsrf()
        .then(function () { return api('POST', '/api/auth/login', { email: values.email, password: $('password').value }, { csrf: true }); })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          var next = new URLSearchParams(location.search).get('next');
          location.assign(next && /^\/[a-z]/.test(next) ? next : '/account');
        })
        .catch(function (err) { status('login-status', err.message, 'error'); busy(form, false); });
    });
  }
  function bindLogout(statusId) {
    var form = $('logout-form');
    if (!form) return;
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      fetchCsrf()
        .then(function () { return api('POST', '/api/auth/logout', undefined, { csrf: true }); })
        .then(function (r) {
          if (!r.ok && r.status !== 401) throw new Error(errorText(r));
          location.assign('/login?signed_out=1');
        })
        .catch(function (err) { status(statusId, err.message, 'error'); });
    });
  }

  // --- Settings panel ----------------------------------------------------------------------
  var account = null;
  // Signed out, the panel goes to the sign-in page without asking /api/auth/me (whose 401 a browser
  // logs as a console error): the CSRF endpoint says whether the request carried a session.
  function whoami() {
    return api('GET', '/api/auth/csrf').then(function (r) {
      if (r.ok && r.data && r.data.boundTo !== 'session') return { status: 401, ok: false, data: null, headers: r.headers };
      return api('GET', '/api/auth/me');
    });
  }
  function settings() {
    whoami().then(function (r) {
      if (r.status === 401) { location.assign('/login?next=' + encodeURIComponent(location.pathname + location.search + location.hash).replace(/%2F/g, '/')); return; }
      if (!r.ok) { status('settings-status', errorText(r), 'error'); return; }
      account = r.data;
      status('settings-status', '');
      renderDetails();
      renderPlans();
      fetchCsrf().catch(function (err) { status('settings-status', err.message, 'error'); });
      loadKeys();
      loadBilling();
      loadLearn();
      loadOptional('/api/portfolio-positions', 'portfolio-list', 'No positions in the default portfolio.', null, ['ticker', 'shares', 'cost_basis', 'price', 'market_value', 'unrealized_pnl']);
      loadOptional('/api/watchlists', 'watchlist-list', 'No watchlists yet.', null, ['name', 'tickers', 'updatedAt']);
    });
    bindLogout('settings-status');
    bindKeys();
    bindBilling();
    bindPlans();
  }

  function renderDetails() {
    var dl = $('account-details');
    dl.textContent = '';
    var rows = [
      ['Email', account.email + (account.emailVerified ? ' (verified)' : ' (not verified yet)')],
      ['Display name', account.displayName || '—'],
      ['Tier', label(account.effectiveTier) + (account.plan ? ' (via the ' + label(account.plan) + ' plan)' : '')],
      ['Member since', when(account.createdAt)],
    ];
    if (account.timezone) rows.push(['Time zone', account.timezone]);
    rows.forEach(function (row) { dl.appendChild(el('dt', { text: row[0] })); dl.appendChild(el('dd', { text: row[1] })); });
    $('verify-first').hidden = !!account.emailVerified;
  }
  // Plans section (GET /api/billing/subscription): mark the caller's tier and plan, label each
  // button as an upgrade or a downgrade, and preselect the tier a 402 sent the user here for
  // (`/account?upgrade=investor#plans`). Every change is confirmed with its price and when it applies.
  var subscription = null;
  var chosenOffer = null;
  function offerRow(id) {
    return document.querySelector('#tiers-table tr[data-tier="' + id + '"], #plans-table tr[data-plan="' + id + '"]');
  }
  function offerOf(id) {
    return subscription && subscription.offers.filter(function (o) { return o.id === id; })[0];
  }
  function renderPlans() {
    var tiers = ['learner', 'researcher', 'investor', 'power_user'];
    var mark = function (row, text) { if (row) { row.classList.add('current'); row.querySelector('.current-mark').textContent = text; } };
    mark(document.querySelector('#tiers-table tr[data-tier="' + account.tier + '"]'), 'Your tier');
    if (account.plan) mark(document.querySelector('#plans-table tr[data-plan="' + account.plan + '"]'), 'Your plan');
    var wanted = new URLSearchParams(location.search).get('upgrade');
    var row = wanted && document.querySelector('#tiers-table tr[data-tier="' + wanted.replace(/[^a-z_]/g, '') + '"]');
    if (row) {
      row.classList.add('selected');
      $('plans-required-text').textContent = tiers.indexOf(account.effectiveTier) >= tiers.indexOf(wanted)
        ? 'Your account already has the ' + label(account.effectiveTier) + ' tier' + (account.plan ? ' (through the ' + label(account.plan) + ' plan)' : '') + ', which includes ' + label(wanted) + ': repeat the request (a key sees a change within 30 seconds).'
        : 'The request that sent you here needs the ' + label(wanted) + ' tier or above; your account acts as ' + label(account.effectiveTier) + '.';
      $('plans-required').hidden = false;
    }
    var checkout = new URLSearchParams(location.search).get('checkout');
    if (checkout === 'success') status('plans-status', 'Payment received by Stripe: your plan changes as soon as Stripe confirms it, usually within seconds. Reload this page to see it.', 'success');
    else if (checkout === 'cancelled') status('plans-status', 'Checkout was cancelled: nothing changed and nothing was charged.', 'error');
    return loadSubscription().then(function () {
      if (!row) return;
      var go = $('plans-required-go');
      var o = offerOf(wanted);
      if (o && tiers.indexOf(account.effectiveTier) < tiers.indexOf(wanted)) {
        go.textContent = 'Upgrade to ' + o.label;
        go.hidden = false;
        go.onclick = function () { openPlanDialog(wanted); };
      }
      // Land on the preselected tier (the hash alone would stop at the top of the section).
      $('plans-required').focus();
      row.scrollIntoView({ block: 'center' });
    });
  }

  function loadSubscription() {
    return api('GET', '/api/billing/subscription').then(function (r) {
      if (!r.ok) {
        Array.prototype.forEach.call(document.querySelectorAll('.choose-offer'), function (b) { b.hidden = true; });
        if (r.status !== 404) status('plans-status', errorText(r), 'error');
        return;
      }
      subscription = r.data;
      subscription.offers.forEach(function (o) {
        var tr = offerRow(o.id);
        var btn = tr && tr.querySelector('.choose-offer');
        if (!btn) return;
        btn.hidden = o.change === 'current';
        btn.textContent = o.change === 'upgrade' ? 'Upgrade' : 'Downgrade';
        btn.setAttribute('aria-label', (o.change === 'upgrade' ? 'Upgrade to ' : 'Downgrade to ') + o.label + ', ' + priceLabel(o.price_usd));
        if (o.change === 'current' && !tr.querySelector('.current-mark').textContent) tr.querySelector('.current-mark').textContent = 'Yours';
      });
      var p = subscription.pending;
      var note = $('plans-pending');
      note.hidden = !p;
      if (p) note.textContent = 'Your request to change to ' + p.label + ' (' + priceLabel(p.price_usd) + ') is waiting ' + (subscription.provider === 'stripe' ? 'for payment' : 'for an operator') + ' since ' + when(p.requested_at) + '. A new choice replaces it.';
      else if (subscription.subscription_status === 'past_due') { note.hidden = false; note.textContent = 'Your last payment failed: Stripe retries it; please check your card.'; }
      else if (subscription.subscription_status === 'cancelling') { note.hidden = false; note.textContent = 'Your subscription ends at the end of the period you have paid for; after that the account is on Learner.'; }
    });
  }

  function priceLabel(n) { return n === 0 ? 'free' : usd(n) + ' per month'; }

  function openPlanDialog(id) {
    var o = offerOf(id);
    if (!o) return;
    chosenOffer = id;
    var verb = o.change === 'upgrade' ? 'Upgrade' : 'Downgrade';
    $('plan-dialog-h').textContent = verb + ' to ' + o.label + '?';
    $('plan-dialog-price').textContent = 'Price: ' + priceLabel(o.price_usd) + (subscription ? ' (now ' + priceLabel(subscription.price_usd) + ' on ' + subscription.label + ')' : '') + '.';
    $('plan-dialog-when').textContent = o.applies;
    $('plan-confirm').textContent = 'Confirm: ' + verb.toLowerCase() + ' to ' + o.label;
    var dialog = $('plan-dialog');
    dialog.returnValue = '';
    dialog.showModal();
  }

  function bindPlans() {
    $('plans').addEventListener('click', function (ev) {
      var btn = ev.target.closest('button.choose-offer');
      if (btn) openPlanDialog(btn.getAttribute('data-offer'));
    });
    var dialog = $('plan-dialog');
    dialog.addEventListener('close', function () {
      var id = chosenOffer;
      chosenOffer = null;
      if (!id || dialog.returnValue !== 'confirm') return;
      status('plans-status', 'Sending…');
      api('POST', '/api/billing/plan-change', { offer: id }, { csrf: true })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          var d = r.data;
          if (d.status === 'checkout') { status('plans-status', 'Opening Stripe checkout…'); location.assign(d.checkout_url); return; }
          if (d.status === 'pending') status('plans-status', 'Requested: ' + d.label + ' (' + priceLabel(d.price_usd) + '). ' + d.applies, 'success');
          else if (d.status === 'scheduled') status('plans-status', 'Scheduled: ' + d.applies, 'success');
          else status('plans-status', 'Done: your account is now on ' + d.label + '.', 'success');
          return api('GET', '/api/auth/me').then(function (me) {
            if (me.ok) { account = me.data; renderDetails(); }
            Array.prototype.forEach.call(document.querySelectorAll('#plans tr.current'), function (tr) { tr.classList.remove('current'); tr.querySelector('.current-mark').textContent = ''; });
            var mark = function (row, text) { if (row) { row.classList.add('current'); row.querySelector('.current-mark').textContent = text; } };
            mark(document.querySelector('#tiers-table tr[data-tier="' + account.tier + '"]'), 'Your tier');
            if (account.plan) mark(document.querySelector('#plans-table tr[data-plan="' + account.plan + '"]'), 'Your plan');
            return Promise.all([loadSubscription(), loadBilling()]);
          });
        })
        .catch(function (err) { status('plans-status', err.message, 'error'); });
    });
  }

  function label(id) {
    return String(id || '').split('_').map(function (w) { return w.charAt(0).toUpperCase() + w.slice(1); }).join(' ');
  }

  function loadKeys() {
    return api('GET', '/api/keys/list').then(function (r) {
      if (!r.ok) { status('keys-status', errorText(r), 'error'); return; }
      var body = $('keys-table').tBodies[0];
      body.textContent = '';
      $('keys-empty').hidden = r.data.length > 0;
      fillUsageKeys(r.data);
      r.data.forEach(function (k) {
        var actions = el('td', { class: 'actions-cell' });
        if (k.status === 'active') {
          var btn = el('button', { type: 'button', class: 'danger small', 'data-key-id': k.id, 'data-prefix': k.prefix, 'aria-label': 'Revoke key ' + (k.name || k.prefix) }, ['Revoke']);
          actions.appendChild(btn);
        }
        body.appendChild(el('tr', { 'data-key-row': k.id }, [
          el('td', { text: k.name || '—', 'data-label': 'Name' }),
          el('td', { 'data-label': 'Prefix' }, [el('code', { text: k.prefix + '…' + k.lastFour })]),
          el('td', { text: k.kind, 'data-label': 'Kind' }),
          el('td', { 'data-label': 'Status' }, [el('span', { class: 'badge badge-' + k.status, text: k.status })]),
          el('td', { text: when(k.createdAt), 'data-label': 'Created' }),
          el('td', { text: k.lastUsedAt ? when(k.lastUsedAt) : 'never', 'data-label': 'Last used' }),
          el('td', { text: k.expiresAt ? when(k.expiresAt) : 'never', 'data-label': 'Expires' }),
          actions,
        ]));
      });
      var hasTrial = r.data.some(function (k) { return k.kind === 'trial'; });
      $('trial-key').disabled = hasTrial;
      if (hasTrial) $('trial-key').textContent = 'Trial key already issued';
    });
  }

  function showNewKey(data) {
    var box = $('new-key');
    $('new-key-value').value = data.key;
    box.hidden = false;
    box.focus();
    status('copy-status', '');
  }

  function bindKeys() {
    $('create-key-form').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var form = ev.target;
      var name = $('key-name').value.trim();
      if (!name) { status('keys-status', 'Give the key a name, so you can tell your keys apart.', 'error'); $('key-name').focus(); return; }
      busy(form, true);
      api('POST', '/api/keys', { name: name }, { csrf: true })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          form.reset();
          status('keys-status', 'Key "' + name + '" created.', 'success');
          showNewKey(r.data);
          return loadKeys();
        })
        .catch(function (err) { status('keys-status', err.message, 'error'); })
        .then(function () { busy(form, false); });
    });
    $('trial-key').addEventListener('click', function () {
      var btn = $('trial-key');
      btn.disabled = true;
      api('POST', '/api/keys/trial', undefined, { csrf: true })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          status('keys-status', 'Trial key created.', 'success');
          showNewKey(r.data);
          return loadKeys();
        })
        .catch(function (err) { status('keys-status', err.message, 'error'); btn.disabled = false; });
    });
    $('copy-key').addEventListener('click', function () {
      var input = $('new-key-value');
      var done = function () { status('copy-status', 'Copied to the clipboard.', 'success'); };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, function () { input.select(); document.execCommand('copy'); done(); });
      } else {
        input.select();
        document.execCommand('copy');
        done();
      }
    });
    $('dismiss-key').addEventListener('click', function () {
      $('new-key-value').value = '';
      $('new-key').hidden = true;
      $('key-name').focus();
    });
    var dialog = $('revoke-dialog');
    var pending = null;
    $('keys-table').addEventListener('click', function (ev) {
      var btn = ev.target.closest('button[data-key-id]');
      if (!btn) return;
      pending = btn;
      $('revoke-prefix').textContent = btn.getAttribute('data-prefix') + '…';
      dialog.returnValue = '';
      dialog.showModal();
    });
    dialog.addEventListener('close', function () {
      var btn = pending;
      pending = null;
      if (!btn) return;
      if (dialog.returnValue !== 'confirm') { btn.focus(); return; }
      api('DELETE', '/api/keys/' + encodeURIComponent(btn.getAttribute('data-key-id')), undefined, { csrf: true })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          status('keys-status', 'Key ' + r.data.prefix + '… revoked.', 'success');
          return loadKeys();
        })
        .catch(function (err) { status('keys-status', err.message, 'error'); });
    });
  }

  // Billing (schema/billing.ts): GET /api/billing/agent-plan (plan record), GET
  // /account/usage-chart (calls per day, server-rendered), POST /api/billing/agent-plan/overage {cap_usd}.
  function loadBilling() {
    return api('GET', '/api/billing/agent-plan').then(function (plan) {
      var dl = $('billing-plan');
      dl.textContent = '';
      if (plan.status === 404) {
        dl.appendChild(el('dt', { text: 'Plan' }));
        dl.appendChild(el('dd', { text: 'Billing is not available on this server.' }));
        $('overage-form').hidden = true;
        $('usage-figure').hidden = true;
        return;
      }
      if (!plan.ok) { status('billing-status', errorText(plan), 'error'); return; }
      var p = plan.data;
      var rows = [
        ['Plan', p.plan ? p.plan_name + ' (' + usd(p.price_usd) + ' per month)' : 'No developer plan: keys without a plan are never billed per call'],
        ['Included calls per month', p.plan ? p.included_calls.toLocaleString() : '—'],
        ['Extra-call rate', p.plan ? usd(p.rate_usd) + ' per call' : '—'],
        ['Extra calls', p.extra_calls_enabled ? 'on, monthly cap ' + usd(p.limit_usd) : p.consent_required ? 'off: your plan or price changed, turn them on again to accept the new terms' : 'off'],
        ['Accrued extra-call charges this month', usd(p.overage_accrued_usd)],
        ['Month', p.month + ' (resets ' + when(p.resets_at) + ')'],
      ];
      rows.forEach(function (row) { dl.appendChild(el('dt', { text: row[0] })); dl.appendChild(el('dd', { text: row[1] })); });
      var form = $('overage-form');
      form.hidden = !p.plan;
      if (p.plan) {
        $('overage-on').checked = !!p.extra_calls_enabled;
        $('overage-cap').value = p.extra_calls_enabled ? String(p.limit_usd) : '';
        $('overage-cap').max = String(p.max_cap_usd);
        $('overage-cap').placeholder = String(p.default_cap_usd);
        $('overage-cap-help').textContent = 'Leave empty for the default cap of ' + usd(p.default_cap_usd) + '. Maximum ' + usd(p.max_cap_usd) + ' (4 times the ' + p.plan_name + ' price of ' + usd(p.price_usd) + '). Extra calls cost ' + usd(p.rate_usd) + ' each.';
      }
      return loadUsageChart();
    });
  }

  // Month-to-date calls per day: the server renders the chart (SVG with a data table fallback,
  // api/web/usage-chart.ts) for the account or one key.
  function loadUsageChart() {
    var key = $('usage-key').value;
    var target = $('usage-chart');
    target.setAttribute('aria-busy', 'true');
    return fetch('/account/usage-chart' + (key ? '?key=' + encodeURIComponent(key) : ''), { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then(function (res) {
        return res.text().then(function (text) {
          if (res.ok) target.innerHTML = text;
          else {
            var msg = text;
            try { msg = JSON.parse(text).error; } catch (e) { /* plain text */ }
            target.textContent = '';
            target.appendChild(el('p', { class: 'status error', text: msg || 'HTTP ' + res.status }));
          }
        });
      })
      .catch(function (err) { target.textContent = err.message; })
      .then(function () { target.setAttribute('aria-busy', 'false'); });
  }

  function fillUsageKeys(keys) {
    var select = $('usage-key');
    var chosen = select.value;
    while (select.options.length > 1) select.remove(1);
    keys.forEach(function (k) { select.appendChild(el('option', { value: k.id, text: (k.name || 'unnamed') + ' (' + k.prefix + '…)' })); });
    select.value = keys.some(function (k) { return k.id === chosen; }) ? chosen : '';
  }

  function bindBilling() {
    $('usage-key').addEventListener('change', loadUsageChart);
    $('overage-form').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var form = ev.target;
      var on = $('overage-on').checked;
      var capText = $('overage-cap').value.trim();
      var body = {};
      if (!on) body.cap_usd = 0;
      else if (capText !== '') {
        var cap = Number(capText);
        var max = $('overage-cap').max ? Number($('overage-cap').max) : Infinity;
        if (!(cap > 0)) { status('billing-status', 'The cap must be a positive amount in US dollars (or untick the box to turn extra calls off).', 'error'); return; }
        if (cap > max) { status('billing-status', 'The cap can be at most ' + usd(max) + ': 4 times the plan price.', 'error'); return; }
        body.cap_usd = cap;
      }
      busy(form, true);
      api('POST', '/api/billing/agent-plan/overage', body, { csrf: true })
        .then(function (r) {
          if (!r.ok) throw new Error(errorText(r));
          status('billing-status', r.data.extra_calls_enabled ? 'Extra calls are on, capped at ' + usd(r.data.limit_usd) + ' this month.' : 'Extra calls are off.', 'success');
          return loadBilling();
        })
        .catch(function (err) { status('billing-status', err.message, 'error'); })
        .then(function () { busy(form, false); });
    });
  }

  function loadLearn() {
    var target = $('learn-progress');
    return api('GET', '/api/learn/progress').then(function (r) {
      target.textContent = '';
      if (!r.ok) { target.appendChild(el('p', { class: r.status === 404 ? 'muted' : 'status error', text: r.status === 404 ? 'Not available on this server.' : errorText(r) })); return; }
      var p = r.data;
      var bar = el('progress', { max: String(p.total || 1), value: String(p.completed), id: 'learn-bar', 'aria-label': 'Lessons completed' });
      target.appendChild(el('p', {}, [p.completed + ' of ' + p.total + ' lessons completed (' + p.percent + '%).']));
      target.appendChild(bar);
      if (p.nextLesson) target.appendChild(el('p', {}, ['Next: ', el('a', { href: '/learn/' + p.nextLesson.id, text: p.nextLesson.title })]));
      if (p.lessons.length) {
        target.appendChild(el('div', { class: 'table-wrap' }, [el('table', {}, [
          el('thead', {}, [el('tr', {}, ['Lesson', 'Attempts', 'Best score', 'Completed'].map(function (h) { return el('th', { scope: 'col', text: h }); }))]),
          el('tbody', {}, p.lessons.map(function (l) {
            return el('tr', {}, [el('td', {}, [el('a', { href: '/learn/' + l.lessonId, text: l.lessonId })]), el('td', { text: String(l.attempts) }), el('td', { text: l.bestScore + ' / ' + l.questions }), el('td', { text: l.completedAt ? when(l.completedAt) : 'not yet' })]);
          })),
        ])]));
      }
    });
  }

  // LEARN lesson page: the quiz is scored by the API; signed in, the attempt is recorded.
  function lesson() {
    var root = document.querySelector('[data-lesson]');
    var id = root.getAttribute('data-lesson');
    var form = $('quiz-form');
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var questions = form.querySelectorAll('fieldset.question');
      var answers = [];
      for (var i = 0; i < questions.length; i++) {
        var picked = form.querySelector('input[name="q' + i + '"]:checked');
        if (!picked) { status('quiz-status', 'Answer question ' + (i + 1) + ' first.', 'error'); questions[i].querySelector('input').focus(); return; }
        answers.push(Number(picked.value));
      }
      api('POST', '/api/learn/lessons/' + encodeURIComponent(id) + '/quiz', { answers: answers }).then(function (r) {
        if (r.status === 401) {
          status('quiz-status', '', '');
          var node = $('quiz-status');
          node.appendChild(document.createTextNode('Sign in to check your answers and keep your progress: '));
          node.appendChild(el('a', { href: '/login?next=/learn/' + id, text: 'sign in' }));
          return;
        }
        if (!r.ok) { status('quiz-status', errorText(r), 'error'); return; }
        r.data.results.forEach(function (res, i) {
          $('q' + i + '-result').textContent = (res.correct ? 'Correct. ' : 'Not quite. ') + res.explanation;
        });
        status('quiz-status', r.data.score + ' of ' + r.data.questions + ' correct' + (r.data.passed ? ': lesson completed.' : '. Two thirds are needed to complete the lesson; try again.'), r.data.passed ? 'success' : 'error');
      });
    });
  }

  /** Renders a list endpoint that may not exist on every deployment as a simple table. */
  function loadOptional(path, targetId, emptyText, link, columns) {
    var target = $(targetId);
    return api('GET', path).then(function (r) {
      target.textContent = '';
      if (r.status === 404 && !Array.isArray(r.data)) { target.appendChild(el('p', { class: 'muted', text: 'Not available on this server yet.' })); return; }
      if (!r.ok) { target.appendChild(el('p', { class: 'status error', text: errorText(r) })); return; }
      var rows = Array.isArray(r.data) ? r.data : r.data && (r.data.items || r.data.positions || r.data.watchlists || r.data.courses || r.data.progress);
      if (!Array.isArray(rows) || rows.length === 0) {
        var p = el('p', { class: 'muted', text: emptyText });
        if (link) { p.appendChild(el('a', { href: link[0], text: link[1] })); p.appendChild(document.createTextNode('.')); }
        target.appendChild(p);
        return;
      }
      var cols = columns || Object.keys(rows[0]).filter(function (k) { return typeof rows[0][k] !== 'object' || rows[0][k] === null; }).slice(0, 6);
      var table = el('table', {}, [
        el('thead', {}, [el('tr', {}, cols.map(function (c) { return el('th', { scope: 'col', text: c.replace(/_/g, ' ') }); }))]),
        el('tbody', {}, rows.map(function (row) { return el('tr', {}, cols.map(function (c) { var v = row[c]; return el('td', { text: v == null ? '—' : Array.isArray(v) ? v.join(', ') : /At$/.test(c) ? when(v) : String(v) }); })); })),
      ]);
      target.appendChild(el('div', { class: 'table-wrap' }, [table]));
    });
  }

  var pageId = (document.querySelector('[data-page]') || {}).getAttribute ? document.querySelector('[data-page]').getAttribute('data-page') : null;
  if (pageId === 'signup') signup();
  else if (pageId === 'verify') verify();
  else if (pageId === 'login') login();
  else if (pageId === 'logout') bindLogout('logout-status');
  else if (pageId === 'settings') settings();
  else if (pageId === 'lesson') lesson();
})();
