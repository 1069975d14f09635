/**
 * Every number a door takes is bounded (README, "Parameters"): an MCP tool argument, a REST query
 * parameter or body field. A number without a finite bound reached the warehouse as
 * `minValueUsd: 1e19` and failed there ("bigint out of int64 range", an MCP 500) where the same
 * parameter on REST was a 400. This walks every schema, so a new unbounded number fails here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { z } from 'zod';
import { RESOURCES } from '../../api/rest/index.ts';
import { TOOL_CATALOG } from '../../schema/mcp/index.ts';

const test = suite('input number bounds');

/** The paths of every number in a schema without a finite minimum and maximum. */
function unbounded(schema: z.ZodType, at: string, out: string[] = [], seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, where: string): void => void unbounded(s as z.ZodType, where, out, seen);
  switch (def.type) {
    case 'number': {
      const n = schema as unknown as { minValue: number | null; maxValue: number | null };
      if (!Number.isFinite(n.minValue ?? NaN) || !Number.isFinite(n.maxValue ?? NaN)) out.push(at);
      break;
    }
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${at}.${k}`);
      break;
    case 'array':
      walk(def.element, `${at}[]`);
      break;
    case 'union':
      for (const o of def.options as unknown[]) walk(o, at);
      break;
    case 'pipe':
      walk(def.in, at);
      walk(def.out, at);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, at);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), at);
      break;
    case 'record':
      walk(def.valueType, `${at}{}`);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((s, i) => walk(s, `${at}[${i}]`));
      break;
  }
  return out;
}

test('every MCP tool argument that is a number has a finite minimum and maximum', () => {
  const found = TOOL_CATALOG.flatMap((t) => unbounded(t.input, t.name));
  assert.equal(found, []);
});

test('every REST query parameter and body field that is a number has a finite minimum and maximum', () => {
  const found = RESOURCES.flatMap((r) =>
    r.routes.flatMap((route) => {
      const d = route as unknown as { method: string | string[]; path: string; query?: z.ZodType; body?: z.ZodType };
      const name = `${[d.method].flat().join(',')} ${d.path}`;
      return [...(d.query ? unbounded(d.query, `${name} ?`) : []), ...(d.body ? unbounded(d.body, `${name} body`) : [])];
    }),
  );
  assert.equal(found, []);
});

test('the walk finds an unbounded number', async () => {
  const { z } = await import('zod');
  assert.equal(unbounded(z.object({ a: z.number().min(0), b: z.array(z.number().int()).optional(), c: z.number().min(0).max(1) }), 'x'), ['x.a']);
});

test.run();
