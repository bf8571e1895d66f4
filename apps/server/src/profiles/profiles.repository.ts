import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { userCompanies } from '../users/users.schema.ts';
import { profileRoles, profiles } from './profiles.schema.ts';

/** SQL of the profiles domain (Drizzle only; every function takes the caller's executor or transaction). */

/** A profile row with its roles (sorted) and the number of users holding it. */
export interface ProfileRecord {
  id: number;
  name: string;
  description: string | null;
  active: boolean;
  roles: string[];
  userCount: number;
}

/** Number of roles of each profile (correlated subquery, sortable). */
export const roleCountSql = sql<number>`(SELECT count(*)::int FROM ${profileRoles} WHERE ${profileRoles.profileId} = ${profiles.id})`;
/** Number of distinct users holding each profile in some company (correlated subquery, sortable). */
export const userCountSql = sql<number>`(SELECT count(DISTINCT ${userCompanies.userId})::int FROM ${userCompanies} WHERE ${userCompanies.profileId} = ${profiles.id})`;

/**
 * One profile with its roles and user count, or null. `lock` takes a row lock (FOR UPDATE) so
 * concurrent edits of the same profile run one after the other.
 */
export async function findProfile(db: Executor, id: number, lock = false): Promise<ProfileRecord | null> {
  const base = db
    .select({ id: profiles.id, name: profiles.name, description: profiles.description, active: profiles.active })
    .from(profiles)
    .where(eq(profiles.id, id));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) return null;
  const [roles, [{ n }]] = await Promise.all([
    db.select({ role: profileRoles.role }).from(profileRoles).where(eq(profileRoles.profileId, id)).orderBy(profileRoles.role),
    db.select({ n: sql<number>`count(DISTINCT ${userCompanies.userId})::int` }).from(userCompanies).where(eq(userCompanies.profileId, id)),
  ]);
  return { ...row, roles: roles.map((r) => r.role), userCount: Number(n) };
}

/** True when another profile (not `exceptId`) already has `name`, compared without case. */
export async function profileNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(sql`lower(${profiles.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(profiles.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts a profile and its roles; returns the new id. */
export async function insertProfile(db: Executor, values: { name: string; description: string | null; active: boolean; roles: readonly string[] }): Promise<number> {
  const [row] = await db.insert(profiles).values({ name: values.name, description: values.description, active: values.active }).returning({ id: profiles.id });
  if (values.roles.length) await db.insert(profileRoles).values(values.roles.map((role) => ({ profileId: row.id, role })));
  return row.id;
}

/** Updates a profile's fields and replaces its roles. */
export async function updateProfile(db: Executor, id: number, values: { name: string; description: string | null; active: boolean; roles: readonly string[] }): Promise<void> {
  await db.update(profiles).set({ name: values.name, description: values.description, active: values.active, updatedAt: new Date() }).where(eq(profiles.id, id));
  await db.delete(profileRoles).where(eq(profileRoles.profileId, id));
  if (values.roles.length) await db.insert(profileRoles).values(values.roles.map((role) => ({ profileId: id, role })));
}

/** Sets a profile's active flag. */
export async function setProfileActive(db: Executor, id: number, active: boolean): Promise<void> {
  await db.update(profiles).set({ active, updatedAt: new Date() }).where(eq(profiles.id, id));
}

/** Deletes a profile (its roles go with it, ON DELETE CASCADE). */
export async function deleteProfile(db: Executor, id: number): Promise<void> {
  await db.delete(profiles).where(eq(profiles.id, id));
}

/** WHERE of the profile list: term on name or description (accent- and case-insensitive), status. */
export function profileListWhere(pattern: string | undefined, active: boolean | undefined): SQL | undefined {
  return and(
    pattern ? or(sql`unaccent(lower(${profiles.name})) LIKE unaccent(${pattern})`, sql`unaccent(lower(coalesce(${profiles.description}, ''))) LIKE unaccent(${pattern})`) : undefined,
    active === undefined ? undefined : eq(profiles.active, active),
  );
}
