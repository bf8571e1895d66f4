import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  API_ACCESS_SORT_FIELDS,
  DUPLICATE_API_ACCESS_EMAIL_MESSAGE,
  type ApiAccess,
  type ApiAccessSave,
  type ListQuery,
  type PagedList,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { auditActor, recordAudit, type AuditScopes, type AuditSnapshot } from '../audit/audit.service.ts';
import { DomainError, fieldError, notFound } from '../shared/errors.ts';
import { matchesTerm, pageRequest, pagedResult, termPattern } from '../shared/paging.ts';
import { secretBox, type WarnLogger } from '../shared/secrets.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../shared/db-errors.ts';
import { apiAccess } from './parameters.schema.ts';

/**
 * Per-company API access logins (`parametro/acesso-api`, issue 6 part 4). Every call is scoped to
 * the caller's SELECTED company: another company's id answers 404 as if it did not exist.
 * Passwords are kept AES-256-GCM encrypted (context API_ACCESS_SECRET_CONTEXT) and never answered.
 */

/** AAD of an API access password's ciphertext. */
export const API_ACCESS_SECRET_CONTEXT = 'acesso-api';

/** 400 message (field `idEmpresa`) of a body naming a company other than the selected one. */
export const API_ACCESS_OTHER_COMPANY_MESSAGE = 'O acesso à API pertence à empresa selecionada: troque de empresa para cadastrar em outra';

type Row = typeof apiAccess.$inferSelect;

function toWire(row: Row, log?: WarnLogger): ApiAccess {
  return {
    id: row.id,
    email: row.email,
    senhaDefinida: secretBox().decryptOrUnset(row.encryptedPassword, API_ACCESS_SECRET_CONTEXT, log) !== '',
    idEmpresa: row.companyId,
  };
}

function snapshot(row: Row): AuditSnapshot {
  return { email: row.email, senha: row.encryptedPassword, idEmpresa: row.companyId };
}

const duplicateEmail = () => new DomainError('CONFLICT', DUPLICATE_API_ACCESS_EMAIL_MESSAGE, [{ field: 'email', message: DUPLICATE_API_ACCESS_EMAIL_MESSAGE }]);

async function emailTaken(db: Executor, companyId: number, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: apiAccess.id })
    .from(apiAccess)
    .where(and(eq(apiAccess.companyId, companyId), sql`lower(${apiAccess.email}) = lower(${email})`, exceptId === undefined ? undefined : ne(apiAccess.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

async function findOwn(db: Executor, companyId: number, id: number, lock = false): Promise<Row | null> {
  const query = db.select().from(apiAccess).where(and(eq(apiAccess.id, id), eq(apiAccess.companyId, companyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** `idEmpresa` of a body must be the selected company (or be absent). */
function checkCompany(body: ApiAccessSave, companyId: number): void {
  if (body.idEmpresa !== undefined && body.idEmpresa !== companyId) throw fieldError('idEmpresa', API_ACCESS_OTHER_COMPANY_MESSAGE);
}

async function withEmailConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicateEmail();
    throw error;
  }
}

/**
 * `GET parametro/acesso-api`: the selected company's API logins, paged; `term` matches the e-mail;
 * sortable by `email` (default) and `id`.
 */
export async function listApiAccess(db: Db, companyId: number, query: Omit<ListQuery, 'status'>, log?: WarnLogger): Promise<PagedList<ApiAccess>> {
  const sortable: Record<(typeof API_ACCESS_SORT_FIELDS)[number], SQL | AnyColumn> = { email: sql`lower(${apiAccess.email})`, id: apiAccess.id };
  const request = pageRequest(query, { sortable, defaultSort: { field: 'email', direction: 'asc' }, tieBreaker: apiAccess.id });
  const pattern = termPattern(query.term);
  const where = and(eq(apiAccess.companyId, companyId), pattern ? matchesTerm(apiAccess.email, pattern) : undefined);
  const rows = db.select().from(apiAccess).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(
    request,
    rows.then((list) => list.map((row) => toWire(row, log))),
    db.$count(apiAccess, where),
  );
}

/**
 * `POST parametro/acesso-api`: creates a login of the selected company (CRIACAO of `acesso-api`).
 * @throws DomainError VALIDATION (400 on `senha` when absent or empty; on `idEmpresa` for another
 *   company), CONFLICT (409 on `email` when the company already has it, without case)
 */
export async function createApiAccess(db: Db, auth: AuthContext, companyId: number, body: ApiAccessSave): Promise<ApiAccess> {
  checkCompany(body, companyId);
  if (!body.senha) throw fieldError('senha', 'Campo obrigatório');
  const password = body.senha;
  return withEmailConflict(() =>
    db.transaction(async (tx) => {
      if (await emailTaken(tx, companyId, body.email)) throw duplicateEmail();
      const [row] = await tx
        .insert(apiAccess)
        .values({ companyId, email: body.email, encryptedPassword: secretBox().encrypt(password, API_ACCESS_SECRET_CONTEXT) })
        .returning();
      await recordAudit(tx, { actor: auditActor(auth), entity: 'acesso-api', recordId: row.id, action: 'CRIACAO', after: snapshot(row), secretFields: ['senha'] });
      return toWire(row);
    }),
  );
}

/**
 * `PUT parametro/acesso-api/{id}`: changes the e-mail and, when `senha` is non-empty, the password
 * (ALTERACAO; a password change alone is recorded as SENHA).
 * @throws DomainError NOT_FOUND (404) for an id of another company or none; VALIDATION (400 on
 *   `idEmpresa`); CONFLICT (409 on `email`)
 */
export async function updateApiAccess(db: Db, auth: AuthContext, companyId: number, id: number, body: ApiAccessSave): Promise<ApiAccess> {
  return withEmailConflict(() =>
    db.transaction(async (tx) => {
      const before = await findOwn(tx, companyId, id, true);
      if (!before) throw notFound();
      checkCompany(body, companyId);
      if (await emailTaken(tx, companyId, body.email, id)) throw duplicateEmail();
      const encryptedPassword = body.senha ? secretBox().encrypt(body.senha, API_ACCESS_SECRET_CONTEXT) : before.encryptedPassword;
      const [after] = await tx.update(apiAccess).set({ email: body.email, encryptedPassword, updatedAt: new Date() }).where(eq(apiAccess.id, id)).returning();
      const action = before.email === after.email && body.senha ? 'SENHA' : 'ALTERACAO';
      await recordAudit(tx, { actor: auditActor(auth), entity: 'acesso-api', recordId: id, action, before: snapshot(before), after: snapshot(after), secretFields: ['senha'] });
      return toWire(after);
    }),
  );
}

/**
 * `DELETE parametro/acesso-api/{id}` (EXCLUSAO).
 * @throws DomainError NOT_FOUND (404) for an id of another company or none
 */
export async function deleteApiAccess(db: Db, auth: AuthContext, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findOwn(tx, companyId, id, true);
    if (!before) throw notFound();
    await tx.delete(apiAccess).where(eq(apiAccess.id, id));
    await recordAudit(tx, { actor: auditActor(auth), entity: 'acesso-api', recordId: id, action: 'EXCLUSAO', before: snapshot(before), secretFields: ['senha'] });
  });
}

/**
 * Whose API-access history (`GET auditoria?entidade=acesso-api`) a caller reads: the entries made
 * in their selected company (API credentials are per company). Listed by the composition root
 * (`domains.ts`, AUDIT_SCOPES).
 */
export const PARAMETERS_AUDIT_SCOPES: AuditScopes = {
  'acesso-api': async (_db, auth) => [auth.companyId ?? -1],
};
