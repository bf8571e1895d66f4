import { md5 } from 'js-md5';
import { sha512 } from 'js-sha512';

/**
 * Client-side password hash of SPEC sections 5 and 7: the uppercase hex SHA-512 of the uppercase
 * hex MD5 of the typed text (UTF-8). The server never sees the typed password; it stores an
 * argon2id hash of this value.
 * @param typed the password as typed
 * @returns 128 uppercase hex characters
 */
export function hashPassword(typed: string): string {
  return sha512(md5(typed).toUpperCase()).toUpperCase();
}

/** The form of a client hash: 128 uppercase hex characters. */
export const CLIENT_HASH_PATTERN = /^[0-9A-F]{128}$/;
