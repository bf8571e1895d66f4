/**
 * Writer of the ERP's operational data (`erp-data.schema.ts`): set-based upserts of one page of
 * records of one entity type for one company, in the caller's transaction. Every statement takes
 * the page as ONE jsonb parameter expanded by `jsonb_to_recordset` (the same SQL on PGlite and
 * PostgreSQL, no per-row parameters, far below the 65,535-parameter limit). Decisions are in
 * `docs/data-model.md`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ErpEntity, ErpProduct, ErpRecord, ErpSale, ErpStock } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import { nameKey } from '../../shared/name-key.ts';
import { resultRows } from '../../db/rows.ts';
import { ERP_ENTITY_SPECS, ERP_TABLES, SALE_LINE_FIELDS, type EntitySpec } from './erp-data.specs.ts';
import { beginBillingRollupUpdate } from '../../reports/billing-rollups.ts';

/** A record that could not be stored, with a pt-BR reason. */
export interface RejectedRecord {
  id: string;
  error: string;
}

/** Rows per statement for child rows (sale lines, contributors): bounds one jsonb parameter. */
const CHILD_CHUNK = 5000;

/** `resultRows` moved to db/rows.ts (other domains use it); re-exported for this folder's importers. */
export { resultRows };

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
const raw = (text: string): SQL => sql.raw(text);

/**
 * Keeps one version per ERP id: the newest `alteradoEm` (the later one in the page on a tie), so
 * one statement never touches a row twice (PostgreSQL refuses that in `ON CONFLICT DO UPDATE`).
 */
export function newestPerId<R extends { id: string; alteradoEm: string }>(records: readonly R[]): R[] {
  const byId = new Map<string, R>();
  for (const r of records) {
    const seen = byId.get(r.id);
    // ISO 8601 UTC with milliseconds, one format: text order is time order
    if (!seen || r.alteradoEm >= seen.alteradoEm) byId.set(r.id, r);
  }
  return [...byId.values()];
}

/**
 * Creates a placeholder row (only `empresa_id` and `id_erp`, `alterado_em_erp` NULL) for each ERP
 * id of `entity` the company does not have yet, so a reference can point at it before the
 * referent's own record arrives (that record then fills the row). Ids already there are skipped
 * before the insert (no sequence value burnt for them). Rows go in `id_erp` order, like the
 * upserts, so two syncs of one company writing the same table at once (VENDA's product
 * placeholders beside a PRODUTO page) take its keys in the same order and wait instead of
 * deadlocking.
 */
export async function ensurePlaceholders(tx: Executor, companyId: number, entity: ErpEntity, erpIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(erpIds)];
  if (ids.length === 0) return;
  const table = raw(ERP_TABLES[entity]);
  await tx.execute(sql`INSERT INTO ${table} (empresa_id, id_erp)
    SELECT ${companyId}::int, x.v FROM (SELECT DISTINCT value AS v FROM jsonb_array_elements_text(${json(ids)})) x
    WHERE NOT EXISTS (SELECT 1 FROM ${table} e WHERE e.empresa_id = ${companyId}::int AND e.id_erp = x.v)
    ORDER BY x.v
    ON CONFLICT (empresa_id, id_erp) DO NOTHING`);
}

/** Placeholders for every reference of `spec` the records name. */
async function ensureReferences(tx: Executor, companyId: number, spec: EntitySpec, records: readonly Record<string, unknown>[]): Promise<void> {
  const byTarget = new Map<ErpEntity, Set<string>>();
  for (const r of spec.refs) {
    const ids = byTarget.get(r.target) ?? new Set<string>();
    for (const record of records) {
      const value = record[r.field];
      if (typeof value === 'string') ids.add(value);
    }
    byTarget.set(r.target, ids);
  }
  for (const [target, ids] of byTarget) await ensurePlaceholders(tx, companyId, target, ids);
}

/**
 * The generic upsert of one page: `INSERT … SELECT FROM jsonb_to_recordset … LEFT JOIN <targets>
 * ON CONFLICT (empresa_id, id_erp) DO UPDATE … WHERE stored is a placeholder or not newer`.
 * References must exist (see `ensureReferences`). Records must have distinct ids.
 * @returns ERP id → surrogate id of the rows written (an older version is not written)
 */
