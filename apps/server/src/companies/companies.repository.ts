import { and, asc, eq } from 'drizzle-orm';
import type { IdNome } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { userCompanies, users } from '../users/users.schema.ts';
import { companies } from './companies.schema.ts';

/** Active companies linked to `userId` as `{id, nome}`, ordered by name then id. */
export async function listActiveCompaniesOfUser(db: Executor, userId: number): Promise<IdNome[]> {
  return db
    .select({ id: companies.id, nome: companies.name })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(and(eq(userCompanies.userId, userId), eq(companies.active, true)))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** True when a user with this id exists. */
export async function userExists(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows.length > 0;
}
