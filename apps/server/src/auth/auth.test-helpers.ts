import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashPassword, type ParameterKey } from '@acervo/contracts';
import type { Db } from '../db/client.ts';
import { parameters } from '../parameters/parameters.schema.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { userCompanies, users } from '../users/users.schema.ts';
import { hashClientPassword } from './password-hasher.ts';

/** Test-only helpers shared by the auth, companies and error-handling API tests. */

/** Options of `call`: bearer token, JSON payload, client address. */
export interface CallOptions {
  token?: string;
  payload?: unknown;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/**
 * Injects one API call under `/api/core-api/`.
 * @param path path without the API prefix, e.g. `auth/login`
 */
export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return app.inject({
    method,
    url: `/api/core-api/${path}`,
    headers,
    ...(opts.payload === undefined ? {} : typeof opts.payload === 'string' ? { payload: opts.payload } : { payload: opts.payload as object }),
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
  });
}

/** Logs in with a typed password from a given address; answers the raw response. */
export function loginCall(app: FastifyInstance, userName: string, typed: string, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return call(app, 'POST', 'auth/login', { payload: { userName, password: hashPassword(typed) }, remoteAddress });
}

/** Sets one parameter row (insert or update). */
export async function setParameter(db: Db, key: ParameterKey, value: string): Promise<void> {
  await db.insert(parameters).values({ key, value }).onConflictDoUpdate({ target: parameters.key, set: { value } });
}

/**
 * Creates a user with the given typed password, linked to `companyIds` with the profile named
 * `profileName` (demo profiles: 'Administrador', 'Vendedor').
 * @returns the new user's id
 */
export async function createUser(
  db: Db,
  opts: { login: string; password: string; email?: string; mustChangePassword?: boolean; companyIds: number[]; profileName?: string; lastCompanyId?: number },
): Promise<number> {
  const passwordHash = await hashClientPassword(hashPassword(opts.password));
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, opts.profileName ?? 'Vendedor'));
  const [user] = await db
    .insert(users)
    .values({
      name: `Usuário ${opts.login}`,
      login: opts.login,
      email: opts.email ?? null,
      passwordHash,
      mustChangePassword: opts.mustChangePassword ?? false,
      lastCompanyId: opts.lastCompanyId ?? null,
    })
    .returning({ id: users.id });
  if (opts.companyIds.length) {
    await db.insert(userCompanies).values(opts.companyIds.map((companyId) => ({ userId: user.id, companyId, profileId: profile.id })));
  }
  return user.id;
}

/**
 * Creates a profile named `name` holding exactly `roles` (for access tests of one role alone).
 * @returns the new profile's id
 */
export async function createProfile(db: Db, name: string, roles: readonly string[]): Promise<number> {
  const [profile] = await db.insert(profiles).values({ name }).returning({ id: profiles.id });
  if (roles.length) await db.insert(profileRoles).values(roles.map((role) => ({ profileId: profile.id, role })));
  return profile.id;
}

/** A minimal SMTP server that accepts every message (no TLS, no auth) and keeps the DATA text. */
export interface FakeSmtp {
  port: number;
  /** Each message's DATA section, with quoted-printable soft breaks and escapes decoded. */
  messages: string[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Starts a FakeSmtp on a free local port. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string | null = null;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(decodeQuotedPrintable(data));
            data = null;
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 end with .\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local TCP port with nothing listening (for SMTP failure tests). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
