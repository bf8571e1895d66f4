import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Process configuration read from the environment.
 * - `PORT` (default 3000), `HOST` (default 0.0.0.0: the address the server listens on)
 * - `PUBLIC_URL`: the address users open (e.g. `https://acervo.exemplo.com.br`), seeded into the
 *   parameter "URL do sistema" (`URL_APLICACAO`, the password-reset links) on the first start;
 *   without it `http://localhost:<PORT>` (`applicationUrl`)
 * - `DATA_DIR` (default `<repository>/data`; a relative path is taken from the folder npm was run
 *   in, `INIT_CWD`): PGlite data and the generated JWT secret
 * - `DATABASE_URL`: when set, PostgreSQL is used instead of PGlite
 * - `DATABASE_READ_URL`: with `DATABASE_URL`, a hot standby of it (same database) that reports,
 *   exports and the dashboard read from (`db/read-database.ts`); absent = they read `DATABASE_URL`
 * - `JWT_SECRET`: token signing secret (otherwise generated once into DATA_DIR)
 * - `ACERVO_SECRET_KEY`: AES-256-GCM key of the secrets at rest (SMTP/ERP/API passwords), 32 bytes
 *   as base64 or hex (otherwise generated once into DATA_DIR; see `shared/secrets.ts`)
 * - `SEED_DEMO` (default true): seed demo data into an empty database
 * - `ERP_SIM` (default true): with demo data, point the ERP parameters at a simulator and run it in
 *   this process (`erp/demo-erp.ts`); `false` leaves the ERP integration off. `ERP_SIM_PORT`
 *   (default 4010): the port the demo writes into the ERP URL
 * - `BISAC_FILE`: the BISAC heading list (JSON or CSV) the demo imports on its first start
 *   (default DEFAULT_BISAC_FILE, the public Bibliomundi list beside the repository; skipped when absent)
 * - `WEB_DIST`: folder of the built web app (default apps/web/dist)
 * - `LOG_LEVEL` (default info; `silent` in tests)
 * - `IMAGE_PROXY_HOSTS`: hosts `GET proxy/imagem` may fetch from, comma-separated (`capas.exemplo.com`,
 *   `*.exemplo.com` for sub-domains); default DEFAULT_IMAGE_PROXY_HOSTS (docs/product-form.md)
 */
export interface AppConfig {
  port: number;
  host: string;
  /** `PUBLIC_URL` without trailing slashes, or undefined. */
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** `DATABASE_READ_URL`: the standby reports read, or undefined (they read `databaseUrl`). */
  databaseReadUrl?: string;
  jwtSecret: string | undefined;
  /** `ACERVO_SECRET_KEY` as given (base64 or hex of 32 bytes), or undefined. */
  secretKey: string | undefined;
  seedDemo: boolean;
  /** Run the demo's ERP simulator in-process (`ERP_SIM`, default true). */
  erpSim: boolean;
  /** Port of the demo's ERP simulator (`ERP_SIM_PORT`, default 4010). */
  erpSimPort: number;
  webDist: string;
  /** BISAC list imported at the demo's first start (`BISAC_FILE`, default DEFAULT_BISAC_FILE). */
  bisacFile: string;
  logLevel: string;
  /** Allow-list of `GET proxy/imagem` (`IMAGE_PROXY_HOSTS`); absent = DEFAULT_IMAGE_PROXY_HOSTS. */
  imageProxyHosts?: string[];
}

/**
 * Cover hosts `GET proxy/imagem` may fetch from when `IMAGE_PROXY_HOSTS` is not set: Open Library
 * covers, Google Books thumbnails, Amazon product images and Metabooks (MVB) media.
 */
export const DEFAULT_IMAGE_PROXY_HOSTS: readonly string[] = [
  'covers.openlibrary.org',
  'books.google.com',
  'books.googleusercontent.com',
  'm.media-amazon.com',
  'images-na.ssl-images-amazon.com',
  '*.metabooks.com',
  '*.mvb-online.de',
];

/** Repository root (this file is apps/server/src/config.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The BISAC list the demo imports when `BISAC_FILE` is not set: Bibliomundi's public pt-BR/en list
 * (BISAC 2021, 5,144 codes) in the shared data folder beside the repository
 * (`../shared/data/bisac/`, sources in its SOURCES.md).
 */
export const DEFAULT_BISAC_FILE = path.join(repoRoot, '../shared/data/bisac/bibliomundi_bisac_pt-BR_en.json');

/**
 * Reads the configuration from `env` (defaults to `process.env`).
 * @throws Error when `PUBLIC_URL` is set but is not an absolute http(s) URL
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    dataDir: env.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    secretKey: env.ACERVO_SECRET_KEY || undefined,
    seedDemo: (env.SEED_DEMO ?? 'true').toLowerCase() !== 'false',
    erpSim: (env.ERP_SIM ?? 'true').toLowerCase() !== 'false',
    erpSimPort: Number(env.ERP_SIM_PORT ?? 4010),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    bisacFile: path.resolve(env.INIT_CWD ?? process.cwd(), env.BISAC_FILE ?? DEFAULT_BISAC_FILE),
    logLevel: env.LOG_LEVEL ?? 'info',
    imageProxyHosts: env.IMAGE_PROXY_HOSTS ? env.IMAGE_PROXY_HOSTS.split(',').map((h) => h.trim()).filter(Boolean) : [...DEFAULT_IMAGE_PROXY_HOSTS],
  };
}

/** `PUBLIC_URL` checked (absolute http or https) and without trailing slashes; undefined when blank. */
function parsePublicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`PUBLIC_URL inválida: "${value}" (use um endereço http ou https, ex.: https://acervo.exemplo.com.br)`);
  return value.replace(/\/+$/, '');
}

/**
 * The address users open the app at: `PUBLIC_URL` when set, else `http://localhost:<PORT>`.
 * Seeded into "URL do sistema" (`URL_APLICACAO`) on the first start; no trailing slash.
 */
export function applicationUrl(config: Pick<AppConfig, 'port' | 'publicUrl'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
