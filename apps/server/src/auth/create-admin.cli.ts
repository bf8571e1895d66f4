import crypto from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isValidCNPJ } from '@brazilian-utils/brazilian-utils';
import { ROLES, hashPassword } from '@acervo/contracts';
import { applicationUrl, loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { userCompanies, users } from '../users/users.schema.ts';
import { seedParameterDefaults } from '../parameters/parameters.service.ts';
import { hashClientPassword } from './password-hasher.ts';

/** Options of `npm run create-admin -- [--login admin] [--nome …] [--email …] [--empresa … --cnpj …]`. */
export interface CreateAdminOptions {
  login: string;
  name: string;
  email: string | null;
  companyName: string | null;
  /** 14 digits, punctuation removed. */
  cnpj: string | null;
}

/** What `createAdmin` did. `temporaryPassword` is shown once and never stored in clear. */
export interface CreateAdminResult {
  userId: number;
  login: string;
  temporaryPassword: string;
  profileId: number;
  profileCreated: boolean;
  companyIds: number[];
  createdCompanyId: number | null;
}

/** A refusal with a message for the operator (exit code 1). */
export class CreateAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateAdminError';
  }
}

/** Name of the profile holding every role. */
export const ADMIN_PROFILE_NAME = 'Administrador';

const USAGE = [
  'Uso: npm run create-admin -- [--login admin] [--nome "Nome"] [--email e-mail] [--empresa "Razão social" --cnpj 00.000.000/0000-00]',
  '  Cria o perfil "Administrador" (todas as permissões), se não existir, e um usuário administrador',
  '  vinculado a todas as empresas, com uma senha temporária exibida uma única vez.',
  '  --empresa e --cnpj são obrigatórios quando o banco ainda não tem nenhuma empresa.',
  '  Banco: DATA_DIR (PGlite, padrão <repositório>/data) ou DATABASE_URL (PostgreSQL).',
].join('\n');

