import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import { billingLinesSql } from './billing-rules.ts';

/**
 * Billing rollups (issue 17 part 5, docs/reports.md "Rollups"): the billing lines of
 * `billingLinesSql` summed per day and per month into two tables the report reads instead of the
 * millions of lines:
 * - `rel_faturamento_vendedor` (grao, periodo, vendedor_id, uf, operacao_id, devolucao): the
 *   smallest, for the totals and the date, seller and state tabs;
 * - `rel_faturamento_documento` (grao, periodo, cliente_id, vendedor_id, uf, operacao_id, devolucao)
 *   → quantidade, valor_centavos, notas (distinct invoices; a document is in one row only);
 * - `rel_faturamento_produto` (grao, periodo, produto_id, operacao_id, devolucao)
 *   → quantidade, valor_centavos, notas (distinct invoices containing the product).
 *
 * Kept incrementally by the ERP writer, in the transaction of each page of sales: before the page
 * is written, the contributions of the documents it touches (its documents and every return of
 * them, whose attribution follows the invoice) are read; after, read again; the difference is
 * added to the rollups and rows that fall to zero are deleted. Both reads derive from the same
 * SQL as `rebuildBillingRollups`, so incremental and rebuilt rollups are equal (tested).
 */

/** The two rollups: table, key columns and the SQL expression of each key from a billing line. */
const ROLLUPS = [
  {
    table: 'rel_faturamento_vendedor',
    keys: [
      ['vendedor_id', 'int'],
      ['uf', 'varchar'],
      ['operacao_id', 'int'],
      ['devolucao', 'boolean'],
    ],
  },
  {
    table: 'rel_faturamento_documento',
    keys: [
      ['cliente_id', 'int'],
      ['vendedor_id', 'int'],
      ['uf', 'varchar'],
      ['operacao_id', 'int'],
      ['devolucao', 'boolean'],
    ],
  },
  {
    table: 'rel_faturamento_produto',
    keys: [
      ['produto_id', 'int'],
      ['operacao_id', 'int'],
      ['devolucao', 'boolean'],
    ],
  },
] as const;

type Rollup = (typeof ROLLUPS)[number];

/** One rollup row (or delta): key values, then the figures. */
type RollupRow = Record<string, string | number | boolean>;

const GRAINS = sql.raw(`(VALUES ('D'), ('M')) g(grao)`);
const PERIOD = sql.raw(`CASE g.grao WHEN 'D' THEN l.data ELSE date_trunc('month', l.data)::date END`);

/** SELECT of a rollup's rows (both grains) from the billing lines of the documents `where` picks. */
function rollupSelect(rollup: Rollup, where: (alias: 'v' | 'r') => SQL): SQL {
  const keys = rollup.keys.map(([k]) => `l.${k}`).join(', ');
  return sql`SELECT l.empresa_id, g.grao, ${PERIOD} AS periodo, ${sql.raw(keys)},
      sum(l.quantidade)::bigint AS quantidade, sum(l.valor_centavos)::bigint AS valor_centavos,
      (count(DISTINCT l.venda_id) FILTER (WHERE NOT l.devolucao))::int AS notas
    FROM (${billingLinesSql(where)}) l CROSS JOIN ${GRAINS}
    GROUP BY l.empresa_id, g.grao, ${PERIOD}, ${sql.raw(keys)}`;
}

/**
 * The documents a page of ERP sale ids touches: the company's stored documents with those ids
 * (placeholders included) and every return of them (through `erp_venda_documento_origem_idx`).
 */
async function touchedDocumentIds(tx: Executor, companyId: number, erpIds: readonly string[]): Promise<number[]> {
  const ids = sql`${JSON.stringify(erpIds)}::jsonb`;
  const result = await tx.execute(sql`SELECT s.id FROM jsonb_array_elements_text(${ids}) x JOIN erp_venda s ON s.empresa_id = ${companyId}::int AND s.id_erp = x.value
    UNION
    SELECT dv.id FROM jsonb_array_elements_text(${ids}) x JOIN erp_venda s ON s.empresa_id = ${companyId}::int AND s.id_erp = x.value
      JOIN erp_venda dv ON dv.documento_origem_id = s.id`);
  return resultRows<{ id: number }>(result).map((r) => Number(r.id));
}

