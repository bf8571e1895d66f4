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
import { nameKey } from '../../products/catalog-writer.ts';
import { ERP_ENTITY_SPECS, ERP_TABLES, SALE_LINE_FIELDS, type EntitySpec } from './erp-data.specs.ts';

/** A record that could not be stored, with a pt-BR reason. */
export interface RejectedRecord {
  id: string;
  error: string;
}

/** Rows per statement for child rows (sale lines, contributors): bounds one jsonb parameter. */
const CHILD_CHUNK = 5000;

/** Rows of a query result on either driver (node-postgres `QueryResult` or PGlite `Results`). */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

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

/** Applies register records (every entity type but PRODUTO, ESTOQUE and VENDA): placeholders, then the upsert. */
export async function applyRegisterRecords(tx: Executor, companyId: number, entity: ErpEntity, records: readonly Record<string, unknown>[]): Promise<RejectedRecord[]> {
  const spec = ERP_ENTITY_SPECS[entity];
  const page = newestPerId(records as readonly { id: string; alteradoEm: string }[]) as unknown as Record<string, unknown>[];
  await ensureReferences(tx, companyId, spec, page);
  await upsertMain(tx, companyId, spec, page);
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
 * written (not for an older version), their lines are deleted and inserted again.
 * A document with a repeated line number is rejected.
 */
export async function applySaleRecords(tx: Executor, companyId: number, records: readonly ErpSale[]): Promise<RejectedRecord[]> {
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

/**
 * Catalogue columns the ERP fills (`produto` column, SQL type, whether '' counts as empty). The
 * rule: the ERP never overwrites a value the catalogue has (from ONIX or an edit); it fills
 * NULL (or empty text) columns, on creation and on every later ERP update.
 */
const CATALOGUE_FILL: readonly [string, string, boolean][] = [
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
 * Writes the catalogue side of ERP products (matched by EAN = ISBN-13): creates the catalogue
 * products the catalogue lacks (title, subtitle, publisher and imprint from the product's SELO
 * when that record is known, edition year, pages, weight, language, situation, product form from
 * its TIPO_PRODUTO, BISAC from its ASSUNTO, publication date from the release date, `id_erp`,
 * `fonte` = `erp:<company ERP code>`) and fills the empty columns of those it has (never
 * overwriting). `records` are those about to be written (not older than what is stored); the ERP
 * upsert then finds `produto_id` by joining `produto` on the EAN.
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
  const fill = (column: string, emptyText: boolean) => (emptyText ? `NULLIF(produto.${column}, '')` : `produto.${column}`);
  const sets = [
    `titulo = CASE WHEN produto.titulo = '' THEN excluded.titulo ELSE produto.titulo END`,
    `editora_id = COALESCE(produto.editora_id, excluded.editora_id)`,
    `selo_id = CASE WHEN produto.editora_id IS NULL AND excluded.editora_id IS NOT NULL THEN excluded.selo_id ELSE produto.selo_id END`,
    ...CATALOGUE_FILL.map(([c, , e]) => `${c} = COALESCE(${fill(c, e)}, excluded.${c})`),
    'data_alteracao = now()',
  ].join(', ');
  const changes = [
    `(produto.titulo = '' AND excluded.titulo <> '')`,
    `(produto.editora_id IS NULL AND excluded.editora_id IS NOT NULL)`,
    ...CATALOGUE_FILL.map(([c, , e]) => `(${fill(c, e)} IS NULL AND excluded.${c} IS NOT NULL)`),
  ].join(' OR ');
  const fillColumns = CATALOGUE_FILL.filter(([c]) => c !== 'formato_produto' && c !== 'categoria_bisac');
  await tx.execute(sql`INSERT INTO produto (isbn13, titulo, editora_id, selo_id, formato_produto, categoria_bisac, fonte, ${raw(fillColumns.map(([c]) => c).join(', '))})
    SELECT r.isbn13, r.titulo, r.editora_id, r.selo_id, tp.formato_onix, s.codigo_bisac,
      'erp:' || coalesce((SELECT codigo_erp FROM empresa WHERE id = ${companyId}::int), ${String(companyId)}),
      ${raw(fillColumns.map(([c]) => `r.${c}`).join(', '))}
    FROM jsonb_to_recordset(${json(rows)}) AS r(isbn13 varchar, titulo varchar, editora_id int, selo_id int, id_tipo_produto varchar, id_assunto varchar,
      ${raw(fillColumns.map(([c, t]) => `${c} ${t}`).join(', '))})
    LEFT JOIN erp_tipo_produto tp ON tp.empresa_id = ${companyId}::int AND tp.id_erp = r.id_tipo_produto
    LEFT JOIN erp_assunto s ON s.empresa_id = ${companyId}::int AND s.id_erp = r.id_assunto
    ON CONFLICT (isbn13) DO UPDATE SET ${raw(sets)}
    WHERE ${raw(changes)}`);
}

/**
 * Gives the catalogue products of the written ERP products that have no contributors the ERP's
 * (authors whose record is stored; ONIX role of the contribution type, A01 when unknown).
 */
async function writeCatalogueContributors(tx: Executor, written: Map<string, number>): Promise<void> {
  const ids = json([...written.values()]);
  await tx.execute(sql`INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo, nome_invertido)
    SELECT e.produto_id, c.ordem, coalesce(tc.codigo_onix, 'A01'), a.nome, a.nome_invertido
    FROM erp_produto e
    JOIN erp_produto_contribuidor c ON c.erp_produto_id = e.id
    JOIN erp_autor a ON a.id = c.autor_id AND a.alterado_em_erp IS NOT NULL
    LEFT JOIN erp_tipo_contribuicao tc ON tc.id = c.tipo_contribuicao_id
    WHERE e.id IN (SELECT value::int FROM jsonb_array_elements_text(${ids})) AND e.produto_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM produto_contribuidor pc WHERE pc.produto_id = e.produto_id)
    ORDER BY e.produto_id, c.ordem
    ON CONFLICT DO NOTHING`);
}

/**
 * Applies ERP products: placeholders for imprints, product types, subjects, authors and
 * contribution types; the catalogue products of the records not older than what is stored
 * (`writeCatalogue`); the upsert, with `produto_id` = the catalogue product of the EAN; the
 * contributors of the products written (replaced), then those of their catalogue products when
 * they have none. A product with a repeated contributor `ordem` is rejected.
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
  await writeCatalogueContributors(tx, written);
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
