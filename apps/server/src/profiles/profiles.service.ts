import { sql } from 'drizzle-orm';
import {
  DUPLICATE_PROFILE_NAME_MESSAGE,
  PROFILE_IN_USE_MESSAGE,
  REQUIRED,
  ROLES,
  hasRole,
  permissionCatalogue,
  type ListQuery,
  type PagedList,
  type PermissionGroup,
  type Profile,
  type ProfileListItem,
  type ProfileSave,
  type ProfileSortField,
} from '@acervo/contracts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { assertAdministratorRemains } from '../auth/administrators.ts';
import { auditActor, recordAudit, type AuditSnapshot } from '../audit/audit.service.ts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from '../shared/db-errors.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import { pageRequest, pagedResult, statusFilter, termPattern } from '../shared/paging.ts';
import { profiles } from './profiles.schema.ts';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  profileListWhere,
  profileNameTaken,
  roleCountSql,
  setProfileActive,
  updateProfile,
  userCountSql,
  type ProfileRecord,
} from './profiles.repository.ts';

/** The profile as the API answers it. */
function toProfile(record: ProfileRecord): Profile {
  return { id: record.id, nome: record.name, descricao: record.description, permissoes: record.roles, ativo: record.active, totalUsuarios: record.userCount };
}

/** Audited fields of a profile other than its permissions (wire names). */
function fieldsSnapshot(record: ProfileRecord): AuditSnapshot {
  return { nome: record.name, descricao: record.description, ativo: record.active };
}

/** Roles of a save in catalogue order, each once (the schema has already refused unknown ones). */
function normaliseRoles(roles: readonly string[]): string[] {
  const wanted = new Set(roles);
  return ROLES.filter((role) => wanted.has(role));
}

/** True when the set of roles grants the profile screen (an administrator's role). */
const grantsAdministration = (roles: readonly string[], active: boolean) => active && hasRole(roles, REQUIRED.perfil);

/** The 409 of a duplicate name, on field `nome`. */
const duplicateName = () => new DomainError('CONFLICT', DUPLICATE_PROFILE_NAME_MESSAGE, [{ field: 'nome', message: DUPLICATE_PROFILE_NAME_MESSAGE }]);

/** Runs a write; a unique violation on the name index (a concurrent save) becomes the 409 on `nome`. */
async function withNameConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicateName();
    throw error;
  }
}

/**
 * `GET perfil/permissoes`: the role catalogue grouped by menu area with pt-BR labels (the same
 * ROLES the route table and the menu use).
 */
export function listPermissions(): PermissionGroup[] {
  return permissionCatalogue('pt-BR');
}

/**
 * `GET perfil`: one page of profiles. `term` matches name or description (without case or
 * accents), `status` the active flag; sortable by every column of PROFILE_SORT_FIELDS (default
 * `nome,asc`).
 * @throws DomainError VALIDATION on `sorter` for a field that cannot be sorted on
 */
export async function listProfiles(db: Db, query: ListQuery): Promise<PagedList<ProfileListItem>> {
  const sortable: Record<ProfileSortField, ReturnType<typeof sql>> = {
    nome: sql`lower(${profiles.name})`,
    descricao: sql`lower(coalesce(${profiles.description}, ''))`,
    ativo: sql`${profiles.active}`,
    totalPermissoes: roleCountSql,
    totalUsuarios: userCountSql,
  };
  const request = pageRequest(query, { sortable, defaultSort: { field: 'nome', direction: 'asc' }, tieBreaker: profiles.id });
  const where = profileListWhere(termPattern(query.term), statusFilter(query.status));
  const rows = db
    .select({
      id: profiles.id,
      nome: profiles.name,
      descricao: profiles.description,
      ativo: profiles.active,
      totalPermissoes: roleCountSql,
      totalUsuarios: userCountSql,
    })
    .from(profiles)
    .where(where)
    .orderBy(...request.orderBy)
    .limit(request.size)
    .offset(request.offset);
  return pagedResult(
    request,
    rows.then((list) => list.map((r) => ({ ...r, totalPermissoes: Number(r.totalPermissoes), totalUsuarios: Number(r.totalUsuarios) }))),
    db.$count(profiles, where),
  );
}

/**
 * `GET perfil/{id}`.
 * @throws DomainError NOT_FOUND (404) for an unknown id
 */
export async function getProfile(db: Db, id: number): Promise<Profile> {
  const record = await findProfile(db, id);
  if (!record) throw notFound();
  return toProfile(record);
}

/**
 * `POST perfil`: creates a profile (active unless `ativo: false`), audited as CRIACAO of `perfil`
 * with its fields and permissions.
 * @throws DomainError CONFLICT (409 on `nome`) when the name is taken (without case)
 */
