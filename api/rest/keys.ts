/**
 * API keys (spec 2.2, 4.2): issue (the raw key is returned once), the one trial key, list
 * (prefix and metadata only), revoke. Managing keys needs a signed-in session and a CSRF token;
 * an API key cannot mint or revoke keys.
 */
import { keyView } from '../identity/service.ts';
import { defineRoute, resource } from '../route.ts';
import { CreateKeyBody, KeyCreated, KeyIdParams, KeyInfo, KeyList, MAX_ACTIVE_KEYS, TRIAL_KEY_DAILY_CALLS, TRIAL_KEY_DAYS } from '../../schema/accounts.ts';
import { ErrorBody } from '../../schema/common.ts';

const NOT_SIGNED_IN = { description: 'no signed-in session (POST /api/auth/login)', schema: ErrorBody };
const CSRF_403 = { description: 'X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf)', schema: ErrorBody };

export const keys = resource('Keys', [
  defineRoute({
    method: 'POST',
    path: '/keys',
    capability: 'key_create',
    summary: 'Create an API key (returned once)',
    description: `Needs a verified email. The response holds the raw key (\`alm_live_...\`) once; only its prefix and last four characters are retrievable later. Optional \`name\` and \`expiresInDays\`. At most ${MAX_ACTIVE_KEYS} active keys per account. Send the key as \`X-API-Key\`; a key sent as \`Authorization: Bearer\` is treated as anonymous.`,
    body: CreateKeyBody,
    responses: {
      201: { description: 'the new key, shown this once', schema: KeyCreated },
      400: { description: 'invalid body', schema: ErrorBody },
      401: NOT_SIGNED_IN,
      403: CSRF_403,
      409: { description: 'email not verified yet, or too many active keys', schema: ErrorBody },
    },
    handler: async ({ body, services, caller, reply }) => {
      const { key, row } = await services.identity.createKey(caller.accountId!, body ?? {});
      reply.code(201);
      return { ...keyView(row, services.identity.now()), key };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/keys/trial',
    capability: 'key_create_trial',
    summary: 'Create the trial key (one per account lifetime)',
    description: `Needs a verified email. Valid ${TRIAL_KEY_DAYS} days, ${TRIAL_KEY_DAILY_CALLS} calls per UTC day; one per account lifetime (a revoked or expired trial key still counts). The raw key (\`alm_trial_...\`) is returned once.`,
    responses: {
      201: { description: 'the trial key, shown this once', schema: KeyCreated },
      401: NOT_SIGNED_IN,
      403: CSRF_403,
      409: { description: 'email not verified yet, or the account already had its trial key', schema: ErrorBody },
    },
    handler: async ({ services, caller, reply }) => {
      const { key, row } = await services.identity.createTrialKey(caller.accountId!);
      reply.code(201);
      return { ...keyView(row, services.identity.now()), key };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/keys/list',
    capability: 'key_list',
    summary: "The account's keys: prefix and metadata, never the key",
    description: 'Newest first, revoked and expired keys included (see `status`). With a session or an X-API-Key.',
    responses: { 200: { description: 'the keys', schema: KeyList }, 401: { description: 'not authenticated', schema: ErrorBody } },
    handler: async ({ services, caller }) => {
      const now = services.identity.now();
      return (await services.identity.listKeys(caller.accountId!)).map((k) => keyView(k, now));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/keys/:id',
    capability: 'key_revoke',
    summary: 'Revoke a key',
    description: "Revokes one of the signed-in account's keys; later use of it returns 401. Revoking an already revoked key answers the same. Another account's key id is a 404.",
    params: KeyIdParams,
    responses: {
      200: { description: 'the key, now revoked', schema: KeyInfo },
      401: NOT_SIGNED_IN,
      403: CSRF_403,
      404: { description: 'no such key on this account', schema: ErrorBody },
    },
    handler: async ({ params, services, caller }) => keyView(await services.identity.revokeKey(caller.accountId!, params.id), services.identity.now()),
  }),
]);
