import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { parameters } from '../../parameters/parameters.schema.ts';
import { secretContext } from '../../parameters/parameters.service.ts';
import { seedDemoData } from '../../seed/demo-seed.ts';
import { secretBox } from '../../shared/secrets.ts';
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

/** Sets the ERP parameters (type, URL, user, encrypted password). */
export async function setErpParameters(database: Database, p: { tipo: 'NENHUMA' | 'SIMULADOR'; url?: string; usuario?: string; senha?: string }): Promise<void> {
  const values: Record<string, string> = {
    ERP_TIPO_INTEGRACAO: p.tipo,
    ERP_URL_API: p.url ?? '',
    ERP_USUARIO: p.usuario ?? 'erp',
    ERP_SENHA: secretBox().encrypt(p.senha ?? 'erp', secretContext('ERP_SENHA')),
  };
  await database.db.delete(parameters).where(inArray(parameters.key, Object.keys(values)));
  await database.db.insert(parameters).values(Object.entries(values).map(([key, value]) => ({ key, value })));
}