export async function createProfile(db: Db, auth: AuthContext, body: ProfileSave): Promise<Profile> {
  const values = { name: body.nome, description: body.descricao || null, active: body.ativo ?? true, roles: normaliseRoles(body.permissoes) };
  return withNameConflict(() =>
    db.transaction(async (tx) => {
      if (await profileNameTaken(tx, values.name)) throw duplicateName();
      const id = await insertProfile(tx, values);
      const created = (await findProfile(tx, id)) as ProfileRecord;
      await recordAudit(tx, { actor: auditActor(auth), entity: 'perfil', recordId: id, action: 'CRIACAO', after: { ...fieldsSnapshot(created), permissoes: created.roles } });
      return toProfile(created);
    }),
  );
}

/**
 * `PUT perfil/{id}`: replaces name, description and permissions (and the active flag when sent).
 * Audited in the same transaction: field changes as ALTERACAO, permission changes as PERMISSAO.
 * A change that takes the profile screen's role away or deactivates the profile is checked by
 * `assertAdministratorRemains` at the end of the transaction. The profile's users get the new
 * roles at their next request (roles are read per request).
 * @throws DomainError NOT_FOUND (404), CONFLICT (409 on `nome` for a taken name; 409 when no
 *   administrator would remain)
 */
export async function saveProfile(db: Db, auth: AuthContext, id: number, body: ProfileSave): Promise<Profile> {
  return withNameConflict(() =>
    db.transaction(async (tx) => {
      const before = await findProfile(tx, id, true);
      if (!before) throw notFound();
      if (await profileNameTaken(tx, body.nome, id)) throw duplicateName();
      const values = { name: body.nome, description: body.descricao || null, active: body.ativo ?? before.active, roles: normaliseRoles(body.permissoes) };
      await updateProfile(tx, id, values);
      const after = (await findProfile(tx, id)) as ProfileRecord;
      const actor = auditActor(auth);
      await recordAudit(tx, { actor, entity: 'perfil', recordId: id, action: 'ALTERACAO', before: fieldsSnapshot(before), after: fieldsSnapshot(after) });
      await recordAudit(tx, { actor, entity: 'perfil', recordId: id, action: 'PERMISSAO', before: { permissoes: before.roles }, after: { permissoes: after.roles } });
      if (grantsAdministration(before.roles, before.active) && !grantsAdministration(after.roles, after.active)) await assertAdministratorRemains(tx);
      return toProfile(after);
    }),
  );
}

/**
 * `PUT perfil/inativa/{id}`: toggles the active flag and answers the profile in its new state
 * (ATIVACAO / INATIVACAO in the trail). An inactive profile grants no role to its users from
 * their next request; deactivating the last administrators' profile answers 409.
 * @throws DomainError NOT_FOUND (404), CONFLICT (409 when no administrator would remain)
 */
export async function toggleProfile(db: Db, auth: AuthContext, id: number): Promise<Profile> {
  return db.transaction(async (tx) => {
    const before = await findProfile(tx, id, true);
    if (!before) throw notFound();
    const active = !before.active;
    await setProfileActive(tx, id, active);
    await recordAudit(tx, {
      actor: auditActor(auth),
      entity: 'perfil',
      recordId: id,
      action: active ? 'ATIVACAO' : 'INATIVACAO',
      before: { ativo: before.active },
      after: { ativo: active },
    });
    if (!active) await assertAdministratorRemains(tx);
    return toProfile({ ...before, active });
  });
}

/**
 * `DELETE perfil/{id}`: deletes a profile no user holds (EXCLUSAO in the trail, with the fields and
 * permissions it had).
 * @throws DomainError NOT_FOUND (404); CONFLICT (409 PROFILE_IN_USE_MESSAGE) while any user holds
 *   it in some company (`usuario_empresa`), or when no administrator would remain
 */
export async function removeProfile(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findProfile(tx, id, true);
    if (!before) throw notFound();
    if (before.userCount > 0) throw new DomainError('CONFLICT', PROFILE_IN_USE_MESSAGE);
    try {
      await deleteProfile(tx, id);
    } catch (error) {
      // a link added by a concurrent transaction after the count
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new DomainError('CONFLICT', PROFILE_IN_USE_MESSAGE);
      throw error;
    }
    await recordAudit(tx, { actor: auditActor(auth), entity: 'perfil', recordId: id, action: 'EXCLUSAO', before: { ...fieldsSnapshot(before), permissoes: before.roles } });
    await assertAdministratorRemains(tx);
  });
}
