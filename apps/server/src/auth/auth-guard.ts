import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { COMPANY_HEADER, COMPANY_HEADER_INVALID_MESSAGE, COMPANY_MISMATCH_MESSAGE, FORBIDDEN_MESSAGE, PARAMETER_DEFAULTS, UNAUTHORIZED_MESSAGE, hasRole } from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import { executePreparedShape } from '../db/prepared.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { userCompanies, users } from '../users/users.schema.ts';
import { parameters } from '../parameters/parameters.schema.ts';
import { DomainError, fieldError } from '../shared/errors.ts';
import { sessions } from './auth.schema.ts';
import type { Authenticate } from '../shared/request-auth.ts';
import type { TokenSigner } from '../shared/jwt.ts';

export { requireAuth, requireCompany, type AuthContext, type Authenticate } from '../shared/request-auth.ts';

/** HTTP 403 message when a user who must change the password calls any other route. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Defina uma nova senha antes de continuar.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Touch `lastSeenAt` at most this often (ms) so each request does not write. */
const TOUCH_EVERY_MS = 30_000;

/**
 * Reads the roles and profile of `userId` in `companyId`.
 * @returns the profile name and its roles; `null` when the user has no link to that company
 *   (an inactive profile grants no roles)
 */
export async function loadCompanyRoles(db: Executor, userId: number, companyId: number): Promise<{ profileName: string; roles: string[] } | null> {
  const rows = await db
    .select({ profileName: profiles.name, active: profiles.active, role: profileRoles.role })
    .from(userCompanies)
    .innerJoin(profiles, eq(profiles.id, userCompanies.profileId))
    .leftJoin(profileRoles, eq(profileRoles.profileId, profiles.id))
    .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId)));
  if (rows.length === 0) return null;
  const roles = rows[0].active ? rows.map((r) => r.role).filter((r): r is string => !!r).sort() : [];
  return { profileName: rows[0].profileName, roles };
}

const COMPANY_HEADER_NAME = COMPANY_HEADER.toLowerCase();

/** What `authenticate` reads of a session in one round trip (times in ms since the epoch). */
interface SessionRow {
  expiresAtMs: number;
  lastSeenAtMs: number;
  companyId: number | null;
  login: string;
  name: string;
  active: boolean;
  mustChangePassword: boolean;
  /** The INATIVIDADE_MINUTOS parameter as stored, or null. */
  idleMinutes: string | null;
  /** The user's profile in the session's company, null when the link is gone. */
  profileName: string | null;
  profileActive: boolean | null;
  roles: string[] | null;
}

/**
 * The session `sessionId` of `userId` (not revoked) with its user, the idle-time parameter and the
 * roles of the user's profile in the session's company (null columns when the link is gone), in
 * one statement. Every API call runs it, so it is a named prepared statement (`executePrepared`):
 * its parse and plan cost PostgreSQL 0.74 ms of the 0.84 ms it took per call (server log under the
 * Terminal bench's load; 0.25 ms prepared), and PGlite 2.3–3.0 ms per call. Its text is built once
 * (`executePreparedShape`, one shape): Drizzle's `sqlToQuery` of it took 0.13 ms of CPU per call.
 * @returns no row when no such session is open
 */
function findSessionRow(db: Db, sessionId: string, userId: number): Promise<SessionRow[]> {
  return executePreparedShape<SessionRow>(
    db,
    'auth_sessao',
    '',
    () => sql`SELECT (extract(epoch FROM ${sessions.expiresAt}) * 1000)::float8 AS "expiresAtMs",
        (extract(epoch FROM ${sessions.lastSeenAt}) * 1000)::float8 AS "lastSeenAtMs",
        ${sessions.companyId} AS "companyId", ${users.login} AS "login", ${users.name} AS "name",
        ${users.active} AS "active", ${users.mustChangePassword} AS "mustChangePassword",
        (SELECT ${parameters.value} FROM ${parameters} WHERE ${parameters.key} = 'INATIVIDADE_MINUTOS') AS "idleMinutes",
        ${profiles.name} AS "profileName", ${profiles.active} AS "profileActive",
        (SELECT array_agg(${profileRoles.role} ORDER BY ${profileRoles.role}) FROM ${profileRoles} WHERE ${profileRoles.profileId} = ${profiles.id}) AS "roles"
      FROM ${sessions}
      JOIN ${users} ON ${users.id} = ${sessions.userId}
      LEFT JOIN ${userCompanies} ON ${userCompanies.userId} = ${sessions.userId} AND ${userCompanies.companyId} = ${sessions.companyId}
      LEFT JOIN ${profiles} ON ${profiles.id} = ${userCompanies.profileId}
      WHERE ${sessions.id} = ${sql.placeholder('sessao')} AND ${sessions.userId} = ${sql.placeholder('usuario')} AND ${sessions.revokedAt} IS NULL`,
    { sessao: sessionId, usuario: userId },
  );
}

