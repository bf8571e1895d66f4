import {
  COMPANY_IN_USE_MESSAGE,
  DUPLICATE_CNPJ_MESSAGE,
  FORBIDDEN_MESSAGE,
  REQUIRED,
  hasRole,
  type ActiveState,
  type Company,
  type CompanyListQuery,
  type CompanyRequest,
  type IdNome,
  type PagedList,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { assertAdministratorRemains } from '../auth/administrators.ts';
import { auditActor, recordAudit, type AuditSnapshot } from '../audit/audit.service.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import {
  cnpjTaken,
  companyReferences,
  deleteCompanyRow,
  findCompanyRow,
  insertCompany,
  listActiveCompaniesOfUser,
  listCompanies,
  toCompany,
  updateCompany,
  userExists,
  type CompanyValues,
} from './companies.repository.ts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from '../shared/db-errors.ts';

/**
 * `GET system/company/usuario/{userId}`: the active companies linked to `userId`.
 * A caller may list their own companies; another user's only with ROLE_VISUALIZAR_USUARIO.
 * @throws DomainError FORBIDDEN (403) when asking for another user without that role
 * @throws DomainError NOT_FOUND (404) when the user does not exist
 */
export async function listCompaniesOfUser(db: Executor, auth: AuthContext, userId: number): Promise<IdNome[]> {
  if (userId !== auth.userId) {
    if (!hasRole(auth.roles, REQUIRED.usuario)) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
    if (!(await userExists(db, userId))) throw notFound();
  }
  return listActiveCompaniesOfUser(db, userId);
}

/** `GET system/company/empresaSelect`: the caller's own active companies (top bar selector). */
export async function listOwnCompanies(db: Executor, auth: AuthContext): Promise<IdNome[]> {
  return listActiveCompaniesOfUser(db, auth.userId);
}

/** `GET system/company`: one page of companies (see `listCompanies` of the repository). */
export function searchCompanies(db: Executor, query: CompanyListQuery): Promise<PagedList<Company>> {
  return listCompanies(db, query);
}

/**
 * `GET system/company/{id}`.
 * @throws DomainError NOT_FOUND (404) when absent
 */
export async function getCompany(db: Executor, id: number): Promise<Company> {
  const row = await findCompanyRow(db, id);
  if (!row) throw notFound();
  return toCompany(row);
}

/** The audited fields of a company (wire names, without the id). */
function snapshot(company: Company): AuditSnapshot {
  const { id: _id, ...fields } = company;
  return fields;
}

/** Columns of a save; blank optional texts are stored as null. */
function toValues(body: CompanyRequest, current?: Company): CompanyValues {
  return {
    name: body.nome,
    description: body.description ? body.description : null,
    cnpj: body.cnpj,
    erpCode: body.codigoErp ? body.codigoErp : null,
    active: body.ativo ?? current?.ativo ?? true,
    apiAccess: body.acessoApi ?? current?.acessoApi ?? false,
  };
}

/** 409 on `cnpj` for a CNPJ another company has. */
function duplicateCnpj(): DomainError {
  return new DomainError('CONFLICT', DUPLICATE_CNPJ_MESSAGE, [{ field: 'cnpj', message: DUPLICATE_CNPJ_MESSAGE }]);
}

/** Runs a save; a unique violation on the CNPJ (two concurrent saves) becomes the same 409. */
async function mapDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicateCnpj();
    throw error;
  }
}

/**
 * `POST system/company`: creates a company and records CRIACAO, in one transaction.
 * @throws DomainError CONFLICT (409, field `cnpj`) when the CNPJ is taken
 */
export async function createCompany(db: Db, auth: AuthContext, body: CompanyRequest): Promise<Company> {
  return mapDuplicate(
    db.transaction(async (tx) => {
      if (await cnpjTaken(tx, body.cnpj)) throw duplicateCnpj();
      const company = toCompany(await insertCompany(tx, toValues(body)));
      await recordAudit(tx, { actor: auditActor(auth), entity: 'empresa', recordId: company.id, action: 'CRIACAO', after: snapshot(company) });
      return company;
    }),
  );
}