async function upsertMain(
  tx: Executor,
  companyId: number,
  spec: EntitySpec,
  records: readonly Record<string, unknown>[],
  extra?: { column: string; join: SQL; value: string },
): Promise<Map<string, number>> {
  const written = new Map<string, number>();
  if (records.length === 0) return written;
  const rows = records.map((record) => {
    const row: Record<string, unknown> = { id_erp: record.id, alterado_em_erp: record.alteradoEm };
    for (const field of spec.fields) row[field.column] = record[field.field] ?? null;
    for (const r of spec.refs) row[`ref_${r.column}`] = record[r.field] ?? null;
    return row;
  });
  const recordType = [
    'id_erp varchar',
    'alterado_em_erp timestamptz',
    ...spec.fields.map((field) => `${field.column} ${field.type}`),
    ...spec.refs.map((r) => `ref_${r.column} varchar`),
  ].join(', ');
  const columns = [
    'empresa_id',
    'id_erp',
    'alterado_em_erp',
    'data_sincronizacao',
    ...spec.fields.map((x) => x.column),
    ...spec.refs.map((r) => r.column),
    ...(extra ? [extra.column] : []),
  ];
  const values = [
    sql`${companyId}::int`,
    raw('r.id_erp, r.alterado_em_erp, now()'),
    ...spec.fields.map((x) => raw(`r.${x.column}`)),
    ...spec.refs.map((_, i) => raw(`j${i}.id`)),
    ...(extra ? [raw(extra.value)] : []),
  ];
  const joins = spec.refs.map(
    (r, i) => sql` LEFT JOIN ${raw(ERP_TABLES[r.target])} j${raw(String(i))} ON j${raw(String(i))}.empresa_id = ${companyId}::int AND j${raw(String(i))}.id_erp = r.ref_${raw(r.column)}`,
  );
  if (extra) joins.push(extra.join);
  const updates = columns
    .filter((c) => c !== 'empresa_id' && c !== 'id_erp')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  const result = await tx.execute(sql`INSERT INTO ${raw(spec.table)} AS t (${raw(columns.join(', '))})
    SELECT ${sql.join(values, sql`, `)}
    FROM jsonb_to_recordset(${json(rows)}) AS r(${raw(recordType)})${sql.join(joins, sql``)}
    ORDER BY r.id_erp
    ON CONFLICT (empresa_id, id_erp) DO UPDATE SET ${raw(updates)}
    WHERE t.alterado_em_erp IS NULL OR excluded.alterado_em_erp >= t.alterado_em_erp
    RETURNING t.id, t.id_erp`);
  for (const row of resultRows<{ id: number; id_erp: string }>(result)) written.set(row.id_erp, Number(row.id));
  return written;
}

/**
 * Applies register records (every entity type but PRODUTO, ESTOQUE and VENDA): placeholders, the
 * upsert, then, for the registers the catalogue takes values from (SELO, TIPO_PRODUTO, ASSUNTO,
 * AUTOR, TIPO_CONTRIBUICAO), the fill of the catalogue products of ERP products that arrived
 * before these records (`fillCatalogueFromRegisters`).
 */
export async function applyRegisterRecords(tx: Executor, companyId: number, entity: ErpEntity, records: readonly Record<string, unknown>[]): Promise<RejectedRecord[]> {
  const spec = ERP_ENTITY_SPECS[entity];
  const page = newestPerId(records as readonly { id: string; alteradoEm: string }[]) as unknown as Record<string, unknown>[];
  await ensureReferences(tx, companyId, spec, page);
  const written = await upsertMain(tx, companyId, spec, page);
  await fillCatalogueFromRegisters(tx, companyId, entity, [...written.values()]);
  return [];
}

/**
 * Applies stock records. A product has one stock record: a record naming a product that already
 * has another stock record (stored, or earlier in the page) is rejected.
 */
export async function applyStockRecords(tx: Executor, companyId: number, records: readonly ErpStock[]): Promise<RejectedRecord[]> {
  const spec = ERP_ENTITY_SPECS.ESTOQUE;
  const page = newestPerId(records);
  await ensureReferences(tx, companyId, spec, page);
  const owners = new Map<string, string>();
  // Driven from the page's product ids through the unique indexes (an IN over erp_estoque let the
  // planner, with stale statistics, scan the table once per product: 1 s per page at 20k rows)
  const stored = await tx.execute(sql`SELECT r.v AS produto, s.id_erp AS estoque
    FROM (SELECT DISTINCT value AS v FROM jsonb_array_elements_text(${json([...new Set(page.map((r) => r.idProduto))])})) r
    JOIN erp_produto p ON p.empresa_id = ${companyId}::int AND p.id_erp = r.v
    JOIN erp_estoque s ON s.produto_id = p.id`);
  for (const row of resultRows<{ produto: string; estoque: string }>(stored)) owners.set(row.produto, row.estoque);
  const rejected: RejectedRecord[] = [];
  const accepted: ErpStock[] = [];
  for (const record of page) {
    const owner = owners.get(record.idProduto);
    if (owner !== undefined && owner !== record.id) {
      rejected.push({ id: record.id, error: `O produto ${record.idProduto} já tem o registro de estoque ${owner}` });
      continue;
    }
    owners.set(record.idProduto, record.id);
    accepted.push(record);
  }
  await upsertMain(tx, companyId, spec, accepted as unknown as Record<string, unknown>[]);
  return rejected;
}

/** First repeated value of `key` in `items`, or undefined. */
function firstRepeated<T>(items: readonly T[], key: (item: T) => number): number | undefined {
  const seen = new Set<number>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) return k;
    seen.add(k);
  }
  return undefined;
}

