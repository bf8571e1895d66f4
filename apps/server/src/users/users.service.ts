import {
  DUPLICATE_EMAIL_MESSAGE,
  DUPLICATE_LOGIN_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  SELF_DEACTIVATION_MESSAGE,
  SELF_DELETION_MESSAGE,
  USER_IN_USE_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type ActiveState,
  type ChangeMyPasswordRequest,
  type MessageResponse,
  type MyUser,
  type MyUserRequest,
  type PagedList,
  type Seller,
  type User,
  type UserCompanyLink,
  type UserListQuery,
  type UserRequest,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { assertAdministratorRemains } from '../auth/administrators.ts';
import { hashClientPassword, verifyClientPassword } from '../auth/password-hasher.ts';
import { auditActor, recordAudit, type AuditSnapshot } from '../audit/audit.service.ts';
import { DomainError, fieldError, notFound } from '../shared/errors.ts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../shared/db-errors.ts';
import {
  deleteUserRow,
  emailTaken,
  findPasswordHash,
  findUserRow,
  insertUser,
  listSellers,
  listUsers,
  loadLinks,
  loginTaken,
  namesOf,
  replaceLinks,
  revokeSessions,
  toUser,
  updateUser,
  userReferences,
  type UserRow,
  type UserValues,
} from './users.repository.ts';

/** `GET usuario`: one page of users with their company + profile links. */
export function searchUsers(db: Executor, query: UserListQuery): Promise<PagedList<User>> {
  return listUsers(db, query);
}

/** A user with its links. */
async function loadUser(db: Executor, row: UserRow): Promise<User> {
  const links = await loadLinks(db, [row.id]);
  return toUser(row, links.get(row.id) ?? []);
}

/**
 * `GET usuario/{id}`: the user with its links (never a password).
 * @throws DomainError NOT_FOUND (404) when absent
 */
export async function getUser(db: Executor, id: number): Promise<User> {
  const row = await findUserRow(db, id);
  if (!row) throw notFound();
  return loadUser(db, row);
}

/**
 * The audited fields of a user, split in two: `fields` (ALTERACAO) and `links` (PERMISSAO, each
 * link as 'Empresa: Perfil' so the trail reads without ids).
 */
function snapshots(user: User): { fields: AuditSnapshot; links: AuditSnapshot } {
  const { id: _id, empresas, indNewPassword: _pending, ...fields } = user;
  return { fields, links: { empresas: empresas.map((l) => `${l.nomeEmpresa}: ${l.nomePerfil}`) } };
}

/** 409 naming `field`. */
function conflict(field: 'login' | 'email', message: string): DomainError {
  return new DomainError('CONFLICT', message, [{ field, message }]);
}

/** Checks login and e-mail are free (ignoring case) for user `exceptId`. */
async function assertUnique(db: Executor, login: string | null, email: string | null, exceptId?: number): Promise<void> {
  if (login !== null && (await loginTaken(db, login, exceptId))) throw conflict('login', DUPLICATE_LOGIN_MESSAGE);
  if (email !== null && (await emailTaken(db, email, exceptId))) throw conflict('email', DUPLICATE_EMAIL_MESSAGE);
}

/** A concurrent save that hit a unique index answers the same 409 as the check before it. */
async function mapDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    const constraint = pgConstraint(error) ?? '';
    if (constraint.includes('email')) throw conflict('email', DUPLICATE_EMAIL_MESSAGE);
    throw conflict('login', DUPLICATE_LOGIN_MESSAGE);
  }
}

/**
 * The links of a save with their names.
 * @throws DomainError VALIDATION (400) on `empresas.<i>.idEmpresa` / `empresas.<i>.idPerfil` for
 *   a company or profile that does not exist
 */
async function resolveLinks(db: Executor, links: UserRequest['empresas']): Promise<UserCompanyLink[]> {
  const names = await namesOf(db, links.map((l) => l.idEmpresa), links.map((l) => l.idPerfil));
  const problems = links.flatMap((link, i) => [
    ...(names.companies.has(link.idEmpresa) ? [] : [{ field: `empresas.${i}.idEmpresa`, message: 'Empresa não encontrada' }]),
    ...(names.profiles.has(link.idPerfil) ? [] : [{ field: `empresas.${i}.idPerfil`, message: 'Perfil não encontrado' }]),
  ]);
  if (problems.length) throw new DomainError('VALIDATION', problems[0].message, problems);
  return links.map((l) => ({ idEmpresa: l.idEmpresa, nomeEmpresa: names.companies.get(l.idEmpresa) ?? '', idPerfil: l.idPerfil, nomePerfil: names.profiles.get(l.idPerfil) ?? '' }));
}