/**
 * `PUT system/company/{id}`: replaces the company's fields (an absent `ativo`/`acessoApi` keeps
 * the current value) and records ALTERACAO with the changed fields, in one transaction. Setting
 * `ativo` false checks that an administrator remains.
 * @throws DomainError NOT_FOUND (404) when absent
 * @throws DomainError CONFLICT (409) when the CNPJ is taken (field `cnpj`) or no active
 *   administrator would remain
 */
export async function updateCompanyById(db: Db, auth: AuthContext, id: number, body: CompanyRequest): Promise<Company> {
  return mapDuplicate(
    db.transaction(async (tx) => {
      const row = await findCompanyRow(tx, id, true);
      if (!row) throw notFound();
      const before = toCompany(row);
      if (await cnpjTaken(tx, body.cnpj, id)) throw duplicateCnpj();
      const after = toCompany(await updateCompany(tx, id, toValues(body, before)));
      if (before.ativo && !after.ativo) await assertAdministratorRemains(tx);
      await recordAudit(tx, { actor: auditActor(auth), entity: 'empresa', recordId: id, action: 'ALTERACAO', before: snapshot(before), after: snapshot(after) });
      return after;
    }),
  );
}

/**
 * `PUT system/company/inativa/{id}`: toggles `ativo` and records ATIVACAO or INATIVACAO. An
 * inactive company leaves its users' company selector and grants no roles.
 * @returns the new state `{id, ativo}`
 * @throws DomainError NOT_FOUND (404) when absent
 * @throws DomainError CONFLICT (409) when deactivating would leave no active administrator
 */
export async function toggleCompany(db: Db, auth: AuthContext, id: number): Promise<ActiveState> {
  return db.transaction(async (tx) => {
    const row = await findCompanyRow(tx, id, true);
    if (!row) throw notFound();
    const ativo = !row.active;
    await updateCompany(tx, id, { active: ativo });
    if (!ativo) await assertAdministratorRemains(tx);
    await recordAudit(tx, { actor: auditActor(auth), entity: 'empresa', recordId: id, action: ativo ? 'ATIVACAO' : 'INATIVACAO', before: { ativo: row.active }, after: { ativo } });
    return { id, ativo };
  });
}

/** 409 of a company something still refers to. */
function companyInUse(labels: string[]): DomainError {
  const message = labels.length ? `${COMPANY_IN_USE_MESSAGE} (${labels.join(', ')}). Inative-a em vez de excluí-la.` : `${COMPANY_IN_USE_MESSAGE}. Inative-a em vez de excluí-la.`;
  return new DomainError('CONFLICT', message);
}

/**
 * `DELETE system/company/{id}`: deletes a company nothing refers to and records EXCLUSAO, in one
 * transaction. The row is locked first (`FOR UPDATE`), so a link added meanwhile waits and is
 * seen; every foreign key pointing at the company is checked (`companyReferences`), and a
 * foreign-key violation raised anyway also answers 409, so nothing is half-deleted.
 * @throws DomainError NOT_FOUND (404) when absent
 * @throws DomainError CONFLICT (409) while users or other records refer to it, or when no active
 *   administrator would remain
 */
export async function deleteCompany(db: Db, auth: AuthContext, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await findCompanyRow(tx, id, true);
      if (!row) throw notFound();
      const references = await companyReferences(tx, id);
      if (references.length) throw companyInUse(references);
      await deleteCompanyRow(tx, id);
      await assertAdministratorRemains(tx);
      await recordAudit(tx, { actor: auditActor(auth), entity: 'empresa', recordId: id, action: 'EXCLUSAO', before: snapshot(toCompany(row)) });
    });
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw companyInUse([]);
    throw error;
  }
}