/**
 * Applies sales documents: placeholders for clients, sellers, fiscal operations, payment forms,
 * carriers, origin documents and line products; the headers' upsert; then, for the documents
 * written (not for an older version), their lines are deleted and inserted again; the billing
 * rollups (reports/billing-rollups.ts) take the difference the page made, in the same transaction.
 * A document with a repeated line number is rejected.
 * `options.billingRollups: false` skips the rollups: only for the bench's before/after figure.
 */
export async function applySaleRecords(
  tx: Executor,
  companyId: number,
  records: readonly ErpSale[],
  options: { billingRollups?: boolean } = {},
): Promise<RejectedRecord[]> {
  const spec = ERP_ENTITY_SPECS.VENDA;
  const rejected: RejectedRecord[] = [];
  const page: ErpSale[] = [];
  for (const record of newestPerId(records)) {
    const repeated = firstRepeated(record.itens, (line) => line.linha);
    if (repeated !== undefined) rejected.push({ id: record.id, error: `A linha ${repeated} aparece mais de uma vez no documento` });
    else page.push(record);
  }
  if (page.length === 0) return rejected;
  await ensureReferences(tx, companyId, spec, page as unknown as Record<string, unknown>[]);
  await ensurePlaceholders(
    tx,
    companyId,
    'PRODUTO',
    page.flatMap((s) => s.itens.map((line) => line.idProduto)),
  );
  const rollup = options.billingRollups === false ? null : await beginBillingRollupUpdate(tx, companyId, page.map((s) => s.id));
  const written = await upsertMain(tx, companyId, spec, page as unknown as Record<string, unknown>[]);
  if (written.size === 0) return rejected;
  await tx.execute(sql`DELETE FROM erp_venda_item WHERE venda_id IN (SELECT value::int FROM jsonb_array_elements_text(${json([...written.values()])}))`);
  const lines = page.flatMap((sale) => {
    const saleId = written.get(sale.id);
    if (saleId === undefined) return [];
    return sale.itens.map((line) => {
      const row: Record<string, unknown> = { venda_id: saleId, data_emissao: sale.dataEmissao, id_produto: line.idProduto };
      for (const field of SALE_LINE_FIELDS) row[field.column] = (line as Record<string, unknown>)[field.field] ?? null;
      return row;
    });
  });
  const recordType = ['venda_id int', 'data_emissao date', 'id_produto varchar', ...SALE_LINE_FIELDS.map((x) => `${x.column} ${x.type}`)].join(', ');
  const lineColumns = SALE_LINE_FIELDS.map((x) => x.column);
  for (const part of chunks(lines, CHILD_CHUNK)) {
    await tx.execute(sql`INSERT INTO erp_venda_item (venda_id, empresa_id, data_emissao, produto_id, ${raw(lineColumns.join(', '))})
      SELECT r.venda_id, ${companyId}::int, r.data_emissao, p.id, ${raw(lineColumns.map((c) => `r.${c}`).join(', '))}
      FROM jsonb_to_recordset(${json(part)}) AS r(${raw(recordType)})
      JOIN erp_produto p ON p.empresa_id = ${companyId}::int AND p.id_erp = r.id_produto`);
  }
  await rollup?.finish();
  return rejected;
}

/** Catalogue publisher and imprint ids for (publisher name, imprint name) pairs, created when missing (shared catalogue). */
async function catalogueImprints(tx: Executor, pairs: readonly { publisher: string; imprint: string }[]): Promise<Map<string, { publisherId: number; imprintId: number | null }>> {
  const out = new Map<string, { publisherId: number; imprintId: number | null }>();
  if (pairs.length === 0) return out;
  const publisherNames = new Map<string, string>();
  for (const p of pairs) {
    const key = nameKey(p.publisher);
    if (key && !publisherNames.has(key)) publisherNames.set(key, p.publisher);
  }
  const publisherRows = [...publisherNames].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, name]) => ({ nome: name, nome_chave: key }));
  await tx.execute(sql`INSERT INTO editora (nome, nome_chave)
    SELECT nome, nome_chave FROM jsonb_to_recordset(${json(publisherRows)}) AS r(nome varchar, nome_chave varchar)
    ON CONFLICT (nome_chave) DO NOTHING`);
  const publisherIds = new Map<string, number>();
  const found = await tx.execute(
    sql`SELECT id, nome_chave FROM editora WHERE nome_chave IN (SELECT value FROM jsonb_array_elements_text(${json([...publisherNames.keys()])}))`,
  );
  for (const row of resultRows<{ id: number; nome_chave: string }>(found)) publisherIds.set(row.nome_chave, Number(row.id));
  const imprintRows = new Map<string, { editora_id: number; nome: string; nome_chave: string }>();
  for (const p of pairs) {
    const publisherId = publisherIds.get(nameKey(p.publisher));
    const key = nameKey(p.imprint);
    if (publisherId !== undefined && key) imprintRows.set(`${publisherId}|${key}`, { editora_id: publisherId, nome: p.imprint, nome_chave: key });
  }
  if (imprintRows.size > 0) {
    await tx.execute(sql`INSERT INTO selo (editora_id, nome, nome_chave)
      SELECT editora_id, nome, nome_chave FROM jsonb_to_recordset(${json([...imprintRows.values()])}) AS r(editora_id int, nome varchar, nome_chave varchar)
      ORDER BY editora_id, nome_chave
      ON CONFLICT (editora_id, nome_chave) DO NOTHING`);
  }
  const imprintIds = new Map<string, number>();
  const imprintFound = await tx.execute(sql`SELECT id, editora_id, nome_chave FROM selo
    WHERE editora_id IN (SELECT value::int FROM jsonb_array_elements_text(${json([...new Set(publisherIds.values())])}))`);
  for (const row of resultRows<{ id: number; editora_id: number; nome_chave: string }>(imprintFound)) imprintIds.set(`${row.editora_id}|${row.nome_chave}`, Number(row.id));
  for (const p of pairs) {
    const publisherId = publisherIds.get(nameKey(p.publisher));
    if (publisherId === undefined) continue;
    out.set(`${p.publisher}\u001f${p.imprint}`, { publisherId, imprintId: imprintIds.get(`${publisherId}|${nameKey(p.imprint)}`) ?? null });
  }
  return out;
}

