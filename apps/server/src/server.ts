import { loadConfig } from './config.ts';
import { isEmptyDatabase, openDatabase } from './db/client.ts';
import { seedParameterDefaults } from './parameters/parameters.service.ts';
import { seedDemoData } from './seed/demo-seed.ts';
import { buildApp } from './app.ts';
import { settleEmailDeliveries } from './email/email.service.ts';

/**
 * Process entry point: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates, seeds
 * demo data into an empty database unless SEED_DEMO=false, listens on PORT and closes gracefully
 * on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedParameterDefaults(database.db);
  if (config.seedDemo && (await isEmptyDatabase(database.db))) await seedDemoData(database.db);
  const { app } = await buildApp(config, database);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await settleEmailDeliveries();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Acervo em http://localhost:${config.port} (banco: ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
