import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { FORBIDDEN_MESSAGE, LOGIN_FAILED_MESSAGE, RESET_TOKEN_INVALID_MESSAGE, UNAUTHORIZED_MESSAGE, type LoginRequest, type NewPasswordRequest, type SessionUser } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import type { AppContext } from '../shared/context.ts';
import { DomainError, fieldError } from '../shared/errors.ts';
import { getNumberParameter, getParameters, readSmtpSettings } from '../parameters/parameters.service.ts';
import { queueEmail } from '../email/email.service.ts';
import { loadCompanyRoles, type AuthContext } from './auth-guard.ts';
import type { TokenSigner } from '../shared/jwt.ts';
import { hashClientPassword, verifyClientPassword } from './password-hasher.ts';
import { assertLoginAllowed, clearLoginFailures, loginKeys, recordLoginFailure } from './login-rate-limit.ts';
import {
  consumePasswordReset,
  discardPasswordResets,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertPasswordReset,
  insertSession,
  listActiveCompanyIds,
  revokeSession,
  revokeUserSessions,
  setLastCompany,
  updatePassword,
  type AuthUserRow,
} from './auth.repository.ts';

export { RESET_TOKEN_INVALID_MESSAGE } from '@acervo/contracts';

/** Answer of `auth/logout`. */
export const LOGOUT_MESSAGE = 'Sessão encerrada.';

/** Subject of the password-reset e-mail. */
export const RESET_EMAIL_SUBJECT = 'Acervo: redefinição de senha';

/** `auth/forgotPassword` never answers sooner than this (ms), so timing does not reveal whether the address exists. */
export const FORGOT_PASSWORD_MIN_MS = 100;

const DAY_MS = 86_400_000;

/** SHA-256 hex of a reset token (only this is stored). */
export function hashResetToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The company a new session selects: `preferred` (the user's `ultima_empresa_id` or the company
 * asked) when it is an active linked company, else the first active linked company by id, else
 * null (no company: no roles).
 */
export async function pickCompany(db: Executor, userId: number, preferred: number | null): Promise<number | null> {
  const ids = await listActiveCompanyIds(db, userId);
  if (preferred !== null && ids.includes(preferred)) return preferred;
  return ids[0] ?? null;
}

/**
 * Opens a server session for `user` in `companyId` and signs its token. The session (`sessao`)
 * and the JWT expire after the TOKEN_EXPIRACAO_DIAS parameter (days); `ultima_empresa_id` is
 * updated. Runs on `db` only (pass the transaction when inside one).
 * @returns the session user of SPEC section 3
 */
export async function openSession(db: Executor, signer: TokenSigner, user: AuthUserRow, companyId: number | null): Promise<SessionUser> {
  const days = await getNumberParameter(db, 'TOKEN_EXPIRACAO_DIAS');
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  const sessionId = crypto.randomUUID();
  await insertSession(db, { id: sessionId, userId: user.id, companyId, expiresAt });
  if (companyId !== null && companyId !== user.lastCompanyId) await setLastCompany(db, user.id, companyId);
  const companyRoles = companyId !== null ? await loadCompanyRoles(db, user.id, companyId) : null;
  const token = await signer.sign({ userId: user.id, sessionId, companyId }, expiresAt);
  return {
    id: user.id,
    idEmpresa: companyId,
    nome: user.name,
    nomPerfil: companyRoles?.profileName ?? null,
    login: user.login,
    roles: companyRoles?.roles ?? [],
    token,
    indNewPassword: user.mustChangePassword,
  };
}

/**
 * `POST auth/login`: case-insensitive login, argon2id check of the client hash, failed-login
 * rate limit per login and per address (table `tentativa_login`).
 * @param ip client address
 * @throws DomainError RATE_LIMITED (429) while the login or address is blocked
 * @throws DomainError UNAUTHORIZED (401, LOGIN_FAILED_MESSAGE) for an unknown login, a wrong
 *   password or an inactive user (same message for all three)
 */
export async function login(ctx: AppContext, request: LoginRequest, ip: string): Promise<SessionUser> {
  const keys = loginKeys(request.userName, ip);
  await assertLoginAllowed(ctx.db, keys);
  const user = await findUserByLogin(ctx.db, request.userName.trim());
  const passwordOk = await verifyClientPassword(user?.passwordHash ?? null, request.password);
  if (!user || !passwordOk || !user.active) {
    await recordLoginFailure(ctx.db, keys);
    throw new DomainError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE, [{ field: '', message: LOGIN_FAILED_MESSAGE }]);
  }
  await clearLoginFailures(ctx.db, keys);
  const companyId = await pickCompany(ctx.db, user.id, user.lastCompanyId);
  return openSession(ctx.db, ctx.signer, user, companyId);
}