/** A catalogue column the ERP fills: `produto` column, SQL type, whether '' counts as empty. */
type FillColumn = readonly [column: string, type: string, emptyText: boolean];

/**
 * Catalogue columns the ERP fills. The rule: the ERP never overwrites a value the catalogue has
 * (from ONIX or an edit); it fills NULL (or empty text) columns, on creation, on every later ERP
 * update, and when a register record the product names arrives after it (`REGISTER_COLUMNS`).
 */
const CATALOGUE_FILL: readonly FillColumn[] = [
  ['subtitulo', 'varchar', true],
  ['ano_edicao', 'smallint', false],
  ['numero_paginas', 'int', false],
  ['peso_gramas', 'int', false],
  ['idioma', 'varchar', true],
  ['situacao', 'varchar', true],
  ['formato_produto', 'varchar', true],
  ['categoria_bisac', 'varchar', true],
  ['data_publicacao', 'date', false],
  ['id_erp', 'varchar', true],
];

/**
 * Catalogue columns whose value comes from a register record the ERP product names (publisher and
 * imprint aside: `fillPublisher`): `produto.<column>` ← `<table>.<source>` of the row
 * `erp_produto.<ref>` points at (`<field>`, its ERP id, in `writeCatalogue`'s page rows).
 */
const REGISTER_COLUMNS = [
  { column: 'formato_produto', table: 'erp_tipo_produto', source: 'formato_onix', ref: 'tipo_produto_id', field: 'id_tipo_produto' },
  { column: 'categoria_bisac', table: 'erp_assunto', source: 'codigo_bisac', ref: 'assunto_id', field: 'id_assunto' },
] as const;

/** `produto.<column>` as the fill rule reads it: NULL also when empty text counts as empty. */
function currentValue(column: string, emptyText: boolean): string {
  return emptyText ? `NULLIF(produto.${column}, '')` : `produto.${column}`;
}

/**
 * The fill rule of one catalogue column as SQL text, the proposed value being `<src>.<column>`:
 * the SET item (keeps the catalogue's value when it has one) and the test "this would change it".
 */
function fillColumn([column, , emptyText]: FillColumn, src: string): { set: string; change: string } {
  const current = currentValue(column, emptyText);
  return { set: `${column} = COALESCE(${current}, ${src}.${column})`, change: `(${current} IS NULL AND ${src}.${column} IS NOT NULL)` };
}

/**
 * The fill rule of publisher and imprint as SQL text, the proposed ids being `<src>.editora_id` and
 * `<src>.selo_id`: both are filled together, and only when the catalogue has no publisher (an
 * imprint under another publisher's name would contradict ONIX).
 */
function fillPublisher(src: string): { sets: string[]; change: string } {
  return {
    sets: [
      `editora_id = COALESCE(produto.editora_id, ${src}.editora_id)`,
      `selo_id = CASE WHEN produto.editora_id IS NULL AND ${src}.editora_id IS NOT NULL THEN ${src}.selo_id ELSE produto.selo_id END`,
    ],
    change: `(produto.editora_id IS NULL AND ${src}.editora_id IS NOT NULL)`,
  };
}

const REGISTER_FILL = CATALOGUE_FILL.filter(([c]) => REGISTER_COLUMNS.some((r) => r.column === c));

/** The `REGISTER_COLUMNS` entry of a catalogue column. */
function registerColumn(column: (typeof REGISTER_COLUMNS)[number]['column']): (typeof REGISTER_COLUMNS)[number] {
  return REGISTER_COLUMNS.find((r) => r.column === column) as (typeof REGISTER_COLUMNS)[number];
}

