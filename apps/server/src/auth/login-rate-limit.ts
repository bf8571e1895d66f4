import { and, inArray, isNotNull, lt, or, isNull, sql, eq } from 'drizzle-orm';
import { LOGIN_RATE_LIMIT_MESSAGE } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../shared/errors.ts';
import { loginFailures } from './auth.schema.ts';

/**
 * Failed-login limits (documented in docs/auth.md). A key is blocked for `blockMinutes` once it
 * has `maxFailures` failures within `windowMinutes`; while blocked every login attempt for it
 * answers 429, even with the right password.
 * - per login: 5 failures / 15 min → 15 min block (slows guessing one account's password)
 * - per client address: 20 failures / 15 min → 15 min block (slows one machine trying many logins)
 */
export const LOGIN_LIMITS = {
  login: { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 },
  address: { maxFailures: 20, windowMinutes: 15, blockMinutes: 15 },
} as const;

/** Rows older than this (hours) and not blocked are deleted when a failure is recorded. */
const PRUNE_AFTER_HOURS = 24;

/** The `tentativa_login` keys of one attempt: `login:<lower login>` and `ip:<address>`. */
export interface LoginKeys {
  login: string;
  address: string;
}

/**
 * Builds the counter keys of an attempt.
 * @param userName the typed login (compared case-insensitively)
 * @param ip the client address (`request.ip`; honours X-Forwarded-For only with TRUST_PROXY=true)
 */
export function loginKeys(userName: string, ip: string): LoginKeys {
  return { login: `login:${userName.trim().toLowerCase()}`.slice(0, 200), address: `ip:${ip}`.slice(0, 200) };
}

/**
 * Refuses an attempt whose login or address is blocked.
 * @throws DomainError RATE_LIMITED (429, LOGIN_RATE_LIMIT_MESSAGE, Retry-After in seconds)
 */
export async function assertLoginAllowed(db: Executor, keys: LoginKeys): Promise<void> {
  const rows = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${loginFailures.blockedUntil} - now())))::int` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [keys.login, keys.address]), sql`${loginFailures.blockedUntil} > now()`));
  if (rows.length === 0) return;
  const seconds = Math.max(1, ...rows.map((r) => Number(r.seconds)));
  throw new DomainError('RATE_LIMITED', LOGIN_RATE_LIMIT_MESSAGE, [{ field: '', message: LOGIN_RATE_LIMIT_MESSAGE }], seconds);
}

async function countFailure(db: Executor, key: string, limit: { maxFailures: number; windowMinutes: number; blockMinutes: number }): Promise<void> {
  const expired = sql`${loginFailures.windowStart} <= now() - make_interval(mins => ${limit.windowMinutes}::int)`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${loginFailures.windowStart} END`,
      },
    })
    .returning({ failures: loginFailures.failures });
  if (row.failures >= limit.maxFailures) {
    await db
      .update(loginFailures)
      .set({ blockedUntil: sql`now() + make_interval(mins => ${limit.blockMinutes}::int)` })
      .where(eq(loginFailures.key, key));
  }
}

/**
 * Counts one failed attempt against both keys (atomic upserts, safe across processes) and
 * prunes stale rows.
 */
export async function recordLoginFailure(db: Executor, keys: LoginKeys): Promise<void> {
  await countFailure(db, keys.login, LOGIN_LIMITS.login);
  await countFailure(db, keys.address, LOGIN_LIMITS.address);
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.windowStart, sql`now() - make_interval(hours => ${PRUNE_AFTER_HOURS}::int)`),
        or(isNull(loginFailures.blockedUntil), and(isNotNull(loginFailures.blockedUntil), lt(loginFailures.blockedUntil, sql`now()`))),
      ),
    );
}

/** A successful login clears its login's counter (the address counter stays). */
export async function clearLoginFailures(db: Executor, keys: LoginKeys): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys.login));
}
