import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REQUIRED, type Goal, type IdNome } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { userCompanies } from '../users/users.schema.ts';
import { goals } from './goals.schema.ts';

/**
 * The companies whose goals `userId` may read and edit, as `{id, nome}` ordered by name then id:
 * the active companies the user is linked to where the linked profile is active and holds a role
 * containing ROLE_VISUALIZAR_METAS (SPEC 6 substring match, like `hasRole`). These are the rows of
 * the goals grid; any other company's goals can be neither read nor changed.
 */
export async function listGoalCompanies(db: Executor, userId: number): Promise<IdNome[]> {
  return db
    .select({ id: companies.id, nome: companies.name })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .innerJoin(profiles, eq(profiles.id, userCompanies.profileId))
    .where(
      and(
        eq(userCompanies.userId, userId),
        eq(companies.active, true),
        eq(profiles.active, true),
        sql`EXISTS (SELECT 1 FROM ${profileRoles} WHERE ${profileRoles.profileId} = ${profiles.id} AND position(${REQUIRED.metas} in ${profileRoles.role}) > 0)`,
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id));
}

/** Goals of `companyIds` in `year`, ordered by company then month (empty for no company). */
export async function listGoals(db: Executor, companyIds: readonly number[], year: number): Promise<Goal[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({ idEmpresa: goals.companyId, ano: goals.year, mes: goals.month, valor: goals.valueCents })
    .from(goals)
    .where(and(inArray(goals.companyId, [...companyIds]), eq(goals.year, year)))
    .orderBy(asc(goals.companyId), asc(goals.month));
}

/**
 * Locks the company rows of `companyIds` (FOR NO KEY UPDATE, in id order) until the transaction
 * ends, so two saves of the same company's goals run one after the other and each audit entry's
 * "before" is what the other left. Company edits wait too; goal reads do not.
 */
export async function lockCompanies(tx: Executor, companyIds: readonly number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.id, [...companyIds]))
    .orderBy(asc(companies.id))
    .for('no key update');
}

/** Creates or replaces goals (value in cents), recording who changed them and when. */
export async function upsertGoals(tx: Executor, rows: readonly Goal[], userId: number): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(goals)
    .values(rows.map((r) => ({ companyId: r.idEmpresa, year: r.ano, month: r.mes, valueCents: r.valor, updatedBy: userId })))
    .onConflictDoUpdate({
      target: [goals.companyId, goals.year, goals.month],
      set: { valueCents: sql`excluded.valor`, updatedBy: userId, updatedAt: sql`now()` },
    });
}

/** Removes the goals of `months` of one company in `year`. */
export async function deleteGoals(tx: Executor, companyId: number, year: number, months: readonly number[]): Promise<void> {
  if (months.length === 0) return;
  await tx.delete(goals).where(and(eq(goals.companyId, companyId), eq(goals.year, year), inArray(goals.month, [...months])));
}
