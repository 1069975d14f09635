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

/** How a door names a REST field where it is not the field's camelCase (GraphQL `portfolio(id:)` for `portfolio_id`). */
export type DoorNames = Readonly<Record<string, string>>;

/** A REST field name (`cost_basis`, `params.min_pe`) as the other doors spell the argument: `costBasis`, `params.min_pe`. */
export function argumentName(rest: string, names: DoorNames = {}): string {
  const dot = rest.indexOf('.');
  const head = dot < 0 ? rest : rest.slice(0, dot);
  return (names[head] ?? camelName(head)) + (dot < 0 ? '' : rest.slice(dot));
}

/** What each door calls a field in its refusals: MCP's own validation says parameter, GraphQL's argument. */
const FIELD_WORD: Record<OtherDoor, string> = { mcp: 'parameter', graphql: 'argument' };

/**
 * The field a refusal is about, where route.ts and the handlers write it: at the start of the
 * message (`invalid body field 'cost_basis': ...`, `missing required parameter 'x'`, `parameter
 * 'limitPrice' is required ...`), or a list of names to its end (`unknown parameter(s): a, b_c`).
 * Only there: the rest of a message can quote what the caller wrote (a watchlist's name, a lesson
 * id), which is given back as written (a review found `'Tech parameter: big_caps'` reworded).
 */
const LEAD = /^((?:invalid |missing (?:required )?)?)(parameter|body field)(?: '([^']+)'|\(s\): (.+)$)|^(unknown )(parameter|body field)\(s\): (.+)$/;

/** A quoted REST field name elsewhere in a refusal (`is after 'end'`, `give 'ticker', 'owner_cik' or 'owner'`). */
const QUOTED_NAME = /'([a-z][a-z0-9]*(?:_[a-z0-9]+)+)'/g;

/**
 * `message`, a REST refusal, in `door`'s words: the field it starts with as the door names it, each
 * other quoted name of the route's fields (`known`, REST's spelling) likewise, and its REST calls as
 * the door's tools or queries. `names` gives the door's names that are not the camelCase.
 */
export function inDoorWords(message: string, door: OtherDoor, known: ReadonlySet<string> = new Set(), names: DoorNames = {}): string {
  const word = FIELD_WORD[door];
  const name = (rest: string): string => argumentName(rest, names);
  let text = message.replace(LEAD, (_m, lead: string | undefined, _f, one: string | undefined, list: string | undefined, unknown: string | undefined, _g, unknownList: string | undefined) => {
    if (unknown !== undefined) return `${unknown}${word}(s): ${unknownList!.split(', ').map(name).join(', ')}`;
    return one !== undefined ? `${lead}${word} '${name(one)}'` : `${lead}${word}(s): ${list!.split(', ').map(name).join(', ')}`;
  });
  if (known.size) text = text.replace(QUOTED_NAME, (m, rest: string) => (known.has(rest) ? `'${name(rest)}'` : m));
  for (const call of CALLS) text = text.split(call.rest).join(call[door]);
  return text;
}
