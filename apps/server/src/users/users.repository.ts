import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PagedList, Seller, User, UserCompanyLink, UserListQuery, UserOptions, USER_SORT_FIELDS } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { profiles } from '../profiles/profiles.schema.ts';
import { sessions } from '../auth/auth.schema.ts';
import { recordReferences } from '../shared/references.ts';
import { matchesTerm, pageRequest, pagedResult, statusFilter, termPattern } from '../shared/paging.ts';
import { userCompanies, users } from './users.schema.ts';

/** A user row as read here (every column but the password hash). */
export type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  login: users.login,
  active: users.active,
  mustChangePassword: users.mustChangePassword,
  erpId: users.erpId,
  isSeller: users.isSeller,
  erpSellerCode: users.erpSellerCode,
  lastCompanyId: users.lastCompanyId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Row + links → wire user (`userSchema`). */
export function toUser(row: UserRow, empresas: UserCompanyLink[]): User {
  return {
    id: row.id,
    nome: row.name,
    email: row.email,
    login: row.login,
    ativo: row.active,
    codigoErp: row.erpId,
    vendedor: row.isSeller,
    codigoVendedorErp: row.erpSellerCode,
    indNewPassword: row.mustChangePassword,
    empresas,
  };
}

/** Company + profile links of the given users, each list ordered by company name. */
export async function loadLinks(db: Executor, userIds: number[]): Promise<Map<number, UserCompanyLink[]>> {
  const byUser = new Map<number, UserCompanyLink[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userCompanies.userId, idEmpresa: companies.id, nomeEmpresa: companies.name, idPerfil: profiles.id, nomePerfil: profiles.name })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .innerJoin(profiles, eq(profiles.id, userCompanies.profileId))
    .where(inArray(userCompanies.userId, userIds))
    .orderBy(asc(companies.name), asc(companies.id));
  for (const { userId, ...link } of rows) byUser.get(userId)?.push(link);
  return byUser;
}

/**
 * One page of users for `GET usuario`: `term` against name, login, e-mail and the ERP codes
 * (accent- and case-insensitive), `status` on `ativo`, sorted by any list column (default name).
 * @throws DomainError VALIDATION on `sorter` for a field that is not a list column
 */
export async function listUsers(db: Executor, query: UserListQuery): Promise<PagedList<User>> {
  const request = pageRequest<(typeof USER_SORT_FIELDS)[number]>(query, {
    sortable: {
      nome: sql`lower(${users.name})`,
      login: sql`lower(${users.login})`,
      email: sql`lower(${users.email})`,
      vendedor: users.isSeller,
      ativo: users.active,
    },
    defaultSort: { field: 'nome', direction: 'asc' },
    tieBreaker: users.id,
  });
  const pattern = termPattern(query.term);
  const active = statusFilter(query.status);
  const conditions: (SQL | undefined)[] = [active === undefined ? undefined : eq(users.active, active)];
  if (pattern) {
    conditions.push(or(...[users.name, users.login, users.email, users.erpId, users.erpSellerCode].map((column) => matchesTerm(column, pattern))));
  }
  const where = and(...conditions);
  const rows = db.select(userColumns).from(users).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(
    request,
    rows.then(async (list) => {
      const links = await loadLinks(db, list.map((r) => r.id));
      return list.map((row) => toUser(row, links.get(row.id) ?? []));
    }),
    db.$count(users, where),
  );
}