/**
 * Writes the catalogue side of ERP products (matched by EAN = ISBN-13): creates the catalogue
 * products the catalogue lacks (title, subtitle, publisher and imprint from the product's SELO
 * when that record is known, edition year, pages, weight, language, situation, product form from
 * its TIPO_PRODUTO, BISAC from its ASSUNTO, publication date from the release date, `id_erp`,
 * `fonte` = `erp:<company ERP code>`) and fills the empty columns of those it has (never
 * overwriting). `records` are those about to be written (not older than what is stored); the ERP
 * upsert then finds `produto_id` by joining `produto` on the EAN. What a register not stored yet
 * would give is filled when its record arrives (`fillCatalogueFromRegisters`).
 */
async function writeCatalogue(tx: Executor, companyId: number, records: readonly ErpProduct[]): Promise<void> {
  const byEan = new Map<string, ErpProduct>();
  for (const r of records) if (!byEan.has(r.ean)) byEan.set(r.ean, r);
  if (byEan.size === 0) return;
  const eans = [...byEan.keys()];
  // Publisher and imprint only for catalogue products that have no publisher (so no ERP spelling
  // of a publisher name enters the shared catalogue beside the ONIX one when it is not needed)
  const withPublisher = new Set(
    resultRows<{ isbn13: string }>(
      await tx.execute(sql`SELECT isbn13 FROM produto WHERE editora_id IS NOT NULL AND isbn13 IN (SELECT value FROM jsonb_array_elements_text(${json(eans)}))`),
    ).map((r) => r.isbn13),
  );
  const imprintErpIds = [...new Set([...byEan.values()].filter((r) => !withPublisher.has(r.ean) && r.idSelo !== null).map((r) => r.idSelo as string))];
  const imprintNames = new Map<string, { publisher: string; imprint: string }>();
  if (imprintErpIds.length > 0) {
    const rows = await tx.execute(sql`SELECT id_erp, nome, editora FROM erp_selo
      WHERE empresa_id = ${companyId}::int AND alterado_em_erp IS NOT NULL AND id_erp IN (SELECT value FROM jsonb_array_elements_text(${json(imprintErpIds)}))`);
    for (const row of resultRows<{ id_erp: string; nome: string; editora: string }>(rows)) imprintNames.set(row.id_erp, { publisher: row.editora, imprint: row.nome });
  }
  const resolved = await catalogueImprints(tx, [...imprintNames.values()]);
  // In ISBN order: two companies' syncs (or an ONIX import) writing the same catalogue products
  // at once then take the rows' locks in the same order and wait instead of deadlocking
  const rows = [...byEan.values()].sort((a, b) => (a.ean < b.ean ? -1 : a.ean > b.ean ? 1 : 0)).map((r) => {
    const names = r.idSelo !== null && !withPublisher.has(r.ean) ? imprintNames.get(r.idSelo) : undefined;
    const ids = names ? resolved.get(`${names.publisher}\u001f${names.imprint}`) : undefined;
    return {
      isbn13: r.ean,
      titulo: r.titulo,
      subtitulo: r.subtitulo,
      editora_id: ids?.publisherId ?? null,
      selo_id: ids?.imprintId ?? null,
      ano_edicao: r.anoEdicao,
      numero_paginas: r.paginas,
      peso_gramas: r.pesoGramas,
      idioma: r.idioma,
      situacao: r.situacao,
      data_publicacao: r.dataLancamento,
      id_erp: r.id,
      id_tipo_produto: r.idTipoProduto,
      id_assunto: r.idAssunto,
    };
  });
  const publisher = fillPublisher('excluded');
  const fills = CATALOGUE_FILL.map((column) => fillColumn(column, 'excluded'));
  const sets = [`titulo = CASE WHEN produto.titulo = '' THEN excluded.titulo ELSE produto.titulo END`, ...publisher.sets, ...fills.map((x) => x.set), 'data_alteracao = now()'].join(', ');
  const changes = [`(produto.titulo = '' AND excluded.titulo <> '')`, publisher.change, ...fills.map((x) => x.change)].join(' OR ');
  // Columns of the page's own fields; the register ones come from the register rows by a join
  const fillColumns = CATALOGUE_FILL.filter(([c]) => !REGISTER_COLUMNS.some((r) => r.column === c));
  const registerJoins = sql.join(
    REGISTER_COLUMNS.map((r, i) => sql` LEFT JOIN ${raw(`${r.table} g${i}`)} ON ${raw(`g${i}.empresa_id`)} = ${companyId}::int AND ${raw(`g${i}.id_erp = r.${r.field}`)}`),
    sql``,
  );
  await tx.execute(sql`INSERT INTO produto (isbn13, titulo, editora_id, selo_id, ${raw(REGISTER_COLUMNS.map((r) => r.column).join(', '))}, fonte, ${raw(fillColumns.map(([c]) => c).join(', '))})
    SELECT r.isbn13, r.titulo, r.editora_id, r.selo_id, ${raw(REGISTER_COLUMNS.map((r, i) => `g${i}.${r.source}`).join(', '))},
      'erp:' || coalesce((SELECT codigo_erp FROM empresa WHERE id = ${companyId}::int), ${String(companyId)}),
      ${raw(fillColumns.map(([c]) => `r.${c}`).join(', '))}
    FROM jsonb_to_recordset(${json(rows)}) AS r(isbn13 varchar, titulo varchar, editora_id int, selo_id int, ${raw(REGISTER_COLUMNS.map((r) => `${r.field} varchar`).join(', '))},
      ${raw(fillColumns.map(([c, t]) => `${c} ${t}`).join(', '))})
    ${registerJoins}
    ON CONFLICT (isbn13) DO UPDATE SET ${raw(sets)}
    WHERE ${raw(changes)}`);
}

