/**
 * What no input string may hold (schema/common.ts `CONTROL_CHARACTER`, read by `inputFault` before
 * any schema on every door): C0 controls but tab, LF and CR, DEL, the C1 controls, and the bidi
 * embeddings, overrides and isolates. An outside pass registered a display name holding U+202E
 * (right-to-left override) and saw tickers holding it and U+0085 accepted and echoed back.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CONTROL_CHARACTER, controlCharacterMessage, inputFault } from '../../schema/common.ts';
import { sampleApp, type TestApp } from '../helpers.ts';

const test = suite('control characters in input');

test('refused: C0 (not tab, LF, CR), DEL, C1, bidi embeddings, overrides and isolates; kept: text', () => {
  for (const c of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0080', '\u0085', '\u009F', '\u202A', '\u202D', '\u202E', '\u2066', '\u2069']) {
    assert.ok(CONTROL_CHARACTER.test(`a${c}b`), `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  }
  for (const ok of ['two\twords', 'line\nbreak', 'crlf\r\n', 'Société Générale', 'Müller', 'שלום', '東京', '😀', '\u00A0', '\u200E']) {
    assert.not.ok(CONTROL_CHARACTER.test(ok), JSON.stringify(ok));
  }
  assert.equal(inputFault({ name: 'x\u202Ey' }), { problem: 'control character', at: 'name', char: '\u202E' });
  // A key holding one is named with it shown as '?'.
  assert.equal(inputFault({ ['k\u202E']: 1 }), { problem: 'control character', at: 'k?', char: '\u202E' });
  // C0 and DEL are told as before; a C1 or bidi control by its code point, as the name rule tells it.
  assert.is(controlCharacterMessage(inputFault('a\u0000')!), 'must not contain control characters');
  assert.is(controlCharacterMessage(inputFault('a\u0085')!), 'must not contain U+0085 (a control character)');
  assert.is(controlCharacterMessage(inputFault('a\u202E')!), 'must not contain U+202E (a bidirectional control character)');
  // Half a surrogate pair is refused in a value and in a key; a whole pair (an emoji) is text.
  assert.equal(inputFault({ q: ['a\uDC00'] }), { problem: 'control character', at: 'q.0', char: '\uDC00' });
  assert.equal(inputFault({ ['k\uD800']: 1 }), { problem: 'control character', at: 'k?', char: '\uD800' });
  assert.is(inputFault({ q: 'a\uD83D\uDE00b', r: '\uD83D\uDE00' }), null);
  assert.is(controlCharacterMessage(inputFault('\uDC00')!), 'must not contain U+DC00 (a lone surrogate, half of a UTF-16 pair)');
});

let t: TestApp;
test.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
test.after(() => t.close());

test('every door answers 400 for them, never an echo', async () => {
  const UA = { 'user-agent': 'almanac-tests/1.0 (control)' };
  for (const [url, error] of [
    ['/api/news/ticker?ticker=%E2%80%AE', "invalid parameter 'ticker': must not contain U+202E (a bidirectional control character)"],
    ['/api/insiders?ticker=%E2%80%AE', "invalid parameter 'ticker': must not contain U+202E (a bidirectional control character)"],
    ['/api/ticker-search?q=%C2%85', "invalid parameter 'q': must not contain U+0085 (a control character)"],
    ['/api/ticker-search?q=a%00', "invalid parameter 'q': must not contain control characters"],
  ] as const) {
    const res = await t.app.inject({ url, headers: UA });
    assert.is(res.statusCode, 400, `${url}: ${res.body}`);
    assert.is(res.json().error, error, url);
  }
});

test("a ticker parameter takes a symbol's characters on every route: an emoji or a quote is a 400, not an unknown ticker echoed back", async () => {
  const UA = { 'user-agent': 'almanac-tests/1.0 (control)' };
  for (const url of ['/api/news/ticker?ticker=%F0%9F%98%80', "/api/news/search?ticker='", '/api/insiders?ticker=*', '/api/institutional-holders?ticker=%27']) {
    const res = await t.app.inject({ url, headers: UA });
    assert.is(res.statusCode, 400, `${url}: ${res.body}`);
    assert.match(res.json().error, "invalid parameter 'ticker'", url);
  }
});

test.run();