/** Letters and digits without look-alikes (0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random temporary password of `length` characters (crypto.randomInt, ~5.8 bits each). */
export function temporaryPassword(length = 14): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[crypto.randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * Parses and validates the command line.
 * @throws CreateAdminError with the usage text or the invalid field
 */
export function parseCreateAdminArgs(argv: string[]): CreateAdminOptions {
  let values: { login?: string; nome?: string; email?: string; empresa?: string; cnpj?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        login: { type: 'string' },
        nome: { type: 'string' },
        email: { type: 'string' },
        empresa: { type: 'string' },
        cnpj: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new CreateAdminError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  if (values.help) throw new CreateAdminError(USAGE);
  const login = (values.login ?? 'admin').trim();
  if (!/^[A-Za-z0-9._@-]{1,100}$/.test(login)) throw new CreateAdminError(`Login inválido: "${login}" (use letras, números, . _ @ -; até 100 caracteres).`);
  const name = (values.nome ?? 'Administrador').trim();
  if (!name || name.length > 150) throw new CreateAdminError('Nome inválido (1 a 150 caracteres).');
  const email = values.email?.trim() || null;
  if (email && !z.email().safeParse(email).success) throw new CreateAdminError(`E-mail inválido: "${email}".`);
  const companyName = values.empresa?.trim() || null;
  if (companyName && companyName.length > 150) throw new CreateAdminError('Nome da empresa deve ter até 150 caracteres.');
  let cnpj: string | null = null;
  if (values.cnpj !== undefined) {
    cnpj = values.cnpj.replace(/\D/g, '');
    if (!isValidCNPJ(cnpj)) throw new CreateAdminError(`CNPJ inválido: "${values.cnpj}".`);
  }
  return { login, name, email, companyName, cnpj };
}

/**
 * Creates the administrator in one transaction: profile ADMIN_PROFILE_NAME with every role of
 * the catalogue (created when missing; missing roles are added), a company from
 * `companyName`/`cnpj` when that CNPJ is not registered yet, and the user linked to EVERY company
 * with `ind_new_password = true` and a random temporary password (argon2id of its client hash).
 * @throws CreateAdminError when the login (case-insensitive) or e-mail already exists, or when
 *   there is no company and no `--empresa`/`--cnpj` to create one
 */
export async function createAdmin(db: Db, opts: CreateAdminOptions): Promise<CreateAdminResult> {
  const password = temporaryPassword();
  const passwordHash = await hashClientPassword(hashPassword(password));
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.login}) = ${opts.login.toLowerCase()}`);
    if (taken) throw new CreateAdminError(`O login "${opts.login}" já existe (usuário ${taken.id}). Nada foi alterado; escolha outro com --login.`);
    if (opts.email) {
      const [emailTaken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${opts.email.toLowerCase()}`);
      if (emailTaken) throw new CreateAdminError(`O e-mail "${opts.email}" já pertence ao usuário ${emailTaken.id}. Nada foi alterado.`);
    }

    let createdCompanyId: number | null = null;
    if (opts.cnpj) {
      const [existing] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, opts.cnpj));
      if (!existing) {
        if (!opts.companyName) throw new CreateAdminError('Informe --empresa (razão social) junto com --cnpj para criar a empresa.');
        const [created] = await tx.insert(companies).values({ name: opts.companyName, cnpj: opts.cnpj }).returning({ id: companies.id });
        createdCompanyId = created.id;
      }
    } else if (opts.companyName) {
      throw new CreateAdminError('Informe --cnpj junto com --empresa para criar a empresa.');
    }
    const companyIds = (await tx.select({ id: companies.id }).from(companies).orderBy(companies.id)).map((c) => c.id);
    if (companyIds.length === 0) {
      throw new CreateAdminError('O banco não tem nenhuma empresa. Informe --empresa "Razão social" e --cnpj 00.000.000/0000-00 para criar a primeira.');
    }

    let [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, ADMIN_PROFILE_NAME));
    const profileCreated = !profile;
    if (!profile) {
      [profile] = await tx.insert(profiles).values({ name: ADMIN_PROFILE_NAME, description: 'Todas as permissões' }).returning({ id: profiles.id });
    }
    await tx
      .insert(profileRoles)
      .values(ROLES.map((role) => ({ profileId: profile.id, role })))
      .onConflictDoNothing();

    const [user] = await tx
      .insert(users)
      .values({ name: opts.name, login: opts.login, email: opts.email, passwordHash, mustChangePassword: true, lastCompanyId: companyIds[0] })
      .returning({ id: users.id });
    await tx.insert(userCompanies).values(companyIds.map((companyId) => ({ userId: user.id, companyId, profileId: profile.id })));
    return { userId: user.id, login: opts.login, temporaryPassword: password, profileId: profile.id, profileCreated, companyIds, createdCompanyId };
  });
}

/** Where the command writes (console by default; tests capture it). */
export interface CliOutput {
  log(text: string): void;
  error(text: string): void;
}

/**
 * `npm run create-admin`: opens the app database (DATA_DIR — default `<repository>/data` — or
 * DATABASE_URL from `env`; created and migrated when new), seeds parameter defaults and runs `createAdmin`. Prints the temporary
 * password once.
 * @returns the process exit code: 0 created, 1 refused or failed (message on `out.error`)
 */
export async function main(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env, out: CliOutput = console): Promise<number> {
  let opts: CreateAdminOptions;
  try {
    opts = parseCreateAdminArgs(argv);
  } catch (err) {
    out.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
  // loadConfig defaults DATA_DIR to <repository>/data, the folder `npm start` uses.
  const config = loadConfig(env);
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    out.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
  try {
    await seedParameterDefaults(database.db, { URL_APLICACAO: applicationUrl(config) });
    const result = await createAdmin(database.db, opts);
    out.log(
      [
        `Administrador criado: login "${result.login}" (id ${result.userId}), perfil "${ADMIN_PROFILE_NAME}"${result.profileCreated ? ' (criado)' : ''}, ${result.companyIds.length} empresa(s).`,
        result.createdCompanyId ? `Empresa criada: id ${result.createdCompanyId}.` : '',
        `Senha temporária (exibida somente agora): ${result.temporaryPassword}`,
        'No primeiro acesso será exigida a troca da senha.',
        `Banco: ${database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
    return 0;
  } catch (err) {
    out.error(err instanceof CreateAdminError ? err.message : `Falha ao criar o administrador: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then((code) => process.exit(code));
}
