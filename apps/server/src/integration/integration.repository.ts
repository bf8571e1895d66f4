import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { REQUIRED, type ErpEntity } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { userCompanies } from '../users/users.schema.ts';
import { scheduledTasks } from '../schedules/schedules.schema.ts';
import { entitySyncStates, rejectedRecords } from './integration.schema.ts';

/**
 * Ids of the companies where `userId` holds `role` (SPEC 6 substring match): linked, active
 * company, active profile with a role containing the text. Used for the log's `idEmpresa` filter.
 */
export async function companiesWithRole(db: Executor, userId: number, role: string): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .innerJoin(profiles, eq(profiles.id, userCompanies.profileId))
    .where(
      and(
        eq(userCompanies.userId, userId),
        eq(companies.active, true),
        eq(profiles.active, true),
        sql`EXISTS (SELECT 1 FROM ${profileRoles} WHERE ${profileRoles.profileId} = ${profiles.id} AND position(${role} in ${profileRoles.role}) > 0)`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The log role, for `companiesWithRole`. */
export const LOG_ROLE = REQUIRED.logIntegracao;

/**
 * The count of a filtered query capped at `cap + 1` rows (`SELECT count(*) FROM (… LIMIT cap+1)`),
 * so counting a common word on millions of rows stops early.
 * @returns the exact count when ≤ cap, otherwise cap + 1
 */
export async function cappedCount(db: Executor, from: SQL, where: SQL | undefined, cap: number): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where ? sql`WHERE ${where}` : sql``} LIMIT ${cap + 1}) AS capped`);
  // both drivers (PGlite, node-postgres) answer `{rows}`
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** One sync task as the lag needs it. */
export interface SyncTaskRow {
  id: number;
  kind: string;
  period: string;
  repeatMinutes: number | null;
  active: boolean;
}

/**
 * The sync task of each kind visible to the company (system-wide or the company's own), one per
 * kind: an active one first, then the company's own, then the lowest id.
 * @returns kind → task
 */
export async function findSyncTasks(db: Executor, companyId: number, kinds: readonly string[]): Promise<Map<string, SyncTaskRow>> {
  const rows = await db
    .select({ id: scheduledTasks.id, kind: scheduledTasks.kind, period: scheduledTasks.period, repeatMinutes: scheduledTasks.repeatMinutes, active: scheduledTasks.active, companyId: scheduledTasks.companyId })
    .from(scheduledTasks)
    .where(and(inArray(scheduledTasks.kind, [...kinds]), or(isNull(scheduledTasks.companyId), eq(scheduledTasks.companyId, companyId))))
    .orderBy(sql`${scheduledTasks.active} DESC`, sql`${scheduledTasks.companyId} IS NULL`, asc(scheduledTasks.id));
  const out = new Map<string, SyncTaskRow>();
  for (const row of rows) if (!out.has(row.kind)) out.set(row.kind, row);
  return out;
}

/** The company's sync states, by entity. */
export async function findSyncStates(db: Executor, companyId: number): Promise<Map<ErpEntity, typeof entitySyncStates.$inferSelect>> {
  const rows = await db.select().from(entitySyncStates).where(eq(entitySyncStates.companyId, companyId));
  return new Map(rows.map((row) => [row.entity, row]));
}

/** PENDENTE rejected records of the company, by entity. */
export async function countPendingRejected(db: Executor, companyId: number): Promise<Map<ErpEntity, number>> {
  const rows = await db
    .select({ entity: rejectedRecords.entity, n: sql<number>`count(*)::int` })
    .from(rejectedRecords)
    .where(and(eq(rejectedRecords.companyId, companyId), eq(rejectedRecords.status, 'PENDENTE')))
    .groupBy(rejectedRecords.entity);
  return new Map(rows.map((row) => [row.entity, Number(row.n)]));
}
