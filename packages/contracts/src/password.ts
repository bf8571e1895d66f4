import { md5 } from '@noble/hashes/legacy.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Client-side password hash of SPEC sections 5 and 7: the uppercase hex SHA-512 of the uppercase
 * hex MD5 of the typed text (UTF-8). The server never sees the typed password; it stores an
 * argon2id hash of this value. Hashes from @noble/hashes (audited, ESM, so the web bundle can load
 * it on demand without CommonJS interop).
 * @param typed the password as typed
 * @returns 128 uppercase hex characters
 */
export function hashPassword(typed: string): string {
  const md5Hex = bytesToHex(md5(utf8ToBytes(typed))).toUpperCase();
  return bytesToHex(sha512(utf8ToBytes(md5Hex))).toUpperCase();
}

/** The form of a client hash: 128 uppercase hex characters. */
export const CLIENT_HASH_PATTERN = /^[0-9A-F]{128}$/;
