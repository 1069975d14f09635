/**
 * Test helper shared by the glossary and LEARN content tests: does a REST path (with concrete
 * values, `{param}` or `:param` segments) match a registered route, and does a dotted field exist
 * in that route's success schema?
 */
import { z, type ZodType } from 'zod';
import type { AnyRoute } from '../../api/route.ts';
import { RESOURCES } from '../../api/rest/index.ts';

const ROUTES: AnyRoute[] = RESOURCES.flatMap((r) => r.routes.filter((d) => !d.root));

const methodsOf = (r: AnyRoute): string[] => (Array.isArray(r.method) ? r.method : [r.method]).map(String);

/** The route serving `path` (under /api, query string ignored) for `method`, or null. */
export function routeFor(method: string, path: string): AnyRoute | null {
  const clean = path.split('?')[0]!.replace(/^\/api(\/v1)?/, '');
  const segs = clean.split('/').filter(Boolean);
  const candidates = ROUTES.filter((r) => methodsOf(r).includes(method)).filter((r) => {
    const rs = r.path.split('/').filter(Boolean);
    return rs.length === segs.length && rs.every((s, i) => s.startsWith(':') || segs[i] === s || /^\{\w+\}$/.test(segs[i]!));
  });
  // Prefer the most literal match (fewest parameter segments).
  candidates.sort((a, b) => a.path.split(':').length - b.path.split(':').length);
  return candidates[0] ?? null;
}

function unwrap(s: ZodType): ZodType[] {
  if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault || s instanceof z.ZodReadonly) return unwrap(s.unwrap() as ZodType);
  if (s instanceof z.ZodUnion) return (s.options as ZodType[]).flatMap(unwrap);
  if (s instanceof z.ZodPipe) return unwrap(s.out as ZodType);
  if (s instanceof z.ZodLazy) return unwrap(s.unwrap() as ZodType);
  return [s];
}

/** True when `field` (dotted, `[]` for array elements) resolves in `schema`. */
export function hasField(schema: ZodType, field: string): boolean {
  const parts = field.replace(/\[\]/g, '.[]').split('.').filter(Boolean);
  let nodes: ZodType[] = unwrap(schema);
  for (const part of parts) {
    const next: ZodType[] = [];
    for (const n of nodes) {
      if (part === '[]' && n instanceof z.ZodArray) next.push(...unwrap(n.element as ZodType));
      else if (n instanceof z.ZodObject && part in n.shape) next.push(...unwrap(n.shape[part] as ZodType));
      else if (n instanceof z.ZodRecord) next.push(...unwrap(n.valueType as ZodType));
    }
    if (next.length === 0) return false;
    nodes = next;
  }
  return true;
}

/** The schema of the route's first 2xx response. */
export function successSchema(r: AnyRoute): ZodType | undefined {
  const status = Object.keys(r.responses).map(Number).filter((s) => s >= 200 && s < 300).sort()[0];
  return status === undefined ? undefined : r.responses[status]!.schema;
}