/**
 * Checks the `X-Empresa` header (the company the caller's browser tab shows) against the company
 * of the session (issue 15: a company switched in another tab must not let this tab read or write
 * the other company's data). No header, or a blank one: nothing to check.
 * @throws DomainError VALIDATION (400, field `X-Empresa`) when the value is not a positive integer
 * @throws DomainError CONFLICT (409, COMPANY_MISMATCH_MESSAGE) when it is not the session's company
 */
export function assertShownCompany(request: FastifyRequest, sessionCompanyId: number | null): void {
  const raw = request.headers[COMPANY_HEADER_NAME];
  const text = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).trim();
  if (text === '') return;
  if (!/^[1-9]\d{0,9}$/.test(text)) throw fieldError(COMPANY_HEADER, COMPANY_HEADER_INVALID_MESSAGE);
  if (Number(text) !== sessionCompanyId) {
    throw new DomainError('CONFLICT', COMPANY_MISMATCH_MESSAGE, [{ field: '', message: COMPANY_MISMATCH_MESSAGE }]);
  }
}

/**
 * Builds the `authenticate` pre-handler: 401 (UNAUTHORIZED_MESSAGE) without a bearer token, with
 * a bad or expired token, with a revoked session (logout, refresh), a session idle longer than the
 * INATIVIDADE_MINUTOS parameter, or an inactive user. 403 (PASSWORD_CHANGE_REQUIRED_MESSAGE) when
 * the user must still change the password and the route is not marked `allowPendingPasswordChange`.
 * 400/409 from `assertShownCompany` when the `X-Empresa` header names another company than the
 * session's. Sets `request.auth`.
 */
export function makeAuthenticate(db: Db, signer: TokenSigner): Authenticate {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    const claims = await signer.verify(match[1].trim());
    if (!claims || !UUID_PATTERN.test(claims.sessionId)) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    const [row] = await findSessionRow(db, claims.sessionId, claims.userId);
    const now = Date.now();
    if (!row || !row.active || row.expiresAtMs <= now) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    const storedIdle = Number(row.idleMinutes);
    const idleMinutes = Number.isFinite(storedIdle) && storedIdle > 0 ? storedIdle : Number(PARAMETER_DEFAULTS.INATIVIDADE_MINUTOS);
    if (now - row.lastSeenAtMs > idleMinutes * 60_000) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, claims.sessionId));
      throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    }
    if (now - row.lastSeenAtMs > TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, claims.sessionId));
    }
    assertShownCompany(request, row.companyId);
    if (row.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
      throw new DomainError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED_MESSAGE);
    }
    const linked = row.profileName !== null;
    const companyRoles = linked ? { profileName: row.profileName as string, roles: row.profileActive ? (row.roles ?? []) : [] } : null;
    request.auth = {
      userId: claims.userId,
      sessionId: claims.sessionId,
      companyId: companyRoles ? row.companyId : null,
      roles: companyRoles?.roles ?? [],
      login: row.login,
      name: row.name,
      profileName: companyRoles?.profileName ?? null,
    };
  };
}

/**
 * The access guard of every API route, run as an `onRequest` hook, i.e. BEFORE the body, query
 * and path are validated, so an anonymous caller or one without the role learns nothing about a
 * route's input (401/403 instead of 400). Reads the route's `config.auth` (default `required`) and
 * `config.role`:
 * - `none`: public; `optional`: authenticates only when a non-blank Authorization header is sent
 *   (any scheme: a credential the API does not take answers 401 rather than being ignored);
 * - otherwise `authenticate` (401 UNAUTHORIZED_MESSAGE, 403 for a pending password change), then
 *   403 FORBIDDEN_MESSAGE when `role` is set and no role of the caller contains it.
 * A route that forgets to declare anything is therefore closed to anonymous callers.
 */
export function makeAccessGuard(authenticate: Authenticate): onRequestAsyncHookHandler {
  return async function accessGuard(request: FastifyRequest, reply: FastifyReply) {
    const { auth = 'required', role } = request.routeOptions.config;
    if (auth === 'none') return;
    if (auth === 'optional' && !request.headers.authorization?.trim()) return;
    await authenticate(request, reply);
    if (role !== undefined && !hasRole(request.auth?.roles ?? [], role)) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  };
}