/**
 * Fills, by the fill rule (`fillPublisher`, `fillColumn`), the columns that come from register
 * records (publisher and imprint from the product's SELO, product form from its TIPO_PRODUTO,
 * BISAC from its ASSUNTO; records stored in full) of the catalogue products linked to the ERP
 * products `erpProductIds` (surrogate ids of `erp_produto`). Publisher and imprint rows are found
 * or created (`catalogueImprints`) only for catalogue products without a publisher. Only rows that
 * change are written, locked first in ISBN order (like `writeCatalogue`'s upsert, so two syncs or
 * an ONIX import writing the same products wait for each other instead of deadlocking). When two
 * of the ERP products link to one catalogue product, the lower ERP id gives the values.
 */
async function fillCatalogueColumns(tx: Executor, erpProductIds: readonly number[]): Promise<void> {
  if (erpProductIds.length === 0) return;
  const registerValues = REGISTER_COLUMNS.map((r, i) => `g${i}.${r.source} AS ${r.column}`).join(', ');
  const registerJoins = REGISTER_COLUMNS.map((r, i) => `LEFT JOIN ${r.table} g${i} ON g${i}.id = e.${r.ref}`).join(' ');
  // Driven from the given ids into primary keys; the values of the first ERP product (by ERP id)
  // of each catalogue product, the imprint's names only when the catalogue has no publisher
  const found = resultRows<{ produto_id: number; isbn13: string; nome: string | null; editora: string | null; formato_produto: string | null; categoria_bisac: string | null }>(
    await tx.execute(sql`SELECT DISTINCT ON (e.produto_id) e.produto_id, produto.isbn13, s.nome, s.editora, ${raw(registerValues)}
      FROM (SELECT DISTINCT value::int AS id FROM jsonb_array_elements_text(${json(erpProductIds)})) x
      JOIN erp_produto e ON e.id = x.id
      JOIN produto ON produto.id = e.produto_id
      LEFT JOIN erp_selo s ON s.id = e.selo_id AND s.alterado_em_erp IS NOT NULL AND produto.editora_id IS NULL
      ${raw(registerJoins)}
      ORDER BY e.produto_id, e.id_erp`),
  );
  if (found.length === 0) return;
  const resolved = await catalogueImprints(
    tx,
    found.flatMap((r) => (r.nome !== null && r.editora !== null ? [{ publisher: r.editora, imprint: r.nome }] : [])),
  );
  const rows = found
    .sort((a, b) => (a.isbn13 < b.isbn13 ? -1 : a.isbn13 > b.isbn13 ? 1 : 0))
    .map((r) => {
      const ids = r.nome !== null && r.editora !== null ? resolved.get(`${r.editora}\u001f${r.nome}`) : undefined;
      return { produto_id: Number(r.produto_id), editora_id: ids?.publisherId ?? null, selo_id: ids?.imprintId ?? null, formato_produto: r.formato_produto, categoria_bisac: r.categoria_bisac };
    });
  const source = sql`jsonb_to_recordset(${json(rows)}) AS src(produto_id int, editora_id int, selo_id int, ${raw(REGISTER_FILL.map(([c, t]) => `${c} ${t}`).join(', '))})`;
  const publisher = fillPublisher('src');
  const fills = REGISTER_FILL.map((column) => fillColumn(column, 'src'));
  const changes = raw([publisher.change, ...fills.map((x) => x.change)].join(' OR '));
  // The rows that will change, locked in ISBN order (FOR NO KEY UPDATE, the UPDATE's own lock: it
  // does not block other transactions' foreign-key checks); the UPDATE's row order is the join's
  await tx.execute(sql`SELECT produto.id FROM produto JOIN ${source} ON src.produto_id = produto.id
    WHERE ${changes}
    ORDER BY produto.isbn13
    FOR NO KEY UPDATE OF produto`);
  await tx.execute(sql`UPDATE produto SET ${raw([...publisher.sets, ...fills.map((x) => x.set), 'data_alteracao = now()'].join(', '))}
    FROM ${source}
    WHERE produto.id = src.produto_id AND (${changes})`);
}

/**
 * Gives the catalogue products linked to the ERP products `erpProductIds` (surrogate ids of
 * `erp_produto`) that have no contributors the ERP's: name and inverted name of the author, ONIX
 * role of the contribution type (A01 when it has none), in `ordem`. Only from an ERP product
 * whose authors and contribution types are all stored in full, so the catalogue never keeps a
 * partial list or a guessed role when the products arrive before those records (the last of them
 * to arrive fills it: `fillCatalogueFromRegisters`). When two of the ERP products link to one
 * catalogue product, the lower ERP id gives the list. Inserts in (product, order) order.
 */
