/**
 * tools.json's `output` of every tool names fields its answer has: the top-level fields of the
 * summary (for a list, those of an item) are all in a real answer on the sample warehouse. An
 * outside tester found `get_paper_account` declaring `reserved` (the answer says `reservedCash`)
 * and `get_news_stats` declaring `last` (it says `latest`).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TOOL_CATALOG } from '../../../schema/mcp/index.ts';
import { mcpCall } from '../../doors.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { MCP_CALLS } from '../../tool-calls.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

/**
 * The top-level field names of an output summary such as `{a,b:{c},d?,e[]}` or `{a,b}[]` (optional
 * ones, marked `?`, and `...` left out), and whether it describes a list of such objects.
 */
export function declaredFields(output: string): { fields: string[]; list: boolean } {
  const text = output.trim();
  const open = text.indexOf('{');
  let depth = 0;
  let end = -1;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{' || text[i] === '(') depth++;
    else if (text[i] === '}' || text[i] === ')') depth--;
    if (depth === 0) {
      end = i;
      break;
    }
  }
  const inner = text.slice(open + 1, end);
  const parts: string[] = [];
  let part = '';
  depth = 0;
  for (const ch of inner) {
    if (ch === '{' || ch === '(') depth++;
    if (ch === '}' || ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(part);
      part = '';
    } else part += ch;
  }
  parts.push(part);
  const fields = parts.map((p) => p.trim()).filter((p) => p !== '...' && !/^[A-Za-z_][A-Za-z0-9_]*\?/.test(p)).map((p) => /^[A-Za-z_][A-Za-z0-9_]*/.exec(p)?.[0] ?? '').filter(Boolean);
  return { fields, list: text.slice(end + 1).startsWith('[]') };
}

const test = suite('MCP outputs as tools.json declares them');
let t: TestApp;
let key: string;

test.before(async () => {
  t = await sampleApp();
  (t.services as { limits?: unknown }).limits = undefined;
  key = (await keyAccount(t.app, t.services.store, 'mcp-outputs@example.com', 'power_user')).key;
});
test.after(async () => {
  await t.close();
});

test('the summary reader takes top-level names only', () => {
  assert.equal(declaredFields('{a,b:{c,d},e?:{f},g[],...,h}'), { fields: ['a', 'b', 'g', 'h'], list: false });
  assert.equal(declaredFields('{a,b}[]'), { fields: ['a', 'b'], list: true });
  assert.equal(declaredFields('{x,items:({a}|{b})[]} (as GET /api/x)'), { fields: ['x', 'items'], list: false });
});

test('every top-level field an output names is in the tool\'s answer', async () => {
  const headers = { 'user-agent': 'almanac-tests/1.0 (mcp-outputs)', 'x-api-key': key };
  // The shared map asks about a lesson and a watchlist that are not there: here, real ones.
  const tracks = (await mcpCall(t.app, 'list_learn_tracks', {}, headers)).body.tracks;
  const lesson = tracks[0].modules[0].lessons[0].id as string;
  const questions = (await mcpCall(t.app, 'get_lesson', { id: lesson }, headers)).body.quiz.length as number;
  const watchlist = (await mcpCall(t.app, 'create_watchlist', { name: 'outputs' }, headers)).body.id as string;
  const args: Record<string, Record<string, unknown>> = {
    ...MCP_CALLS,
    get_lesson: { id: lesson },
    submit_lesson_quiz: { id: lesson, answers: Array.from({ length: questions }, () => 0) },
    add_watchlist_ticker: { id: watchlist, ticker: 'AAPL' },
  };
  const missing: string[] = [];
  let checked = 0;
  for (const tool of TOOL_CATALOG) {
    const output = (tool as { output?: string }).output;
    if (!output) continue;
    const out = await mcpCall(t.app, tool.name, args[tool.name]!, headers);
    assert.not.ok(out.isError, `${tool.name}: ${out.raw}`);
    const { fields, list } = declaredFields(output);
    // A list is answered as an array or as a page of `items`; its fields are an item's.
    const items: unknown[] | null = list ? (Array.isArray(out.body) ? out.body : out.body.items) : null;
    const subject = list ? items?.[0] : out.body;
    if (subject === undefined) continue;
    checked++;
    for (const f of fields) if (!(f in (subject as object))) missing.push(`${tool.name}.${f}`);
  }
  assert.equal(missing, []);
  assert.ok(checked > 50, `only ${checked} tools checked`);
});

test.run();