/** The billing lines of documents `ids`, summed per document and every rollup key column. */
interface LineSum {
  venda_id: number;
  data: string;
  devolucao: boolean;
  produto_id: number;
  cliente_id: number;
  vendedor_id: number;
  uf: string;
  operacao_id: number;
  quantidade: string;
  valor_centavos: string;
}

async function readLineSums(tx: Executor, ids: readonly number[]): Promise<LineSum[]> {
  if (ids.length === 0) return [];
  const list = sql`${JSON.stringify(ids)}::jsonb`;
  const where = (d: 'v' | 'r') => sql`${sql.raw(d)}.id IN (SELECT value::int FROM jsonb_array_elements_text(${list}))`;
  const result = await tx.execute(sql`SELECT l.venda_id, l.data::text AS data, l.devolucao, l.produto_id, l.cliente_id, l.vendedor_id, l.uf, l.operacao_id,
      sum(l.quantidade)::text AS quantidade, sum(l.valor_centavos)::text AS valor_centavos
    FROM (${billingLinesSql(where)}) l
    GROUP BY l.venda_id, l.data, l.devolucao, l.produto_id, l.cliente_id, l.vendedor_id, l.uf, l.operacao_id`);
  return resultRows<LineSum>(result);
}

/**
 * What the lines contribute to each rollup, both grains: the same sums as `rollupSelect`
 * (`notas` = distinct invoices per key; returns are not invoices), computed here from one read.
 */
function contributions(lines: readonly LineSum[]): RollupRow[][] {
  return ROLLUPS.map((rollup) => {
    const byKey = new Map<string, { row: RollupRow; docs: Set<number> }>();
    for (const line of lines) {
      for (const grao of ['D', 'M'] as const) {
        const row: RollupRow = { grao, periodo: grao === 'D' ? line.data : `${line.data.slice(0, 7)}-01` };
        for (const [k] of rollup.keys) row[k] = (line as unknown as Record<string, string | number | boolean>)[k];
        const key = keyOf(rollup, row);
        let seen = byKey.get(key);
        if (!seen) {
          seen = { row: { ...row, quantidade: 0, valor_centavos: 0, notas: 0 }, docs: new Set() };
          byKey.set(key, seen);
        }
        seen.row.quantidade = Number(seen.row.quantidade) + Number(line.quantidade);
        seen.row.valor_centavos = Number(seen.row.valor_centavos) + Number(line.valor_centavos);
        if (!line.devolucao) seen.docs.add(Number(line.venda_id));
      }
    }
    return [...byKey.values()].map(({ row, docs }) => ({ ...row, notas: docs.size }));
  });
}

function keyOf(rollup: Rollup, row: RollupRow): string {
  return [row.grao, String(row.periodo), ...rollup.keys.map(([k]) => String(row[k]))].join('|');
}

/** Adds `rows` (deltas) to a rollup, then deletes the touched rows that became all zero. */
async function addDeltas(tx: Executor, companyId: number, rollup: Rollup, rows: RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const keys = rollup.keys.map(([k]) => k);
  const recordType = ['grao text', 'periodo date', ...rollup.keys.map(([k, t]) => `${k} ${t}`), 'quantidade bigint', 'valor_centavos bigint', 'notas int'].join(', ');
  const all = ['empresa_id', 'grao', 'periodo', ...keys];
  const data = sql`${JSON.stringify(rows)}::jsonb`;
  const table = sql.raw(rollup.table);
  // in key order, so two transactions adding to the same rows wait instead of deadlocking
  await tx.execute(sql`INSERT INTO ${table} AS t (${sql.raw(all.join(', '))}, quantidade, valor_centavos, notas)
    SELECT ${companyId}::int, r.grao, r.periodo, ${sql.raw(keys.map((k) => `r.${k}`).join(', '))}, r.quantidade, r.valor_centavos, r.notas
    FROM jsonb_to_recordset(${data}) AS r(${sql.raw(recordType)})
    ORDER BY ${sql.raw(['grao', 'periodo', ...keys].map((k) => `r.${k}`).join(', '))}
    ON CONFLICT (${sql.raw(all.join(', '))}) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
      valor_centavos = t.valor_centavos + excluded.valor_centavos, notas = t.notas + excluded.notas`);
  // only a row something was taken from can fall to zero (a page of new invoices adds only)
  const shrunk = rows.filter((r) => Number(r.quantidade) < 0 || Number(r.valor_centavos) < 0 || Number(r.notas) < 0);
  if (shrunk.length === 0) return;
  await tx.execute(sql`DELETE FROM ${table} t USING jsonb_to_recordset(${sql`${JSON.stringify(shrunk)}::jsonb`}) AS r(${sql.raw(recordType)})
    WHERE t.empresa_id = ${companyId}::int AND t.grao = r.grao AND t.periodo = r.periodo
      AND ${sql.raw(keys.map((k) => `t.${k} = r.${k}`).join(' AND '))}
      AND t.quantidade = 0 AND t.valor_centavos = 0 AND t.notas = 0`);
}

