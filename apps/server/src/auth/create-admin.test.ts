import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES, sessionUserSchema } from '@acervo/contracts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';
import { buildApp } from '../app.ts';
import { users, userCompanies } from '../users/users.schema.ts';
import { companies } from '../companies/companies.schema.ts';
import { parameters } from '../parameters/parameters.schema.ts';
import { loginCall } from './auth.test-helpers.ts';
import { main, parseCreateAdminArgs, temporaryPassword } from './create-admin.cli.ts';

/** The CLI runs against a real data folder (PGlite), or a fresh PostgreSQL database when DATABASE_URL is set. */
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-admin-'));
  const base = process.env.DATABASE_URL;
  if (!base) {
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  const scratch = await createScratchDatabase(base);
  env = { DATA_DIR: dir, DATABASE_URL: scratch.url };
  cleanup = async () => {
    await scratch.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await cleanup();
});

async function runCli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, env, { log: (s) => out.push(s), error: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

describe('parseCreateAdminArgs', () => {
  it('defaults the login to admin and strips CNPJ punctuation', () => {
    expect(parseCreateAdminArgs([])).toEqual({ login: 'admin', name: 'Administrador', email: null, companyName: null, cnpj: null });
    expect(parseCreateAdminArgs(['--login', 'chefe', '--cnpj', '11.222.333/0001-81', '--empresa', 'X']).cnpj).toBe('11222333000181');
  });

  it('refuses an invalid CNPJ, e-mail, login or unknown option', () => {
    expect(() => parseCreateAdminArgs(['--cnpj', '11.222.333/0001-82'])).toThrow('CNPJ inválido');
    expect(() => parseCreateAdminArgs(['--email', 'x@'])).toThrow('E-mail inválido');
    expect(() => parseCreateAdminArgs(['--login', 'com espaço'])).toThrow('Login inválido');
    expect(() => parseCreateAdminArgs(['--senha', 'x'])).toThrow(/Uso: npm run create-admin/);
  });

  it('temporary passwords are random and long', () => {
    const a = temporaryPassword();
    expect(a).toMatch(/^[A-Za-z2-9]{14}$/);
    expect(temporaryPassword()).not.toBe(a);
  });
});

describe('npm run create-admin (main)', () => {
  it('on a new database without --empresa/--cnpj refuses clearly and creates nothing', async () => {
    const res = await runCli([]);
    expect(res.code).toBe(1);
    expect(res.err).toContain('não tem nenhuma empresa');
    await withDatabase(async ({ db }) => {
      expect(await db.select().from(users)).toHaveLength(0);
      // the database was created and migrated, parameter defaults seeded
      expect((await db.select().from(parameters)).length).toBeGreaterThan(10);
    });
  });

  it('creates the company, the Administrador profile and the admin with a temporary password that must be changed', async () => {
    const res = await runCli(['--empresa', 'Livraria Primeira Ltda', '--cnpj', '11.222.333/0001-81', '--email', 'chefe@exemplo.com', '--nome', 'Chefe']);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    const password = /Senha temporária \(exibida somente agora\): (\S+)/.exec(res.out)?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
    await withDatabase(async (database) => {
      const [user] = await database.db.select().from(users).where(eq(users.login, 'admin'));
      expect(user).toMatchObject({ name: 'Chefe', email: 'chefe@exemplo.com', mustChangePassword: true, active: true });
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user.passwordHash).not.toContain(password);
      const [company] = await database.db.select().from(companies);
      expect(company).toMatchObject({ name: 'Livraria Primeira Ltda', cnpj: '11222333000181', active: true });

      const { app } = await buildApp({ ...loadConfig(env), jwtSecret: 'x'.repeat(32), logLevel: 'silent' }, database);
      try {
        const login = await loginCall(app, 'admin', password ?? '');
        expect(login.statusCode).toBe(200);
        const session = sessionUserSchema.parse(login.json());
        expect(session).toMatchObject({ id: user.id, idEmpresa: company.id, nomPerfil: 'Administrador', indNewPassword: true });
        expect(session.roles).toEqual([...ROLES].sort());
      } finally {
        await app.close();
      }
    });
  });

  it('refuses a login that already exists (any case) and changes nothing', async () => {
    const res = await runCli(['--login', 'ADMIN']);
    expect(res.code).toBe(1);
    expect(res.err).toContain('O login "ADMIN" já existe');
    expect(res.out).toBe('');
    await withDatabase(async ({ db }) => expect(await db.select().from(users)).toHaveLength(1));
  });

  it('a second administrator reuses the profile and is linked to every company, including a new one', async () => {
    const res = await runCli(['--login', 'admin2', '--empresa', 'Editora Segunda S.A.', '--cnpj', '44555666000181']);
    expect(res.code).toBe(0);
    expect(res.out).not.toContain('(criado)');
    expect(res.out).toContain('2 empresa(s)');
    await withDatabase(async ({ db }) => {
      const [user] = await db.select().from(users).where(eq(users.login, 'admin2'));
      const links = await db.select().from(userCompanies).where(eq(userCompanies.userId, user.id));
      expect(links).toHaveLength(2);
      expect(new Set(links.map((l) => l.profileId)).size).toBe(1);
    });
  });
});
