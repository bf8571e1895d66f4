import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Company, CompanyListQuery, IdNome, PagedList } from '@acervo/contracts';
import { COMPANY_SORT_FIELDS, normalizeCnpj } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { userCompanies, users } from '../users/users.schema.ts';
import { matchesTerm, pageRequest, pagedResult, statusFilter, termPattern } from '../shared/paging.ts';
import { recordReferences } from '../shared/references.ts';
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

/** Row → wire company (`companySchema`). */
export function toCompany(row: typeof companies.$inferSelect): Company {
  return {
    id: row.id,
    nome: row.name,
    description: row.description,
    cnpj: row.cnpj,
    codigoErp: row.erpCode,
    ativo: row.active,
    acessoApi: row.apiAccess,
  };
}

/**
 * One page of companies for `GET system/company`: `term` against name, description, ERP code
 * (accent- and case-insensitive) and CNPJ (compared without its mask); `status` on `ativo`;
 * sorted by any list column (default name ascending, id as tie-breaker).
 * @throws DomainError VALIDATION on `sorter` for a field that is not a list column
 */
export async function listCompanies(db: Executor, query: CompanyListQuery): Promise<PagedList<Company>> {
  const request = pageRequest<(typeof COMPANY_SORT_FIELDS)[number]>(query, {
    sortable: {
      nome: sql`lower(${companies.name})`,
      cnpj: companies.cnpj,
      codigoErp: sql`lower(${companies.erpCode})`,
      acessoApi: companies.apiAccess,
      ativo: companies.active,
    },
    defaultSort: { field: 'nome', direction: 'asc' },
    tieBreaker: companies.id,
  });
  const pattern = termPattern(query.term);
  const active = statusFilter(query.status);
  const conditions: (SQL | undefined)[] = [active === undefined ? undefined : eq(companies.active, active)];
  if (pattern) {
    const cnpjPattern = termPattern(normalizeCnpj(query.term ?? ''));
    conditions.push(
      or(
        matchesTerm(companies.name, pattern),
        matchesTerm(companies.description, pattern),
        matchesTerm(companies.erpCode, pattern),
        cnpjPattern ? sql`${companies.cnpj} LIKE upper(${cnpjPattern})` : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const rows = db.select().from(companies).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(
    request,
    rows.then((list) => list.map(toCompany)),
    db.$count(companies, where),
  );
}

/**
 * One company row by id; `lock` takes a row lock (`FOR UPDATE`) so a concurrent change waits.
 * @returns the row, or null when absent
 */
export async function findCompanyRow(db: Executor, id: number, lock = false): Promise<typeof companies.$inferSelect | null> {
  const query = db.select().from(companies).where(eq(companies.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** True when another company (id other than `exceptId`) has this stored CNPJ. */
export async function cnpjTaken(db: Executor, cnpj: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.cnpj, cnpj), exceptId === undefined ? undefined : ne(companies.id, exceptId)));
  return rows.length > 0;
}

/** Company columns a save writes. */
export interface CompanyValues {
  name: string;
  description: string | null;
  cnpj: string;
  erpCode: string | null;
  active: boolean;
  apiAccess: boolean;
}

/** Inserts a company; answers its row. */
export async function insertCompany(db: Executor, values: CompanyValues): Promise<typeof companies.$inferSelect> {
  const [row] = await db.insert(companies).values(values).returning();
  return row;
}

/** Updates a company (and `data_alteracao`); answers its row. */
export async function updateCompany(db: Executor, id: number, values: Partial<CompanyValues>): Promise<typeof companies.$inferSelect> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

/** Deletes a company row. */
export async function deleteCompanyRow(db: Executor, id: number): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}

/**
 * References to a company that do NOT stop its deletion: the sessions opened in it (they end with
 * it), a user's remembered last company (`ultima_empresa_id`, set to null) and the ERP sync's own
 * bookkeeping (watermarks and daily counts, deleted with it), and its closing days (the dashboard's
 * calendar, seeded for every company and deleted with it). Stored ERP data, the integration log,
 * the outgoing queue and rejected records do stop it ('dados do ERP', 'log de integração'...).
 */
const IGNORED_REFERENCES = new Set(['sessao.empresa_id', 'usuario.ultima_empresa_id', 'status_integracao_entidade.empresa_id', 'sincronizacao_diaria.empresa_id', 'empresa_dia_fechamento.empresa_id']);

/** What still refers to a company (see `recordReferences`): labels such as ['usuários', 'metas']. */
export function companyReferences(db: Executor, id: number): Promise<string[]> {
  return recordReferences(db, 'empresa', id, IGNORED_REFERENCES);
}
