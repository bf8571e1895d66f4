import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { startErpSimulator, type ErpSimulator } from '@acervo/erp-sim';
import type { Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { parameters } from '../parameters/parameters.schema.ts';
import { getParameters, secretContext } from '../parameters/parameters.service.ts';
import { scheduledTasks } from '../schedules/schedules.schema.ts';
import { secretBox } from '../shared/secrets.ts';
import { entitySyncStates } from '../integration/integration.schema.ts';

/**
 * The demo's ERP (issue 7 part 2): the simulator `npm start` runs in-process, smaller than the
 * program's default so the first sync of both demo companies ends in well under a minute on
 * PGlite (see docs/demo-data.md for the measured time). Sizes: titles in the catalogue, months of
 * history, live sales per minute per company; login `erp`/`erp`; port 4010 (ERP_SIM_PORT).
 */
export const DEMO_ERP = { titulos: 6000, meses: 24, vendasPorMinuto: 2, usuario: 'erp', senha: 'erp', port: 4010 } as const;

/** Something that logs (Fastify's logger). */
interface DemoLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The ERP section of the parameters, as `writeErpParameters` stores it. */
export interface ErpParameterValues {
  tipo: 'NENHUMA' | 'SIMULADOR';
  /** Base URL of the ERP's API ('' for none). */
  url?: string;
  /** Default 'erp'. */
  usuario?: string;
  /** Plain text, stored encrypted (AES-256-GCM, like every secret parameter). Default 'erp'. */
  senha?: string;
}

/** Writes the ERP parameters (type, URL, user, encrypted password), replacing what was stored. */
export async function writeErpParameters(db: Executor, p: ErpParameterValues): Promise<void> {
  const values: Record<string, string> = {
    ERP_TIPO_INTEGRACAO: p.tipo,
    ERP_URL_API: p.url ?? '',
    ERP_USUARIO: p.usuario ?? DEMO_ERP.usuario,
    ERP_SENHA: secretBox().encrypt(p.senha ?? DEMO_ERP.senha, secretContext('ERP_SENHA')),
  };
  for (const [key, value] of Object.entries(values)) {
    await db.insert(parameters).values({ key, value }).onConflictDoUpdate({ target: parameters.key, set: { value } });
  }
}

/**
 * Points the ERP parameters at the demo simulator: `SIMULADOR`, `http://127.0.0.1:<port>/api/v1`,
 * user and password `erp`. Called once, when demo data goes into an empty database and ERP_SIM is
 * not `false`; the administrator can change them later in Parâmetros (then `startDemoErp` leaves
 * them alone).
 */
export function seedDemoErpParameters(db: Executor, port: number = DEMO_ERP.port): Promise<void> {
  return writeErpParameters(db, { tipo: 'SIMULADOR', url: `http://127.0.0.1:${port}/api/v1` });
}

/**
 * The port of a loopback simulator URL (`http://127.0.0.1:4010/api/v1` → 4010), or null when the
 * URL is not a loopback `http` URL (a real ERP: the demo does not start anything for it).
 */
export function loopbackPort(url: string): number | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) return null;
  const port = Number(parsed.port || 80);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** Options of `startDemoErp` (tests shrink the data set and pick a free port). */
export interface DemoErpOptions {
  titulos?: number;
  meses?: number;
  vendasPorMinuto?: number;
  /** Instead of the port in the URL (tests: 0 = any free port). */
  port?: number;
}

/**
 * Starts the demo's ERP simulator in this process when the ERP parameters are `SIMULADOR` at a
 * loopback URL (what `seedDemoErpParameters` writes), on that URL's port. Its history ends at the
 * moment the demo companies were created (the earliest `data_cadastro`), so every restart
 * regenerates the same history the database already holds, and its live clock starts now
 * (`relogio`), so new sales carry the real time, above the stored watermarks. When no entity type
 * has synced yet, the 13 built-in `SINCRONIZAR_ERP_*` tasks are made due now, so the first sync
 * starts with the server instead of at the next hour.
 * @returns the running simulator (close it on shutdown), or null when the parameters point
 *   elsewhere or the port is taken (logged: whatever answers there is used, e.g. `npm run erp:sim`)
 */
export async function startDemoErp(db: Executor, log: DemoLogger, options: DemoErpOptions = {}): Promise<ErpSimulator | null> {
  const params = await getParameters(db, ['ERP_TIPO_INTEGRACAO', 'ERP_URL_API', 'ERP_USUARIO']);
  const urlPort = params.ERP_TIPO_INTEGRACAO === 'SIMULADOR' ? loopbackPort(params.ERP_URL_API) : null;
  if (urlPort === null) return null;
  const [{ since }] = await db.select({ since: sql<Date | string | null>`min(${companies.createdAt})` }).from(companies);
  const now = new Date();
  const hoje = since ? new Date(since) : now;
  let simulator: ErpSimulator;
  try {
    simulator = await startErpSimulator({
      port: options.port ?? urlPort,
      titulos: options.titulos ?? DEMO_ERP.titulos,
      meses: options.meses ?? DEMO_ERP.meses,
      vendasPorMinuto: options.vendasPorMinuto ?? DEMO_ERP.vendasPorMinuto,
      usuario: params.ERP_USUARIO || DEMO_ERP.usuario,
      senha: DEMO_ERP.senha,
      hoje: hoje.getTime() > now.getTime() ? now : hoje,
      relogio: now,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      log.warn({ port: urlPort }, 'Porta do simulador de ERP em uso: a integração usa o que responde nela');
      return null;
    }
    throw err;
  }
  const [synced] = await db.select({ n: sql<number>`count(*)::int` }).from(entitySyncStates).where(isNotNull(entitySyncStates.lastSuccessAt));
  if (Number(synced.n) === 0) {
    await db
      .update(scheduledTasks)
      .set({ nextRunAt: now })
      .where(and(like(scheduledTasks.kind, 'SINCRONIZAR\\_ERP\\_%'), isNotNull(scheduledTasks.systemKey), eq(scheduledTasks.active, true)));
  }
  log.info({ url: simulator.url, titulos: options.titulos ?? DEMO_ERP.titulos, meses: options.meses ?? DEMO_ERP.meses }, 'Simulador de ERP da demonstração em execução');
  return simulator;
}
