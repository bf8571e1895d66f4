import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../seed/demo-seed.ts';
import { writeErpParameters, type ErpParameterValues } from '../demo-erp.ts';
import { openTestDatabase } from '../../test/test-app.ts';

/** A test database with the demo data (companies DEMO01 and DEMO02) and the ERP parameters pointing at `url`. */
export async function openErpTestDatabase(): Promise<{ database: Database; companyIds: number[]; close(): Promise<void> }> {
  const { database, drop } = await openTestDatabase();
  const seed = await seedDemoData(database.db);
  return {
    database,
    companyIds: seed.companyIds,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** Sets the ERP parameters (type, URL, user, encrypted password; see `writeErpParameters`). */
export function setErpParameters(database: Database, p: ErpParameterValues): Promise<void> {
  return writeErpParameters(database.db, p);
}
