/**
 * Deprecated argument names (schema/door-arguments.ts) at the MCP and GraphQL doors: a published
 * name keeps working as an alias of the capability's declared name. Its value is moved to the
 * declared name before the arguments are validated, so one rule (the declared name's) judges it;
 * giving both names with different values is refused, naming both, rather than picking one.
 */
import { isDeepStrictEqual } from 'node:util';
import type { DeprecatedArgument } from '../schema/door-arguments.ts';
import { BadRequestError } from './errors.ts';

/**
 * `args` with each alias given moved to the name it stands for (null counts as not given, as in
 * GraphQL). `where` names the arguments in the refusal (`parameter` at MCP, `argument` at GraphQL).
 */
export function foldAliases<T extends object>(args: T, aliases: readonly DeprecatedArgument[], where: 'parameter' | 'argument'): T {
  let out = args as Record<string, unknown>;
  for (const alias of aliases) {
    const value = out[alias.name];
    if (value === undefined || value === null) continue;
    const declared = out[alias.for];
    // At MCP a null is a value its rule refuses, with the alias given or not (the alias replaced
    // it: `{ slug: null, term: 'ask' }` was answered where `{ slug: null }` is refused).
    if (declared === null && where === 'parameter') continue;
    if (declared !== undefined && declared !== null && !isDeepStrictEqual(declared, value)) {
      throw new BadRequestError(`invalid ${where} '${alias.name}': it is the deprecated name of '${alias.for}', and the two were given different values; give '${alias.for}' alone`);
    }
    const { [alias.name]: _alias, ...rest } = out;
    out = { ...rest, [alias.for]: value };
  }
  return out as T;
}
