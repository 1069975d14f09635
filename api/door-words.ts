/**
 * A REST handler's refusals in the words of the door that called it. MCP tools and GraphQL fields
 * of the account, paper-trading and LEARN capabilities run the REST routes' own handlers
 * (api/route-call.ts), whose refusals name REST's things: `invalid body field 'cost_basis'`, "look
 * it up with GET /api/ticker-search?q=". An agent calling `add_portfolio_position` has an argument
 * `costBasis` and a tool `search_tickers`, not a body field and a path (an outside pass found the
 * REST words in the MCP tools' answers). Every refusal that leaves `callRoute` is put into its
 * door's words here, one place for the handlers' messages and the route schemas' alike.
 */
import { camelName } from '../schema/door-arguments.ts';

/** The doors that run a REST route's handler without HTTP. */
export type OtherDoor = 'mcp' | 'graphql';

/**
 * The REST calls refusals point to, with what each other door calls them. A refusal naming a REST
 * call not here keeps it as it is (it is then the way to do it: REST takes the same key).
 */
const CALLS: readonly { rest: string; mcp: string; graphql: string }[] = [
  { rest: 'GET /api/ticker-search?q=', mcp: 'the search_tickers tool', graphql: 'the searchCompanies query' },
  { rest: 'GET /api/learn/tracks', mcp: 'the list_learn_tracks tool', graphql: 'the lessons query' },
  {
    rest: 'DELETE /api/paper/orders/{id}',
    mcp: 'DELETE /api/paper/orders/{id} (REST, with the same API key: no tool cancels an order)',
    graphql: 'DELETE /api/paper/orders/{id} (REST, with the same API key: no mutation cancels an order)',
  },
];

/** A REST field name (`cost_basis`, `params.min_pe`) as the other doors spell the argument: `costBasis`, `params.min_pe`. */
export function argumentName(rest: string): string {
  const dot = rest.indexOf('.');
  return dot < 0 ? camelName(rest) : camelName(rest.slice(0, dot)) + rest.slice(dot);
}

/** What each door calls a field in its refusals: MCP's own validation says parameter, GraphQL's argument. */
const FIELD_WORD: Record<OtherDoor, string> = { mcp: 'parameter', graphql: 'argument' };

/** `parameter 'x'`, `body field 'x'` and their plurals, as REST refusals name a field (api/route.ts). */
const FIELD = /\b(?:parameter|body field)(\(s\))?(?: '([^']+)'|(: )(.+)$)/g;

/** `message`, a REST refusal, in `door`'s words: its fields as the door names them, its REST calls as the door's. */
export function inDoorWords(message: string, door: OtherDoor): string {
  const word = FIELD_WORD[door];
  // `invalid body field 'cost_basis': ...`, or a list of names: `unknown parameter(s): a, b_c`.
  let text = message.replace(FIELD, (_m, plural: string | undefined, name: string | undefined, colon: string | undefined, list: string | undefined) =>
    name !== undefined ? `${word}${plural ?? ''} '${argumentName(name)}'` : `${word}${plural ?? ''}${colon}${list!.split(', ').map(argumentName).join(', ')}`,
  );
  for (const call of CALLS) text = text.split(call.rest).join(call[door]);
  return text;
}
