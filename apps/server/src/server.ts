import { applicationUrl, loadConfig } from './config.ts';
import { isEmptyDatabase, openDatabase } from './db/client.ts';
import { seedParameterDefaults } from './parameters/parameters.service.ts';
import { seedDemoData } from './seed/demo-seed.ts';
import { seedDemoOpportunities } from './reports/opportunity-report.seed.ts';
import { seedDemoBisac } from './matching/categoria-bisac.service.ts';
import { buildApp } from './app.ts';
import { settleEmailDeliveries } from './email/email.service.ts';
import { seedScheduledTasks } from './schedules/schedules.seed.ts';
import { startBackgroundWork, type BackgroundWork } from './schedules/background.ts';
import { configureSecrets } from './shared/secrets.ts';
import { DOMAIN_QUEUES } from './domains.ts';
import { seedDemoErpParameters, startDemoErp } from './erp/demo-erp.ts';
import type { ErpSimulator } from '@acervo/erp-sim';

/**
 * Process entry point: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates, seeds
 * the parameter defaults and the built-in scheduled tasks, and demo data into an empty database
 * unless SEED_DEMO=false (with the ERP parameters pointing at the demo's simulator unless
 * ERP_SIM=false, and the BISAC headings of BISAC_FILE when that file exists); starts that simulator in this process when the parameters point at a loopback
 * simulator and ERP_SIM is not false (`erp/demo-erp.ts`); listens on PORT; runs the background
 * work (job queue pollers and the task scheduler) in this process unless JOBS_IN_PROCESS=false
 * (then `npm run worker` processes do it); closes gracefully on SIGINT/SIGTERM (background work
 * first, then HTTP, the simulator, then the database).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  configureSecrets(config);
  // "URL do sistema" (the reset links) starts at this process's address: PUBLIC_URL or http://localhost:PORT
  await seedParameterDefaults(database.db, { URL_APLICACAO: applicationUrl(config) });
  let bisacSeed: string | null = null;
  if (config.seedDemo && (await isEmptyDatabase(database.db))) {
    const seed = await seedDemoData(database.db, { appUrl: applicationUrl(config) });
    if (config.erpSim) await seedDemoErpParameters(database.db, config.erpSimPort);
    await seedDemoOpportunities(database.db, seed);
    // the BISAC headings, so BISAC matching can be tried (not shipped: read from BISAC_FILE when present)
    const report = await seedDemoBisac(database.db, { userId: seed.adminId, userName: 'Administrador', companyId: null }, config.bisacFile);
    bisacSeed = report ? `Lista BISAC importada de ${config.bisacFile}: ${report.inseridos} categorias` : `Lista BISAC não encontrada em ${config.bisacFile} (BISAC_FILE): importe-a em Correspondência categoria BISAC`;
  }
  const { app, ctx } = await buildApp(config, database);
  if (bisacSeed) app.log.info(bisacSeed);
  await seedScheduledTasks(database.db, ctx.taskKinds);
  const erpSimulator: ErpSimulator | null = config.erpSim ? await startDemoErp(database.db, app.log) : null;
  let background: BackgroundWork | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await background?.stop();
    await app.close();
    await erpSimulator?.close();
    await settleEmailDeliveries();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (process.env.JOBS_IN_PROCESS !== 'false') background = await startBackgroundWork({ database, queue: ctx.jobs, config, log: app.log, taskKinds: ctx.taskKinds, queues: DOMAIN_QUEUES });
  app.log.info(`Acervo em ${applicationUrl(config)} (banco: ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
