import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { userCompanies, users } from '../users/users.schema.ts';
import { passwordResets, sessions } from './auth.schema.ts';

/** The user columns sign-in needs. */
export interface AuthUserRow {
  id: number;
  name: string;
  login: string;
  email: string | null;
  passwordHash: string;
  active: boolean;
  mustChangePassword: boolean;
  lastCompanyId: number | null;
}

const authUserColumns = {
  id: users.id,
  name: users.name,
  login: users.login,
  email: users.email,
  passwordHash: users.passwordHash,
  active: users.active,
  mustChangePassword: users.mustChangePassword,
  lastCompanyId: users.lastCompanyId,
};

/** Finds a user by login, case-insensitively (uses the `lower(login)` unique index). */
export async function findUserByLogin(db: Executor, login: string): Promise<AuthUserRow | null> {
  const [row] = await db.select(authUserColumns).from(users).where(sql`lower(${users.login}) = ${login.toLowerCase()}`);
  return row ?? null;
}

/** Finds a user by e-mail, case-insensitively (uses the `lower(email)` unique index). */
export async function findUserByEmail(db: Executor, email: string): Promise<AuthUserRow | null> {
  const [row] = await db.select(authUserColumns).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** Finds a user by id. */
export async function findUserById(db: Executor, id: number): Promise<AuthUserRow | null> {
  const [row] = await db.select(authUserColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Ids of the ACTIVE companies linked to `userId`, ascending. */
export async function listActiveCompanyIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(and(eq(userCompanies.userId, userId), eq(companies.active, true)))
    .orderBy(asc(companies.id));
  return rows.map((r) => r.id);
}

/** Inserts a server-side session. */
export async function insertSession(db: Executor, row: { id: string; userId: number; companyId: number | null; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(row);
}

/** Revokes one session (no-op when already revoked). */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every open session of a user. */
export async function revokeUserSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Remembers the company the user last worked in (`ultima_empresa_id`). */
export async function setLastCompany(db: Executor, userId: number, companyId: number): Promise<void> {
  await db.update(users).set({ lastCompanyId: companyId }).where(eq(users.id, userId));
}

/** Stores a new password hash and clears `ind_new_password`. */
export async function updatePassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Stores a reset token's SHA-256 (hex) with its expiry. */
export async function insertPasswordReset(db: Executor, row: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/**
 * Marks a reset token used, atomically: only an unused, unexpired token matches, so two
 * concurrent uses cannot both succeed.
 * @returns the token's user id, or null when the token is unknown, used or expired
 */
export async function consumePasswordReset(db: Executor, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Marks every still-unused reset token of a user as used (after a password change). */
export async function discardPasswordResets(db: Executor, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
