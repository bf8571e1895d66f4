import { and, eq, sql } from 'drizzle-orm';
import { ERP_ENTITIES, type ErpStatistics } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../companies/companies.schema.ts';
import { rejectedRecords } from '../../integration/integration.schema.ts';
import { storedErpStatistics } from '../data/index.ts';

/** One line per company and entity type: what the ERP has and what Acervo stored. */
export interface ComparedEntity {
  key: string;
  erp: { registros: number; checksum: string; malformados: number };
  acervo: { registros: number; checksum: string; pendentes: number };
}

/**
 * Compares the simulator's statistics with the stored data: for each company code and entity
 * type, the count and checksum (`storedErpStatistics`) and the PENDENTE rejected records beside
 * the simulator's `malformados`.
 */
export async function compareWithErp(db: Executor, stats: ErpStatistics): Promise<ComparedEntity[]> {
  const rows = await db.select({ id: companies.id, code: companies.erpCode }).from(companies);
  const out: ComparedEntity[] = [];
  for (const [code, entities] of Object.entries(stats.empresas)) {
    const company = rows.find((r) => r.code === code);
    if (!company) throw new Error(`empresa ${code} ausente`);
    for (const entity of ERP_ENTITIES) {
      const e = entities[entity] ?? { registros: 0, checksum: '0000000000000000' };
      const stored = await storedErpStatistics(db, company.id, entity);
      const [pending] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rejectedRecords)
        .where(and(eq(rejectedRecords.companyId, company.id), eq(rejectedRecords.entity, entity), eq(rejectedRecords.status, 'PENDENTE')));
      out.push({
        key: `${code}/${entity}`,
        erp: { registros: e.registros, checksum: e.checksum, malformados: e.malformados ?? 0 },
        acervo: { registros: stored.registros, checksum: stored.checksum, pendentes: Number(pending.n) },
      });
    }
  }
  return out;
}

/** The lines where the stored data differs from the ERP's (count, checksum, or rejected vs malformed). */
export function differences(compared: readonly ComparedEntity[]): string[] {
  return compared
    .filter((c) => c.erp.registros !== c.acervo.registros || c.erp.checksum !== c.acervo.checksum || c.erp.malformados !== c.acervo.pendentes)
    .map((c) => `${c.key}: ERP ${JSON.stringify(c.erp)} ≠ Acervo ${JSON.stringify(c.acervo)}`);
}
