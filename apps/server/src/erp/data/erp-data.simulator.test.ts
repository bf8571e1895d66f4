import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERP_ENTITIES, erpChecksum, parseErpRecord, type ErpEntity, type ErpRecord } from '@acervo/contracts';
import { generateErpDataSet } from '@acervo/erp-sim';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { companies } from '../../companies/companies.schema.ts';
import { applyErpRecords, countStoredRecords, storedErpStatistics } from './index.ts';

/**
 * The stored data rebuild the simulator's checksums: a small generated data set (two companies) is
 * applied in pages of 1000, entity types in REVERSE sync order (sales before the products, clients
 * and registers they name, so every reference first lands on a placeholder), then each entity
 * type's count and checksum must equal those of the simulator's current valid records.
 */
let database: Database;
let drop: () => Promise<void>;
const data = generateErpDataSet({ titulos: 250, meses: 2, empresas: 2, seed: 11, hoje: new Date('2026-11-20T15:00:00.000Z') });
const companyIds: number[] = [];

function validRecords<E extends ErpEntity>(companyIndex: number, entity: E): ErpRecord<E>[] {
  const out: ErpRecord<E>[] = [];
  for (const raw of data.companies[companyIndex].logs[entity].records()) {
    const parsed = parseErpRecord(entity, raw);
    if (parsed.ok) out.push(parsed.record);
  }
  return out;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  for (const [i] of data.companies.entries()) {
    const [row] = await database.db
      .insert(companies)
      .values({ name: `Empresa ${i + 1}`, cnpj: String(55555555000100 + i).padStart(14, '0'), erpCode: `DEMO0${i + 1}` })
      .returning({ id: companies.id });
    companyIds.push(row.id);
  }
  for (const [i, companyId] of companyIds.entries()) {
    for (const entity of [...ERP_ENTITIES].reverse()) {
      const records = validRecords(i, entity);
      for (let start = 0; start < records.length; start += 1000) {
        const { rejected } = await database.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records.slice(start, start + 1000)));
        expect(rejected).toEqual([]);
      }
    }
  }
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe.each(ERP_ENTITIES)('%s from the simulator', (entity) => {
  it('has, in each company, the count and checksum of the simulator\'s records', async () => {
    for (const [i, companyId] of companyIds.entries()) {
      const records = validRecords(i, entity);
      expect(records.length).toBeGreaterThan(0);
      expect(await storedErpStatistics(database.db, companyId, entity)).toEqual({ registros: records.length, checksum: erpChecksum(entity, records) });
      expect(await countStoredRecords(database.db, companyId, entity)).toBe(records.length);
    }
  });
});
