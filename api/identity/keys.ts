/**
 * API keys (spec 2.2, 5): `alm_live_` (trial: `alm_trial_`) + 32 random bytes in base62 (43
 * characters) + a 6-character base62 checksum. The checksum lets a mistyped or made-up key be
 * refused without touching the store. At rest only the SHA-256 of the whole key is kept (the
 * unique, indexed lookup), with a display prefix and the last four characters. Verification on
 * the request path is one SHA-256 and one cached indexed lookup: never argon2 or bcrypt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sha256Hex } from './crypto.ts';
import type { StoredKeyKind } from '../store/keys.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43; // 62^43 > 2^256
const CHECK_LENGTH = 6; // 62^6 > 2^32

export const KEY_MARKERS: Record<StoredKeyKind, string> = { standard: 'alm_live_', trial: 'alm_trial_' };
const KEY_FORMAT = /^(alm_live_|alm_trial_)([0-9A-Za-z]{43})([0-9A-Za-z]{6})$/;

function base62(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value % 62n)]! + out;
    value /= 62n;
  }
  return out;
}

function checksum(markerAndBody: string): string {
  const digest = createHash('sha256').update(markerAndBody).digest();
  return base62(BigInt(digest.readUInt32BE(0)), CHECK_LENGTH);
}

export interface GeneratedKey {
  /** The raw key: shown to the user once, never stored. */
  key: string;
  /** SHA-256 hex of the key: the stored lookup. */
  hash: string;
  /** Marker + the first 8 characters of the random part, for display. */
  prefix: string;
  lastFour: string;
}

export function generateApiKey(kind: StoredKeyKind): GeneratedKey {
  const marker = KEY_MARKERS[kind];
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  const key = `${marker}${body}${checksum(marker + body)}`;
  return { key, hash: hashApiKey(key), prefix: `${marker}${body.slice(0, 8)}`, lastFour: key.slice(-4) };
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** True when `key` has the shape of one of our keys and its checksum matches. */
export function isWellFormedKey(key: string): boolean {
  const m = KEY_FORMAT.exec(key);
  return m !== null && checksum(m[1]! + m[2]!) === m[3];
}