/** Columns of a save; blank optional texts are stored as null. */
function toValues(body: UserRequest, current?: UserRow): UserValues {
  return {
    name: body.nome,
    email: body.email,
    login: body.login,
    active: body.ativo ?? current?.active ?? true,
    erpId: body.codigoErp ? body.codigoErp : null,
    isSeller: body.vendedor ?? current?.isSeller ?? false,
    erpSellerCode: body.codigoVendedorErp ? body.codigoVendedorErp : null,
  };
}

const sameLinks = (a: { idEmpresa: number; idPerfil: number }[], b: { idEmpresa: number; idPerfil: number }[]) =>
  JSON.stringify([...a].map((l) => [l.idEmpresa, l.idPerfil]).sort()) === JSON.stringify([...b].map((l) => [l.idEmpresa, l.idPerfil]).sort());

/**
 * `POST usuario`: creates a user (no `id`) or updates one (`id`), with its company + profile
 * links, in one transaction with its audit entries:
 * - create: `senha` required; the user must choose a new password at the first sign-in
 *   (`indNewPassword` true: the administrator knows the one set here); CRIACAO.
 * - update: fields as ALTERACAO, links as PERMISSAO, a new `senha` as SENHA (masked), which also
 *   ends every session of that user (the caller's own current session stays when editing
 *   themselves) and, for another user, asks for a new password at the next sign-in. Setting
 *   `ativo` false ends the user's sessions. Deactivating or changing links checks that an active
 *   administrator remains.
 * @throws DomainError NOT_FOUND (404) for an unknown `id`
 * @throws DomainError VALIDATION (400) on `empresas.<i>.*` for an unknown company or profile
 * @throws DomainError CONFLICT (409) on `login` / `email` when taken (ignoring case), when the
 *   caller deactivates themselves, or when no active administrator would remain
 */
export async function saveUser(db: Db, auth: AuthContext, body: UserRequest): Promise<User> {
  const passwordHash = body.senha ? await hashClientPassword(body.senha) : null;
  const actor = auditActor(auth);
  return mapDuplicate(
    db.transaction(async (tx) => {
      if (body.id === undefined) {
        await assertUnique(tx, body.login, body.email);
        await resolveLinks(tx, body.empresas);
        if (!passwordHash) throw fieldError('senha', 'Campo obrigatório');
        const row = await insertUser(tx, { ...toValues(body), passwordHash, mustChangePassword: true });
        await replaceLinks(tx, row.id, body.empresas);
        const user = await loadUser(tx, row);
        const snap = snapshots(user);
        await recordAudit(tx, { actor, entity: 'usuario', recordId: user.id, action: 'CRIACAO', after: { ...snap.fields, ...snap.links } });
        return user;
      }
      const id = body.id;
      const current = await findUserRow(tx, id, true);
      if (!current) throw notFound();
      const before = await loadUser(tx, current);
      await assertUnique(tx, body.login, body.email, id);
      await resolveLinks(tx, body.empresas);
      const values = toValues(body, current);
      const deactivating = current.active && !values.active;
      if (deactivating && id === auth.userId) throw new DomainError('CONFLICT', SELF_DEACTIVATION_MESSAGE);
      const linksChanged = !sameLinks(before.empresas, body.empresas);
      const self = id === auth.userId;
      const row = await updateUser(tx, id, { ...values, ...(passwordHash ? { passwordHash, mustChangePassword: !self } : {}) });
      if (linksChanged) await replaceLinks(tx, id, body.empresas);
      if (passwordHash || deactivating) await revokeSessions(tx, id, self ? auth.sessionId : undefined);
      if (deactivating || linksChanged) await assertAdministratorRemains(tx);
      const after = await loadUser(tx, row);
      const [old, now] = [snapshots(before), snapshots(after)];
      await recordAudit(tx, { actor, entity: 'usuario', recordId: id, action: 'ALTERACAO', before: old.fields, after: now.fields });
      await recordAudit(tx, { actor, entity: 'usuario', recordId: id, action: 'PERMISSAO', before: old.links, after: now.links });
      if (passwordHash) await recordAudit(tx, { actor, entity: 'usuario', recordId: id, action: 'SENHA', before: { senha: 'anterior' }, after: { senha: 'nova' }, secretFields: ['senha'] });
      return after;
    }),
  );
}

/**
 * `PUT usuario/inativa/{id}`: toggles `ativo` (ATIVACAO / INATIVACAO). Deactivating ends every
 * session of the user at once (and the access guard already refuses an inactive user's tokens).
 * @returns the new state `{id, ativo}`
 * @throws DomainError NOT_FOUND (404) when absent
 * @throws DomainError CONFLICT (409) when the caller deactivates themselves or no active
 *   administrator would remain
 */
