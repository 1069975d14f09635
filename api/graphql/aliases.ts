/**
 * Deprecated argument names of GraphQL fields (schema/door-arguments.ts): the field declares each
 * with its `deprecationReason` (the SDL says `@deprecated`), and its resolver reads the arguments
 * through `declaredArgs`, which moves an alias to the name it stands for.
 */
import { aliasesOf, deprecationNote } from '../../schema/door-arguments.ts';
import { foldAliases } from '../aliases.ts';

/** The `deprecationReason` of the deprecated argument `name` of the field `at` (`Type.field`). */
export function deprecatedArg(at: string, name: string): string {
  const alias = aliasesOf('graphql', at).find((a) => a.name === name);
  if (!alias) throw new Error(`schema/door-arguments.ts lists no deprecated argument '${name}' of ${at}`);
  return deprecationNote(alias);
}

/** `args` of the field `at` with its deprecated aliases moved to their declared names (both given, different: BAD_REQUEST). */
export function declaredArgs<T extends object>(at: string, args: T): T {
  return foldAliases(args, aliasesOf('graphql', at), 'argument');
}
