/**
 * Count and checksum of the stored ERP data, rebuilt from the columns of `erp-data.schema.ts`
 * into records with the protocol's field names (`ERP_CHECKSUM_FIELDS`) and fed to
 * `ErpChecksumAccumulator`, a page of rows at a time (ordered by surrogate id), so half a million
 * sale lines never sit in memory together. Placeholders (`alterado_em_erp IS NULL`) are not
 * records of the ERP and are left out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ERP_CHECKSUM_FIELDS, ErpChecksumAccumulator, type ErpEntity } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import { resultRows } from './erp-data.repository.ts';
import { ERP_ENTITY_SPECS, ERP_TABLES, SALE_LINE_FIELDS, type SqlType } from './erp-data.specs.ts';

/** Documents (or register rows) read per query. */
const READ_PAGE = 5000;

const raw = (text: string): SQL => sql.raw(text);

/** A column read back as the protocol's value: dates as `YYYY-MM-DD`, bigint as its decimal text. */
function readExpr(expr: string, type: SqlType): string {
  if (type === 'date' || type === 'bigint') return `(${expr})::text`;
  return expr;
}

/**
 * Count of the records of `entity` stored for the company (placeholders excluded).
 */
export async function countRecords(db: Executor, companyId: number, entity: ErpEntity): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM ${raw(ERP_TABLES[entity])} WHERE empresa_id = ${companyId}::int AND alterado_em_erp IS NOT NULL`,
  );
  return Number(resultRows<{ n: number }>(result)[0].n);
}

/**
 * Count and `erpChecksum` of the stored records of `entity` for the company, from the columns.
 * Equal to the ERP's (`GET estatisticas`) when the stored data equal the ERP's current records.
 * @param pageSize documents (rows) read per query (default 5000; tests use a small one)
 */
export async function checksumRecords(db: Executor, companyId: number, entity: ErpEntity, pageSize = READ_PAGE): Promise<{ registros: number; checksum: string }> {
  const spec = ERP_ENTITY_SPECS[entity];
  const wanted = new Set(ERP_CHECKSUM_FIELDS[entity]);
  const selects = ['t.id AS "_sid"', 't.id_erp AS "id"'];
  for (const field of spec.fields) if (wanted.has(field.field)) selects.push(`${readExpr(`t.${field.column}`, field.type)} AS "${field.field}"`);
  const joins: string[] = [];
  spec.refs.forEach((r, i) => {
    if (!wanted.has(r.field)) return;
    selects.push(`j${i}.id_erp AS "${r.field}"`);
    joins.push(`LEFT JOIN ${ERP_TABLES[r.target]} j${i} ON j${i}.id = t.${r.column}`);
  });
  const lineSelects = [
    'i.venda_id AS "_sid"',
    'p.id_erp AS "idProduto"',
    ...SALE_LINE_FIELDS.map((x) => `${readExpr(`i.${x.column}`, x.type)} AS "${x.field}"`),
  ].join(', ');
  const accumulator = new ErpChecksumAccumulator(entity);
  let after = 0;
  for (;;) {
    const rows = resultRows<Record<string, unknown> & { _sid: number }>(
      await db.execute(sql`SELECT ${raw(selects.join(', '))} FROM ${raw(spec.table)} t ${raw(joins.join(' '))}
        WHERE t.empresa_id = ${companyId}::int AND t.alterado_em_erp IS NOT NULL AND t.id > ${after}::int
        ORDER BY t.id LIMIT ${pageSize}::int`),
    );
    if (rows.length === 0) break;
    const first = Number(rows[0]._sid);
    const last = Number(rows[rows.length - 1]._sid);
    if (entity === 'VENDA') {
      const lines = resultRows<Record<string, unknown> & { _sid: number }>(
        await db.execute(sql`SELECT ${raw(lineSelects)} FROM erp_venda_item i JOIN erp_produto p ON p.id = i.produto_id
          WHERE i.empresa_id = ${companyId}::int AND i.venda_id BETWEEN ${first}::int AND ${last}::int`),
      );
      const bySale = new Map<number, Record<string, unknown>[]>();
      for (const line of lines) {
        const sid = Number(line._sid);
        const list = bySale.get(sid);
        if (list) list.push(line);
        else bySale.set(sid, [line]);
      }
      for (const row of rows) accumulator.add({ ...row, itens: bySale.get(Number(row._sid)) ?? [] });
    } else {
      for (const row of rows) accumulator.add(row);
    }
    after = last;
    if (rows.length < pageSize) break;
  }
  return { registros: accumulator.count, checksum: accumulator.digest() };
}