/** One user row by id (`lock`: `FOR UPDATE`); null when absent. */
export async function findUserRow(db: Executor, id: number, lock = false): Promise<UserRow | null> {
  const query = db.select(userColumns).from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The stored password hash of a user (argon2id PHC string); null when the user is absent. */
export async function findPasswordHash(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash ?? null;
}

/** True when another user (not `exceptId`) has this login, ignoring case. */
export async function loginTaken(db: Executor, login: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.login}) = ${login.toLowerCase()}`, exceptId === undefined ? undefined : ne(users.id, exceptId)));
  return rows.length > 0;
}

/** True when another user (not `exceptId`) has this e-mail, ignoring case. */
export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId === undefined ? undefined : ne(users.id, exceptId)));
  return rows.length > 0;
}

/** Names of the existing companies and profiles among the given ids (to validate links). */
export async function namesOf(db: Executor, companyIds: number[], profileIds: number[]): Promise<{ companies: Map<number, string>; profiles: Map<number, string> }> {
  const [companyRows, profileRows] = await Promise.all([
    companyIds.length ? db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds)) : [],
    profileIds.length ? db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, profileIds)) : [],
  ]);
  return { companies: new Map(companyRows.map((r) => [r.id, r.name])), profiles: new Map(profileRows.map((r) => [r.id, r.name])) };
}

/** User columns a save writes. */
export interface UserValues {
  name: string;
  email: string | null;
  login: string;
  active: boolean;
  erpId: string | null;
  isSeller: boolean;
  erpSellerCode: string | null;
}

/** Inserts a user with a password hash; answers the row. */
export async function insertUser(db: Executor, values: UserValues & { passwordHash: string; mustChangePassword: boolean }): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  return row;
}

/** Updates a user (and `data_alteracao`); answers the row. */
export async function updateUser(db: Executor, id: number, values: Partial<UserValues & { passwordHash: string; mustChangePassword: boolean }>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(userColumns);
  return row;
}

/** Replaces every company + profile link of a user. */
export async function replaceLinks(db: Executor, userId: number, links: { idEmpresa: number; idPerfil: number }[]): Promise<void> {
  await db.delete(userCompanies).where(eq(userCompanies.userId, userId));
  if (links.length) await db.insert(userCompanies).values(links.map((l) => ({ userId, companyId: l.idEmpresa, profileId: l.idPerfil })));
}

/**
 * Revokes the open sessions of a user (every live token then answers 401), except `keepSessionId`
 * (the caller's own session when a user changes their own password).
 */
export async function revokeSessions(db: Executor, userId: number, keepSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

/** Active users flagged as seller and linked to `companyId`, by name: `GET usuario/vendedor`. */
export async function listSellers(db: Executor, companyId: number): Promise<Seller[]> {
  return db
    .select({ id: users.id, nome: users.name, codigoVendedorErp: users.erpSellerCode })
    .from(users)
    .innerJoin(userCompanies, and(eq(userCompanies.userId, users.id), eq(userCompanies.companyId, companyId)))
    .where(and(eq(users.active, true), eq(users.isSeller, true)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** Every company and profile as `{id, nome, ativo}`, by name: the selects of the user form. */
export async function listUserOptions(db: Executor): Promise<UserOptions> {
  const [empresas, perfis] = await Promise.all([
    db.select({ id: companies.id, nome: companies.name, ativo: companies.active }).from(companies).orderBy(asc(sql`lower(${companies.name})`), asc(companies.id)),
    db.select({ id: profiles.id, nome: profiles.name, ativo: profiles.active }).from(profiles).orderBy(asc(sql`lower(${profiles.name})`), asc(profiles.id)),
  ]);
  return { empresas, perfis };
}

/**
 * References to a user that do NOT stop its deletion: its sessions, reset tokens and company
 * links (deleted with it) and the audit trail (kept, with the author's name, `usuario_id` null).
 */
const IGNORED_USER_REFERENCES = new Set(['sessao.usuario_id', 'redefinicao_senha.usuario_id', 'usuario_empresa.usuario_id', 'auditoria.usuario_id']);

/** What still refers to a user (other domains' records): labels of the tables, empty when none. */
export function userReferences(db: Executor, id: number): Promise<string[]> {
  return recordReferences(db, 'usuario', id, IGNORED_USER_REFERENCES);
}

/** Deletes a user row (sessions, reset tokens and links go with it). */
export async function deleteUserRow(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