/** after − before per key, without the keys whose difference is zero. */
function differences(rollup: Rollup, before: RollupRow[], after: RollupRow[]): RollupRow[] {
  const byKey = new Map<string, RollupRow>();
  const add = (row: RollupRow, sign: number) => {
    const key = keyOf(rollup, row);
    const seen = byKey.get(key) ?? { ...row, quantidade: 0, valor_centavos: 0, notas: 0 };
    seen.quantidade = Number(seen.quantidade) + sign * Number(row.quantidade);
    seen.valor_centavos = Number(seen.valor_centavos) + sign * Number(row.valor_centavos);
    seen.notas = Number(seen.notas) + sign * Number(row.notas);
    byKey.set(key, seen);
  };
  for (const row of before) add(row, -1);
  for (const row of after) add(row, 1);
  return [...byKey.values()].filter((r) => r.quantidade !== 0 || r.valor_centavos !== 0 || r.notas !== 0);
}

/**
 * Starts the rollup update of one page of sales (ERP ids `erpIds` of `companyId`): reads what the
 * touched documents (the page's and their returns) contribute now. Call BEFORE the page's headers
 * and lines are written, in the same transaction, and call the returned `finish()` after: it reads
 * the contributions again and applies the difference to the three rollups. One page costs 2 reads
 * before, 2 after, and up to 6 writes.
 */
export async function beginBillingRollupUpdate(tx: Executor, companyId: number, erpIds: readonly string[]): Promise<{ finish(): Promise<void> }> {
  const unique = [...new Set(erpIds)];
  const before = contributions(await readLineSums(tx, await touchedDocumentIds(tx, companyId, unique)));
  return {
    async finish() {
      const after = contributions(await readLineSums(tx, await touchedDocumentIds(tx, companyId, unique)));
      for (let i = 0; i < ROLLUPS.length; i++) await addDeltas(tx, companyId, ROLLUPS[i], differences(ROLLUPS[i], before[i], after[i]));
    },
  };
}

/**
 * Rebuilds a company's rollups from its lines (delete and insert, in the caller's transaction):
 * the reference the incremental update is tested against, and the repair after a bulk change that
 * bypassed the writer. Takes seconds per million lines.
 */
export async function rebuildBillingRollups(tx: Executor, companyId: number): Promise<void> {
  const where = (d: 'v' | 'r') => sql`${sql.raw(d)}.empresa_id = ${companyId}::int`;
  for (const rollup of ROLLUPS) {
    const keys = rollup.keys.map(([k]) => k).join(', ');
    await tx.execute(sql`DELETE FROM ${sql.raw(rollup.table)} WHERE empresa_id = ${companyId}::int`);
    await tx.execute(sql`INSERT INTO ${sql.raw(rollup.table)} (empresa_id, grao, periodo, ${sql.raw(keys)}, quantidade, valor_centavos, notas)
      ${rollupSelect(rollup, where)}`);
  }
}

/** Names of the rollup tables and their key columns (for tests and the bench). */
export const BILLING_ROLLUP_TABLES = ROLLUPS.map((r) => ({ table: r.table, keys: r.keys.map(([k]) => k) }));