/** `GET auth/logout`: revokes the caller's session; the same token then answers 401. */
export async function logout(ctx: AppContext, auth: AuthContext): Promise<void> {
  await revokeSession(ctx.db, auth.sessionId);
}

/**
 * `POST auth/refresh`: switches to `companyId` with a new session and token; the old session is
 * revoked and the company stored as `ultima_empresa_id`.
 * @throws DomainError FORBIDDEN (403) when the user has no link to that (active) company
 */
export async function refresh(ctx: AppContext, auth: AuthContext, companyId: number): Promise<SessionUser> {
  return ctx.db.transaction(async (tx) => {
    const ids = await listActiveCompanyIds(tx, auth.userId);
    if (!ids.includes(companyId)) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE, [{ field: 'idEmpresa', message: FORBIDDEN_MESSAGE }]);
    const user = await findUserById(tx, auth.userId);
    if (!user) throw new DomainError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
    await revokeSession(tx, auth.sessionId);
    return openSession(tx, ctx.signer, user, companyId);
  });
}

/**
 * `POST auth/forgotPassword` work: when an active user has `email`, stores the SHA-256 of a new
 * random one-time token (valid REDEFINICAO_SENHA_VALIDADE_MINUTOS minutes) and queues an e-mail
 * with the link `${URL_APLICACAO}/?resetToken=<token>`. Does nothing for an unknown address.
 * Errors are logged, never thrown, so the answer never reveals whether the address exists; the
 * call takes at least FORGOT_PASSWORD_MIN_MS.
 */
export async function forgotPassword(ctx: AppContext, email: string, log: FastifyBaseLogger): Promise<void> {
  const floor = new Promise<void>((resolve) => setTimeout(resolve, FORGOT_PASSWORD_MIN_MS));
  const work = (async () => {
    const user = await findUserByEmail(ctx.db, email.trim());
    if (!user || !user.active || !user.email) return;
    const token = crypto.randomBytes(32).toString('base64url');
    const minutes = await getNumberParameter(ctx.db, 'REDEFINICAO_SENHA_VALIDADE_MINUTOS');
    const { URL_APLICACAO: baseUrl } = await getParameters(ctx.db, ['URL_APLICACAO']);
    await insertPasswordReset(ctx.db, { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + minutes * 60_000) });
    const link = `${baseUrl.trim().replace(/\/+$/, '')}/?resetToken=${token}`;
    await queueEmail(ctx.db, log, await readSmtpSettings(ctx.db, log), {
      to: user.email,
      subject: RESET_EMAIL_SUBJECT,
      text:
        `Olá, ${user.name}.\n\n` +
        `Recebemos um pedido para redefinir a senha do usuário ${user.login} no Acervo.\n` +
        `Para escolher uma nova senha, abra o link abaixo (válido por ${minutes} minutos, uma única vez):\n\n${link}\n\n` +
        'Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.\n',
    });
  })().catch((err: unknown) => log.error({ err }, 'forgotPassword failed'));
  await Promise.all([work, floor]);
}

/**
 * `POST usuario/newPassword`: with `id`, the caller must be signed in as that user (the forced
 * first-sign-in change or a voluntary change); with `token`, a valid unused unexpired reset token.
 * Stores the argon2id hash of `senha`, clears `ind_new_password`, uses up the user's reset
 * tokens, revokes every session of the user and opens a new one.
 * @param auth the caller when a bearer token was sent (required with `id`)
 * @throws DomainError UNAUTHORIZED (401) with `id` and no valid session
 * @throws DomainError FORBIDDEN (403) with `id` of another user
 * @throws DomainError VALIDATION (400, field `token`, RESET_TOKEN_INVALID_MESSAGE) for a bad token
 * @returns the new session user (`indNewPassword` false)
 */
export async function setNewPassword(ctx: AppContext, request: NewPasswordRequest, auth: AuthContext | null): Promise<SessionUser> {
  if (request.id !== undefined) {
    if (!auth) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    if (auth.userId !== request.id) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE, [{ field: 'id', message: FORBIDDEN_MESSAGE }]);
  }
  const passwordHash = await hashClientPassword(request.senha);
  const byId = request.id;
  const token = request.token;
  return ctx.db.transaction(async (tx) => {
    const userId = byId ?? (token ? await consumePasswordReset(tx, hashResetToken(token)) : null);
    const user = userId !== null ? await findUserById(tx, userId) : null;
    if (!user || !user.active) throw fieldError('token', RESET_TOKEN_INVALID_MESSAGE);
    await updatePassword(tx, user.id, passwordHash);
    await discardPasswordResets(tx, user.id);
    await revokeUserSessions(tx, user.id);
    const companyId = await pickCompany(tx, user.id, user.lastCompanyId);
    return openSession(tx, ctx.signer, { ...user, mustChangePassword: false }, companyId);
  });
}