export async function toggleUser(db: Db, auth: AuthContext, id: number): Promise<ActiveState> {
  return db.transaction(async (tx) => {
    const row = await findUserRow(tx, id, true);
    if (!row) throw notFound();
    const ativo = !row.active;
    if (!ativo && id === auth.userId) throw new DomainError('CONFLICT', SELF_DEACTIVATION_MESSAGE);
    await updateUser(tx, id, { active: ativo });
    if (!ativo) {
      await revokeSessions(tx, id);
      await assertAdministratorRemains(tx);
    }
    await recordAudit(tx, { actor: auditActor(auth), entity: 'usuario', recordId: id, action: ativo ? 'ATIVACAO' : 'INATIVACAO', before: { ativo: row.active }, after: { ativo } });
    return { id, ativo };
  });
}

/** `GET usuario/vendedor`: active sellers linked to the caller's selected company. */
export function sellersOf(db: Executor, companyId: number): Promise<Seller[]> {
  return listSellers(db, companyId);
}

/** `GET usuario/me`: the caller's own name, e-mail and login. */
export async function getMe(db: Executor, auth: AuthContext): Promise<MyUser> {
  const row = await findUserRow(db, auth.userId);
  if (!row) throw notFound();
  return { id: row.id, nome: row.name, email: row.email, login: row.login };
}

/**
 * `PUT usuario/me`: the caller changes their own name and e-mail (ALTERACAO on their user).
 * @throws DomainError CONFLICT (409, field `email`) when another user has the e-mail
 */
export async function updateMe(db: Db, auth: AuthContext, body: MyUserRequest): Promise<MyUser> {
  return mapDuplicate(
    db.transaction(async (tx) => {
      const current = await findUserRow(tx, auth.userId, true);
      if (!current) throw notFound();
      await assertUnique(tx, null, body.email, auth.userId);
      const row = await updateUser(tx, auth.userId, { name: body.nome, email: body.email });
      await recordAudit(tx, {
        actor: auditActor(auth),
        entity: 'usuario',
        recordId: auth.userId,
        action: 'ALTERACAO',
        before: { nome: current.name, email: current.email },
        after: { nome: row.name, email: row.email },
      });
      return { id: row.id, nome: row.name, email: row.email, login: row.login };
    }),
  );
}

/**
 * `POST usuario/me/senha`: checks the current password, stores the new one (argon2id of the
 * client hash), ends every OTHER session of the caller (the current one stays) and records SENHA.
 * @throws DomainError VALIDATION (400, field `senhaAtual`) when the current password is wrong
 */
export async function changeMyPassword(db: Db, auth: AuthContext, body: ChangeMyPasswordRequest): Promise<MessageResponse> {
  const stored = await findPasswordHash(db, auth.userId);
  if (!(await verifyClientPassword(stored, body.senhaAtual))) throw fieldError('senhaAtual', WRONG_CURRENT_PASSWORD_MESSAGE);
  const passwordHash = await hashClientPassword(body.senha);
  await db.transaction(async (tx) => {
    await updateUser(tx, auth.userId, { passwordHash, mustChangePassword: false });
    await revokeSessions(tx, auth.userId, auth.sessionId);
    await recordAudit(tx, { actor: auditActor(auth), entity: 'usuario', recordId: auth.userId, action: 'SENHA', before: { senha: 'anterior' }, after: { senha: 'nova' }, secretFields: ['senha'] });
  });
  return { message: PASSWORD_CHANGED_MESSAGE };
}

/** 409 of a user other records refer to. */
function userInUse(labels: string[]): DomainError {
  return new DomainError('CONFLICT', `${USER_IN_USE_MESSAGE}${labels.length ? ` (${labels.join(', ')})` : ''}. Inative-o em vez de excluí-lo.`);
}

/**
 * `DELETE usuario/{id}`: deletes a user (with its sessions, reset tokens and links; its audit
 * entries stay with the author's name) and records EXCLUSAO, in one transaction, when no other
 * record refers to it (every foreign key to `usuario` is checked; a violation raised anyway is the
 * same 409).
 * @throws DomainError NOT_FOUND (404) when absent
 * @throws DomainError CONFLICT (409) for the caller's own user, while records refer to it, or when
 *   no active administrator would remain
 */
export async function deleteUser(db: Db, auth: AuthContext, id: number): Promise<void> {
  if (id === auth.userId) throw new DomainError('CONFLICT', SELF_DELETION_MESSAGE);
  try {
    await db.transaction(async (tx) => {
      const row = await findUserRow(tx, id, true);
      if (!row) throw notFound();
      const before = await loadUser(tx, row);
      const references = await userReferences(tx, id);
      if (references.length) throw userInUse(references);
      await deleteUserRow(tx, id);
      await assertAdministratorRemains(tx);
      const snap = snapshots(before);
      await recordAudit(tx, { actor: auditActor(auth), entity: 'usuario', recordId: id, action: 'EXCLUSAO', before: { ...snap.fields, ...snap.links } });
    });
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw userInUse([]);
    throw error;
  }
}