async function writeCatalogueContributors(tx: Executor, erpProductIds: readonly number[]): Promise<void> {
  if (erpProductIds.length === 0) return;
  await tx.execute(sql`INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo, nome_invertido)
    SELECT e.produto_id, c.ordem, coalesce(tc.codigo_onix, 'A01'), a.nome, a.nome_invertido
    FROM (
      SELECT DISTINCT ON (e.produto_id) e.id, e.produto_id
      FROM erp_produto e
      WHERE e.id IN (SELECT value::int FROM jsonb_array_elements_text(${json(erpProductIds)})) AND e.produto_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM erp_produto_contribuidor c WHERE c.erp_produto_id = e.id)
        AND NOT EXISTS (
          SELECT 1 FROM erp_produto_contribuidor c
          JOIN erp_autor a ON a.id = c.autor_id
          JOIN erp_tipo_contribuicao tc ON tc.id = c.tipo_contribuicao_id
          WHERE c.erp_produto_id = e.id AND (a.alterado_em_erp IS NULL OR tc.alterado_em_erp IS NULL))
        AND NOT EXISTS (SELECT 1 FROM produto_contribuidor pc WHERE pc.produto_id = e.produto_id)
      ORDER BY e.produto_id, e.id_erp
    ) e
    JOIN erp_produto_contribuidor c ON c.erp_produto_id = e.id
    JOIN erp_autor a ON a.id = c.autor_id
    JOIN erp_tipo_contribuicao tc ON tc.id = c.tipo_contribuicao_id
    ORDER BY e.produto_id, c.ordem
    ON CONFLICT DO NOTHING`);
}

const inIds = (column: string, ids: SQL): SQL => sql`${raw(column)} IN (SELECT value::int FROM jsonb_array_elements_text(${ids}))`;

/**
 * ERP products of the company naming rows `ids` in `ref`, whose catalogue product lacks `lacks`
 * (SQL on `produto`): one pass over the company's ERP products (`ref` has no index), each
 * catalogue row read by primary key in a subquery the planner cannot turn into a join (joined, a
 * stale estimate made it loop over the catalogue: 0.9 s for 6000 products).
 */
const productsNaming =
  (ref: string, lacks: string) =>
  (companyId: number, ids: SQL): SQL =>
    sql`SELECT e.id FROM erp_produto e
      WHERE e.empresa_id = ${companyId}::int AND ${inIds(`e.${ref}`, ids)} AND e.produto_id IS NOT NULL
        AND (SELECT ${raw(lacks)} FROM produto WHERE produto.id = e.produto_id)`;

/**
 * ERP products having a contributor that names rows `ids` in `ref` (through the contributors'
 * `autor_id` index for AUTOR), whose catalogue product has no contributors.
 */
const productsCrediting =
  (ref: string) =>
  (_companyId: number, ids: SQL): SQL =>
    sql`SELECT DISTINCT e.id FROM erp_produto_contribuidor c JOIN erp_produto e ON e.id = c.erp_produto_id
      WHERE ${inIds(`c.${ref}`, ids)} AND e.produto_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM produto_contribuidor pc WHERE pc.produto_id = e.produto_id)`;

/**
 * The registers the catalogue takes values from: which ERP products a page of them concerns (those
 * naming its rows whose catalogue product lacks what the register gives) and which fill they need.
 */
const CATALOGUE_REGISTERS: Partial<Record<ErpEntity, { products: (companyId: number, ids: SQL) => SQL; fill: (tx: Executor, erpProductIds: readonly number[]) => Promise<void> }>> = {
  SELO: { products: productsNaming('selo_id', 'produto.editora_id IS NULL'), fill: fillCatalogueColumns },
  TIPO_PRODUTO: { products: productsNaming(registerColumn('formato_produto').ref, `${currentValue('formato_produto', true)} IS NULL`), fill: fillCatalogueColumns },
  ASSUNTO: { products: productsNaming(registerColumn('categoria_bisac').ref, `${currentValue('categoria_bisac', true)} IS NULL`), fill: fillCatalogueColumns },
  AUTOR: { products: productsCrediting('autor_id'), fill: writeCatalogueContributors },
  TIPO_CONTRIBUICAO: { products: productsCrediting('tipo_contribuicao_id'), fill: writeCatalogueContributors },
};

/**
 * After a page of register records was written (`rowIds`: their surrogate ids), fills the
 * catalogue products that ERP products of the company which arrived before these records (and so
 * found placeholders) left without what the records give: publisher and imprint (SELO), product
 * form (TIPO_PRODUTO), BISAC (ASSUNTO), contributors (AUTOR, TIPO_CONTRIBUICAO), by the same fill
 * rule as `writeCatalogue` (never overwriting). One lookup when nothing is missing; other
 * entity types do nothing.
 */
