/**
 * Child process of the kill-and-restart test (`erp-sync.kill.test.ts`): syncs the 13 entity types
 * of every company from the ERP at ERP_URL into the database (DATABASE_URL, or the PGlite folder
 * PGLITE_DIR), printing `PAGE` after each committed page, and exits 0 at the end. The test kills
 * it with SIGKILL at random moments and starts it again.
 */
import { ERP_ENTITIES } from '@acervo/contracts';
import { openDatabase } from '../../db/client.ts';
import { ERP_CONNECTORS } from '../erp-connector.ts';
import { syncEntityForAllCompanies } from '../erp-sync.ts';
import { IntegrationLogWriter } from '../integration-log.ts';

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, dataDir: '' } : { dataDir: process.env.PGLITE_DIR as string });
const writer = new IntegrationLogWriter(database.db);
const connector = ERP_CONNECTORS.SIMULADOR({ urlApi: process.env.ERP_URL as string, usuario: 'erp', senha: 'erp' }, writer, { timeoutMs: 3000, retries: 12, minDelayMs: 1, maxDelayMs: 20 });
for (const entity of ERP_ENTITIES) {
  await syncEntityForAllCompanies(
    {
      db: database.db,
      pageSize: Number(process.env.PAGE_SIZE ?? 50),
      afterPage: async () => {
        await writer.flush();
        process.stdout.write('PAGE\n');
      },
    },
    connector,
    entity,
  );
}
await writer.flush();
await database.close();
process.stdout.write('DONE\n');
