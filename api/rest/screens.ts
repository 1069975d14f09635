/**
 * Saved screens (issue 8): screener parameters stored under a name, run on demand through the
 * screener query with the caller's tier applied at run time (below Researcher: top three matches,
 * `locked: true`, `locked_total`, as `/api/screener` answers).
 *
 * Paths: `GET|POST /api/screens`, `GET|PATCH|DELETE /api/screens/{id}`, `GET /api/screens/{id}/run`.
 */
import { randomUUID } from 'node:crypto';
import { runScreener } from './screener.ts';
import { ErrorBody } from '../../schema/common.ts';
import { SCREENER_LOCKED_ROWS } from '../../schema/market.ts';
import { CreateScreenBody, SavedScreen, SavedScreenList, ScreenIdParams, screenerQueryOf, ScreenRunResult, UpdateScreenBody, type ScreenParams } from '../../schema/screens.ts';
import { createScreen, deleteScreen, getScreen, listScreens, markScreenRun, updateScreen, type ScreenRow } from '../store/screens.ts';
import { FULL } from '../store/caps.ts';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

/** Most saved screens per account. */
const MAX_SCREENS = 100;

const out = (s: ScreenRow) => ({
  id: s.id,
  name: s.name,
  params: s.params as ScreenParams,
  createdAt: new Date(s.createdAt).toISOString(),
  updatedAt: new Date(s.updatedAt).toISOString(),
  lastRunAt: s.lastRunAt ? new Date(s.lastRunAt).toISOString() : null,
});
const missing = (id: string) => new NotFoundError(`no saved screen '${id}'`);

/** Stored parameters must be valid screener parameters (same checks as /api/screener). */
function validate(params: ScreenParams): void {
  try {
    screenerQueryOf(params);
  } catch (err) {
    const issue = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    throw new BadRequestError(`invalid body field 'params${issue ? `.${issue.path.map(String).join('.')}` : ''}': ${issue?.message ?? String(err)}`);
  }
}

const common = { 401: { description: 'not authenticated', schema: ErrorBody } };

export const screens = resource('Screens', [
  defineRoute({
    method: 'GET',
    path: '/screens',
    capability: 'screen_list',
    summary: "The account's saved screens",
    responses: { 200: { description: 'saved screens, oldest first', schema: SavedScreenList }, ...common },
    handler: async ({ caller, services }) => (await listScreens(services.store, caller.accountId!)).map(out),
  }),
  defineRoute({
    method: 'POST',
    path: '/screens',
    capability: 'screen_save',
    summary: 'Save a screen',
    description:
      'Body `{name, params}`; `params` holds /api/screener parameters (mktcap_min, pe_max, div_yield_min, sector, sort, limit) as JSON ' +
      `values, checked like the screener checks them. Names are unique per account (409). At most ${MAX_SCREENS} per account.`,
    body: CreateScreenBody,
    responses: {
      201: { description: 'the saved screen', schema: SavedScreen },
      400: { description: 'invalid name or parameters', schema: ErrorBody },
      409: { description: 'name taken', schema: ErrorBody },
      ...common,
    },
    handler: async ({ body, caller, services, reply }) => {
      validate(body.params);
      const row = await createScreen(services.store, caller.accountId!, randomUUID(), body.name, body.params, MAX_SCREENS);
      if (row === FULL) throw new BadRequestError(`at most ${MAX_SCREENS} saved screens per account`);
      if (row === 'missing') throw new UnauthorizedError('the signed-in account no longer exists');
      if (!row) throw new ConflictError(`a saved screen named '${body.name}' already exists`);
      reply.code(201);
      return out(row);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/screens/:id',
    capability: 'screen_get',
    summary: 'A saved screen',
    params: ScreenIdParams,
    responses: { 200: { description: 'the saved screen', schema: SavedScreen }, 404: { description: 'no such screen of the account', schema: ErrorBody }, ...common },
    handler: async ({ params, caller, services }) => {
      const s = await getScreen(services.store, caller.accountId!, params.id);
      if (!s) throw missing(params.id);
      return out(s);
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/screens/:id',
    capability: 'screen_update',
    summary: 'Rename a saved screen or change its parameters',
    description: 'Body `{name?, params?}`; `params` replaces the stored parameters.',
    params: ScreenIdParams,
    body: UpdateScreenBody,
    responses: {
      200: { description: 'the screen after the change', schema: SavedScreen },
      400: { description: 'invalid parameters', schema: ErrorBody },
      404: { description: 'no such screen of the account', schema: ErrorBody },
      409: { description: 'name taken', schema: ErrorBody },
      ...common,
    },
    handler: async ({ params, body, caller, services }) => {
      if (body.params) validate(body.params);
      const r = await updateScreen(services.store, caller.accountId!, params.id, body);
      if (r === 'missing') throw missing(params.id);
      if (r === 'taken') throw new ConflictError(`a saved screen named '${body.name}' already exists`);
      return out(r);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/screens/:id',
    capability: 'screen_delete',
    summary: 'Delete a saved screen',
    params: ScreenIdParams,
    responses: { 204: { description: 'deleted' }, 404: { description: 'no such screen of the account', schema: ErrorBody }, ...common },
    handler: async ({ params, caller, services, reply }) => {
      if (!(await deleteScreen(services.store, caller.accountId!, params.id))) throw missing(params.id);
      reply.code(204);
      return undefined;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/screens/:id/run',
    capability: 'screen_run',
    summary: 'Run a saved screen',
    description:
      'Runs the stored parameters through the screener with the data and tier of now: Researcher and above receive the full result ' +
      `set; below Researcher only the top ${SCREENER_LOCKED_ROWS} matches with \`locked: true\` and \`locked_total\`. Costs as much as /api/screener. ` +
      '`dataThrough` and `fetchedAt` are the screener result\'s.',
    params: ScreenIdParams,
    responses: {
      200: { description: 'the screen and the screener result', schema: ScreenRunResult },
      404: { description: 'no such screen of the account', schema: ErrorBody },
      ...common,
    },
    dataThrough: (a: { result: { dataThrough: string | null } }) => a.result.dataThrough,
    handler: async ({ params, caller, services }) => {
      const s = await getScreen(services.store, caller.accountId!, params.id);
      if (!s) throw missing(params.id);
      // The screener's own function: a saved screen answers exactly what /api/screener answers.
      const result = await runScreener(services.warehouse, screenerQueryOf(s.params as ScreenParams), caller.tier);
      const at = new Date();
      await markScreenRun(services.store, caller.accountId!, s.id, at);
      return { screen: { ...out(s), lastRunAt: at.toISOString() }, result };
    },
  }),
]);
