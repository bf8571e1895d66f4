import { sql } from 'drizzle-orm';
import type { ErpEntity, ErpRecord } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import { applyRecords } from './erp-data.repository.ts';
import { checksumRecords, countRecords } from './erp-data.statistics.ts';
import { ERP_TABLES } from './erp-data.specs.ts';
import { applyStoredMatches } from '../../matching/matching-sync.ts';

/**
 * The operational data the ERP sync stores (issue 7 part 1): the public face of `erp/data/`, used
 * by the sync engine (`erp/`) and the integration screens. Tables in `erp-data.schema.ts`, the
 * record ↔ column mapping in `erp-data.specs.ts`, decisions in `docs/data-model.md`.
 */

/**
 * Upserts valid records of one entity type for one company, idempotently (applying the same
 * records twice changes nothing; an older `alteradoEm` never overwrites a newer one). Runs in the
 * caller's transaction `tx` (the sync moves the watermark in the same one). Set-based: a page of
 * up to 1000 records (a sale with up to 2000 lines) takes a handful of statements.
 * References to records not stored yet (a sale naming a client created after the client sync ran)
 * create placeholder rows that the referent's own record fills later. PRODUTO also links (and,
 * when missing, creates) the shared catalogue product by EAN = ISBN-13; a SELO, TIPO_PRODUTO,
 * ASSUNTO, AUTOR or TIPO_CONTRIBUICAO page fills, never overwriting, what the catalogue products
 * of ERP products that arrived before it lack (publisher and imprint, form, BISAC, contributors).
 * Then the company's saved matches (`correspondencia_produto`, docs/catalogue-matching.md) replace,
 * in the same transaction, the ERP's own codes the page wrote to those catalogue products.
 * @throws Error only for database failures; a record that cannot be stored is reported in the
 *   result instead: a sale with a repeated line number, a product with a repeated contributor
 *   order, a stock record for a product that already has another stock record
 * @returns the ERP ids that could not be stored, with a pt-BR reason each
 */
export async function applyErpRecords<E extends ErpEntity>(
  tx: Executor,
  companyId: number,
  entity: E,
  records: readonly ErpRecord<E>[],
): Promise<{ rejected: { id: string; error: string }[] }> {
  const rejected = await applyRecords(tx, companyId, entity, records);
  // the stored matches (docs/catalogue-matching.md) override the ERP's own codes the fill just wrote
  await applyStoredMatches(tx, companyId, entity, records.map((r) => r.id));
  return { rejected };
}

/** Count of the records of `entity` stored for the company (placeholder rows are not counted). */
export async function countStoredRecords(db: Executor, companyId: number, entity: ErpEntity): Promise<number> {
  return countRecords(db, companyId, entity);
}

/**
 * Count and checksum (`erpChecksum` of `@acervo/contracts`) of the stored records of `entity` for
 * the company, rebuilt from the stored columns (so it proves the mapping, not just the transfer).
 * Streams the rows 5000 documents at a time.
 */
export async function storedErpStatistics(db: Executor, companyId: number, entity: ErpEntity): Promise<{ registros: number; checksum: string }> {
  return checksumRecords(db, companyId, entity);
}

/**
 * Refreshes the planner statistics (`ANALYZE`) of the tables `entity` writes (a sale's lines and
 * a product's contributors and catalogue rows included). PostgreSQL's autovacuum does it on its
 * own, but only a while after a table grows, and PGlite never does: call it after a sync run that
 * stored many records (a first sync), so later pages and reports are planned on real sizes.
 * Takes ~0.1-0.5 s on 200k rows; runs in the caller's transaction when given one.
 */
export async function refreshErpStatistics(db: Executor, entity: ErpEntity): Promise<void> {
  const tables = [ERP_TABLES[entity]];
  if (entity === 'VENDA') tables.push('erp_venda_item');
  if (entity === 'PRODUTO') tables.push('erp_produto_contribuidor', 'produto', 'produto_contribuidor');
  await db.execute(sql.raw(`ANALYZE ${tables.join(', ')}`));
}
