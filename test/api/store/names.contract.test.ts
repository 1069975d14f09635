/**
 * Migration 0203: names stored before the name rule (schema/common.ts `Name`) are brought under it
 * on PGlite (always) and PostgreSQL (when DATABASE_URL is set; a fresh schema, dropped at the end).
 * Rows are written as the old code could write them (under the migrations before 0203), then the
 * store is migrated: watchlist, saved-screen and API-key names come back trimmed, NFC, without
 * forbidden characters, within their length, never empty, and still unique per account where the
 * schema says so; names already under the rule are untouched and no row is lost.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { accountIn as account, migrationsBefore, storeTargets } from './targets.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { migrateStore } from '../../../api/store/migrate.ts';
import { Name } from '../../../schema/common.ts';

const T0 = Date.parse('2026-03-01T12:00:00Z');

/** Inserts `names` into `table` for `owner`, one second apart in the order given; returns their ids. */
async function insertNamed(store: UserStore, table: 'watchlists' | 'saved_screens' | 'api_keys', owner: string, names: (string | null)[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const id = randomUUID();
    const at = new Date(T0 + i * 1000);
    if (table === 'watchlists') await store.execute(`INSERT INTO watchlists (id, account_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`, [id, owner, name, at]);
    else if (table === 'saved_screens') await store.execute(`INSERT INTO saved_screens (id, account_id, name, params, created_at, updated_at) VALUES ($1, $2, $3, '{}', $4, $4)`, [id, owner, name, at]);
    else await store.execute(`INSERT INTO api_keys (id, account_id, kind, name, prefix, last_four, key_hash, created_at) VALUES ($1, $2, 'standard', $3, 'alm_test', '0000', $5, $4)`, [id, owner, name, at, `hash-${id}`]);
    ids.push(id);
  }
  return ids;
}

async function namesOf(store: UserStore, table: string, owner: string): Promise<(string | null)[]> {
  return (await store.query<{ name: string | null }>(`SELECT name FROM ${table} WHERE account_id = $1 ORDER BY created_at, id`, [owner])).map((r) => r.name);
}

for (const target of storeTargets('user_names_upgrade')) {
  const s = suite(`names: existing databases migrate under the name rule (${target.name})`);
  let store: UserStore;
  s.before(async () => {
    store = await target.open();
  });
  s.after(async () => {
    await store.close();
    await target.cleanup();
  });

  s('0203: bad names are rewritten to the rule, collisions take a free " (n)", clean names and every row stay', async () => {
    await migrateStore(store, migrationsBefore('0203'));
    const owner = await account(store, `names-${target.name}@example.com`);
    const other = await account(store, `names-other-${target.name}@example.com`);

    const lists = await insertNamed(store, 'watchlists', owner, [
      'Tech', // under the rule: kept
      'tech (2)', // under the rule: kept, so the next "Tech" is (3)
      'Tech\u200B', // zero-width space: "Tech" is taken, "Tech (2)" too (case-insensitively)
      'TECH ', // trailing space: "TECH", taken: (4)
      'Cafe\u0301', // decomposed: "Café" (U+00E9), taken by the newer precomposed one below, which keeps it
      'Caf\u00E9',
      '  Growth\t', // trimmed, the tab removed
      'a\u202Eb\u2066c\u2069', // bidirectional controls removed
      '\u200B\u200C', // nothing left: the default
      '\u00A0\u3000', // blank: the default, taken: (2)
      'Dup\u2060', // two bad names meeting each other: the older keeps "Dup"
      'Dup\uFEFF',
      `${'x'.repeat(78)}\u{1F600}\u{1F600}`, // 80 characters, 82 UTF-16 code units: the last emoji goes
      '\u0958'.repeat(50), // NFC decomposes each (composition exclusion): 100 characters, cut to 80
      'y'.repeat(79),
      `${'y'.repeat(79)}\u200D`, // "yyy…y" is taken and leaves no room: cut for " (2)"
      'Lone \uD800', // a lone surrogate was stored as U+FFFD, which the rule allows: kept
    ]);
    const [elsewhere] = await insertNamed(store, 'watchlists', other, ['Tech\u200B']); // another account's "Tech" is no clash
    await insertNamed(store, 'saved_screens', owner, ['value', 'Value\u0007', '\u2066Momentum\u2069', '\u202F', 'Quality']);
    // '' too: blank key names were trimmed to '' before the rule (text(100)), and '' breaks it.
    await insertNamed(store, 'api_keys', owner, [' ci key ', '\u200B', 'ok', null, 'dup', 'dup\u200E', 'k'.repeat(120), '']);
    const [before] = await store.query<{ updatedAt: Date }>(`SELECT updated_at AS "updatedAt" FROM watchlists WHERE id = $1`, [lists[2]]);

    assert.equal(await migrateStore(store), ['0203_names_under_rule.sql']);

    assert.equal(await namesOf(store, 'watchlists', owner), [
      'Tech',
      'tech (2)',
      'Tech (3)',
      'TECH (4)',
      'Caf\u00E9 (2)',
      'Caf\u00E9',
      'Growth',
      'abc',
      'Untitled watchlist',
      'Untitled watchlist (2)',
      'Dup',
      'Dup (2)',
      `${'x'.repeat(78)}\u{1F600}`,
      '\u0915\u093C'.repeat(40),
      'y'.repeat(79),
      `${'y'.repeat(76)} (2)`,
      'Lone \uFFFD',
    ]);
    assert.equal(await namesOf(store, 'watchlists', other), ['Tech']);
    assert.equal(await namesOf(store, 'saved_screens', owner), ['value', 'Value (2)', 'Momentum', 'Untitled screen', 'Quality']);
    assert.equal(await namesOf(store, 'api_keys', owner), ['ci key', null, 'ok', null, 'dup', 'dup', 'k'.repeat(100), null]);

    // Every name now passes the rule unchanged, as the API would take it back.
    for (const [table, max] of [['watchlists', 80], ['saved_screens', 80], ['api_keys', 100]] as const) {
      for (const { name } of await store.query<{ name: string | null }>(`SELECT name FROM ${table} WHERE name IS NOT NULL`)) assert.is(Name(max).parse(name), name, `${table}: ${JSON.stringify(name)}`);
    }
    // Rows keep their ids (nothing deleted and re-inserted) and their last user edit.
    assert.equal((await store.query<{ id: string }>(`SELECT id FROM watchlists WHERE account_id = $1 ORDER BY created_at, id`, [owner])).map((r) => r.id), lists);
    assert.equal((await store.query<{ id: string }>(`SELECT id FROM watchlists WHERE account_id = $1`, [other])).map((r) => r.id), [elsewhere]);
    const [after] = await store.query<{ updatedAt: Date }>(`SELECT updated_at AS "updatedAt" FROM watchlists WHERE id = $1`, [lists[2]]);
    assert.is(after!.updatedAt.toISOString(), before!.updatedAt.toISOString());
    // The helper functions went with the migration.
    assert.equal(await store.query(`SELECT proname FROM pg_proc WHERE proname LIKE 'm0203%'`), []);
  });

  s.run();
}
