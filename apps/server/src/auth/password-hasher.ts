import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id parameters: OWASP Password Storage Cheat Sheet (2023+) first option,
 * m = 19 MiB (19456 KiB), t = 2, p = 1.
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a client hash (SPEC section 7: uppercase hex SHA-512 of MD5) for storage.
 * @returns a PHC string `$argon2id$v=19$m=19456,t=2,p=1$…`
 */
export function hashClientPassword(clientHash: string): Promise<string> {
  return hash(clientHash, ARGON2_OPTIONS);
}

/** A valid argon2id hash of a random value, verified against when the login is unknown (constant work). */
let dummyHash: Promise<string> | null = null;

/**
 * Verifies a client hash against a stored hash. When `stored` is null (unknown login) it still runs
 * one verification so response time does not reveal which logins exist.
 */
export async function verifyClientPassword(stored: string | null, clientHash: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('acervo-dummy-password', ARGON2_OPTIONS);
    await verify(await dummyHash, clientHash).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, clientHash);
  } catch {
    return false;
  }
}