async function fillCatalogueFromRegisters(tx: Executor, companyId: number, entity: ErpEntity, rowIds: readonly number[]): Promise<void> {
  const register = CATALOGUE_REGISTERS[entity];
  if (!register || rowIds.length === 0) return;
  const products = resultRows<{ id: number }>(await tx.execute(register.products(companyId, json(rowIds)))).map((r) => Number(r.id));
  await register.fill(tx, products);
}

/**
 * Applies ERP products: placeholders for imprints, product types, subjects, authors and
 * contribution types; the catalogue products of the records not older than what is stored
 * (`writeCatalogue`); the upsert, with `produto_id` = the catalogue product of the EAN; the
 * contributors of the products written (replaced), then those of their catalogue products when
 * they have none and every author and contribution type named is stored
 * (`writeCatalogueContributors`). A product with a repeated contributor `ordem` is rejected.
 */
export async function applyProductRecords(tx: Executor, companyId: number, records: readonly ErpProduct[]): Promise<RejectedRecord[]> {
  const spec = ERP_ENTITY_SPECS.PRODUTO;
  const rejected: RejectedRecord[] = [];
  const page: ErpProduct[] = [];
  for (const record of newestPerId(records)) {
    const repeated = firstRepeated(record.contribuidores, (c) => c.ordem);
    if (repeated !== undefined) rejected.push({ id: record.id, error: `A ordem ${repeated} aparece em mais de um contribuidor` });
    else page.push(record);
  }
  if (page.length === 0) return rejected;
  await ensureReferences(tx, companyId, spec, page as unknown as Record<string, unknown>[]);
  await ensurePlaceholders(tx, companyId, 'AUTOR', page.flatMap((p) => p.contribuidores.map((c) => c.idAutor)));
  await ensurePlaceholders(tx, companyId, 'TIPO_CONTRIBUICAO', page.flatMap((p) => p.contribuidores.map((c) => c.idTipoContribuicao)));
  // The catalogue first, for the records that will be written (not older than what is stored),
  // so the upsert sets produto_id by a join: an UPDATE after it would fire every foreign-key check
  // of rows inserted in the same transaction again
  const stale = new Set(
    resultRows<{ id: string }>(
      await tx.execute(sql`SELECT r.id FROM jsonb_to_recordset(${json(page.map((p) => ({ id: p.id, alterado_em: p.alteradoEm })))}) AS r(id varchar, alterado_em timestamptz)
        JOIN erp_produto e ON e.empresa_id = ${companyId}::int AND e.id_erp = r.id
        WHERE e.alterado_em_erp > r.alterado_em`),
    ).map((r) => r.id),
  );
  await writeCatalogue(
    tx,
    companyId,
    page.filter((p) => !stale.has(p.id)),
  );
  const written = await upsertMain(tx, companyId, spec, page as unknown as Record<string, unknown>[], {
    column: 'produto_id',
    join: sql` LEFT JOIN produto cat ON cat.isbn13 = r.ean`,
    value: 'cat.id',
  });
  if (written.size === 0) return rejected;
  await tx.execute(
    sql`DELETE FROM erp_produto_contribuidor WHERE erp_produto_id IN (SELECT value::int FROM jsonb_array_elements_text(${json([...written.values()])}))`,
  );
  const contributors = page.flatMap((p) => {
    const productId = written.get(p.id);
    return productId === undefined ? [] : p.contribuidores.map((c) => ({ erp_produto_id: productId, ordem: c.ordem, id_autor: c.idAutor, id_tipo: c.idTipoContribuicao }));
  });
  for (const part of chunks(contributors, CHILD_CHUNK)) {
    await tx.execute(sql`INSERT INTO erp_produto_contribuidor (erp_produto_id, ordem, autor_id, tipo_contribuicao_id)
      SELECT r.erp_produto_id, r.ordem, a.id, tc.id
      FROM jsonb_to_recordset(${json(part)}) AS r(erp_produto_id int, ordem smallint, id_autor varchar, id_tipo varchar)
      JOIN erp_autor a ON a.empresa_id = ${companyId}::int AND a.id_erp = r.id_autor
      JOIN erp_tipo_contribuicao tc ON tc.empresa_id = ${companyId}::int AND tc.id_erp = r.id_tipo`);
  }
  await writeCatalogueContributors(tx, [...written.values()]);
  return rejected;
}

/** Dispatches one page of `entity` to its writer. */
export async function applyRecords<E extends ErpEntity>(tx: Executor, companyId: number, entity: E, records: readonly ErpRecord<E>[]): Promise<RejectedRecord[]> {
  if (records.length === 0) return [];
  switch (entity) {
    case 'PRODUTO':
      return applyProductRecords(tx, companyId, records as readonly ErpProduct[]);
    case 'ESTOQUE':
      return applyStockRecords(tx, companyId, records as readonly ErpStock[]);
    case 'VENDA':
      return applySaleRecords(tx, companyId, records as readonly ErpSale[]);
    default:
      return applyRegisterRecords(tx, companyId, entity, records as unknown as readonly Record<string, unknown>[]);
  }
}
