/**
 * Bulk writer of ONIX records into the shared catalogue (`produto` and its children, `editora`,
 * `selo`). Full records are upserted by ISBN-13 with one multi-row
 * `INSERT … ON CONFLICT (isbn13) DO UPDATE … RETURNING` per batch; their contributors, subjects and
 * prices are deleted and re-inserted in bulk. ONIX 3.0 block updates and deletions are applied one
 * by one. Every function takes the caller's transaction.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { nameKey } from '../shared/name-key.ts';
import { imprints, products, publishers } from './products.schema.ts';
import type { OnixRecord } from './onix/onix-record.ts';

/** Outcome of writing one record. `missing`: a block update or deletion of a product not in the catalogue. */
export type WriteOutcome = 'created' | 'updated' | 'missing';

/** Publisher and imprint ids already resolved in this import (name key → id). */
export interface NameCache {
  publishers: Map<string, number>;
  /** Key `publisherId|imprintNameKey`. */
  imprints: Map<string, number>;
}

/** A fresh {@link NameCache}. */
export function newNameCache(): NameCache {
  return { publishers: new Map(), imprints: new Map() };
}

/** `nameKey` moved to shared/name-key.ts (the ERP sync and matching use it too); re-exported for the catalogue's importers. */
export { nameKey };

/** Child rows per INSERT statement (bounds the size of one jsonb parameter). */
const CHILD_CHUNK = 5000;

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Finds or creates the publishers and imprints of `records`; a record with an imprint but no
 * publisher uses the imprint name as publisher.
 * @returns per record (same order) `{publisherId, imprintId}` (null when the record names none)
 */
export async function resolvePublishers(
  db: Executor,
  records: OnixRecord[],
  cache: NameCache,
): Promise<{ publisherId: number | null; imprintId: number | null }[]> {
  const pubName = (r: OnixRecord) => r.publisherName ?? r.imprintName;
  const wantedPublishers = new Map<string, string>();
  for (const r of records) {
    const name = pubName(r);
    if (!name) continue;
    const key = nameKey(name);
    if (key && !cache.publishers.has(key) && !wantedPublishers.has(key)) wantedPublishers.set(key, name);
  }
  if (wantedPublishers.size > 0) {
    const keys = [...wantedPublishers.keys()];
    await db
      .insert(publishers)
      .values(keys.map((k) => ({ name: wantedPublishers.get(k) as string, nameKey: k })))
      .onConflictDoNothing({ target: publishers.nameKey });
    const rows = await db.select({ id: publishers.id, nameKey: publishers.nameKey }).from(publishers).where(inArray(publishers.nameKey, keys));
    for (const row of rows) cache.publishers.set(row.nameKey, row.id);
  }
  const publisherIdOf = (r: OnixRecord) => {
    const name = pubName(r);
    return name ? (cache.publishers.get(nameKey(name)) ?? null) : null;
  };
  const wantedImprints = new Map<string, { publisherId: number; name: string; key: string }>();
  for (const r of records) {
    const publisherId = publisherIdOf(r);
    if (!r.imprintName || publisherId === null) continue;
    const key = nameKey(r.imprintName);
    const ck = `${publisherId}|${key}`;
    if (key && !cache.imprints.has(ck) && !wantedImprints.has(ck)) wantedImprints.set(ck, { publisherId, name: r.imprintName, key });
  }
  if (wantedImprints.size > 0) {
    const list = [...wantedImprints.values()];
    await db
      .insert(imprints)
      .values(list.map((i) => ({ publisherId: i.publisherId, name: i.name, nameKey: i.key })))
      .onConflictDoNothing({ target: [imprints.publisherId, imprints.nameKey] });
    const rows = await db
      .select({ id: imprints.id, publisherId: imprints.publisherId, nameKey: imprints.nameKey })
      .from(imprints)
      .where(inArray(imprints.publisherId, [...new Set(list.map((i) => i.publisherId))]));
    for (const row of rows) cache.imprints.set(`${row.publisherId}|${row.nameKey}`, row.id);
  }
  return records.map((r) => {
    const publisherId = publisherIdOf(r);
    const imprintId = publisherId !== null && r.imprintName ? (cache.imprints.get(`${publisherId}|${nameKey(r.imprintName)}`) ?? null) : null;
    return { publisherId, imprintId };
  });
}

type ChildKind = 'contributors' | 'subjects' | 'prices';

/** Rows of a query result on either driver (node-postgres `QueryResult` or PGlite `Results`). */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Replaces the children of the given products. Rows travel as ONE jsonb parameter expanded by
 * `jsonb_to_recordset` (no per-row parameters: fast to build and far below PostgreSQL's
 * 65,535-parameter limit).
 */
async function replaceChildren(db: Executor, items: { productId: number; record: OnixRecord }[], kinds: ChildKind[]): Promise<void> {
  if (items.length === 0) return;
  const ids = JSON.stringify(items.map((i) => i.productId));
  const idList = sql`(SELECT value::int FROM jsonb_array_elements_text(${ids}::jsonb))`;
  if (kinds.includes('contributors')) {
    await db.execute(sql`DELETE FROM produto_contribuidor WHERE produto_id IN ${idList}`);
    const rows = items.flatMap(({ productId, record }) =>
      record.contributors.map((c) => ({ produto_id: productId, ordem: c.sequence, tipo_contribuicao: c.role, nome_completo: c.fullName, nome_invertido: c.invertedName })),
    );
    for (const part of chunks(rows, CHILD_CHUNK)) {
      await db.execute(sql`INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo, nome_invertido)
        SELECT produto_id, ordem, tipo_contribuicao, nome_completo, nome_invertido
        FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
          AS r(produto_id int, ordem smallint, tipo_contribuicao varchar, nome_completo varchar, nome_invertido varchar)`);
    }
  }
  if (kinds.includes('subjects')) {
    await db.execute(sql`DELETE FROM produto_assunto WHERE produto_id IN ${idList}`);
    const rows = items.flatMap(({ productId, record }) =>
      record.subjects.map((x, i) => ({ produto_id: productId, ordem: i + 1, esquema: x.scheme, codigo: x.code, descricao: x.heading, principal: x.main })),
    );
    for (const part of chunks(rows, CHILD_CHUNK)) {
      await db.execute(sql`INSERT INTO produto_assunto (produto_id, ordem, esquema, codigo, descricao, principal)
        SELECT produto_id, ordem, esquema, codigo, descricao, principal
        FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
          AS r(produto_id int, ordem smallint, esquema varchar, codigo varchar, descricao text, principal boolean)`);
    }
  }
  if (kinds.includes('prices')) {
    await db.execute(sql`DELETE FROM produto_preco WHERE produto_id IN ${idList}`);
    const rows = items.flatMap(({ productId, record }) =>
      record.prices.map((x, i) => ({ produto_id: productId, ordem: i + 1, tipo: x.priceType, moeda: x.currency, valor_centavos: x.amountCents, territorio: x.territory })),
    );
    for (const part of chunks(rows, CHILD_CHUNK)) {
      await db.execute(sql`INSERT INTO produto_preco (produto_id, ordem, tipo, moeda, valor_centavos, territorio)
        SELECT produto_id, ordem, tipo, moeda, valor_centavos, territorio
        FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
          AS r(produto_id int, ordem smallint, tipo varchar, moeda varchar, valor_centavos bigint, territorio varchar)`);
    }
  }
}

function descriptiveColumns(r: OnixRecord) {
  return {
    title: r.title ?? '',
    subtitle: r.subtitle,
    productForm: r.productForm,
    productFormDetails: r.productFormDetails,
    bisacCategory: r.bisacCategory,
    keywords: r.keywords,
    editionNumber: r.editionNumber,
    pages: r.pages,
    language: r.language,
    heightMm: r.heightMm,
    widthMm: r.widthMm,
    thicknessMm: r.thicknessMm,
    weightGrams: r.weightGrams,
  };
}

function publishingColumns(r: OnixRecord, ids: { publisherId: number | null; imprintId: number | null }) {
  return {
    publishingStatus: r.publishingStatus,
    publicationDate: r.publicationDate,
    editionYear: r.editionYear,
    publisherId: ids.publisherId,
    imprintId: ids.imprintId,
  };
}

/** Columns of `produto` a full record sets, with their SQL types for `jsonb_to_recordset`. */
const UPSERT_COLUMNS: readonly [string, string][] = [
  ['isbn13', 'varchar'],
  ['isbn10', 'varchar'],
  ['status', 'varchar'],
  ['titulo', 'varchar'],
  ['subtitulo', 'varchar'],
  ['ano_edicao', 'smallint'],
  ['numero_edicao', 'smallint'],
  ['editora_id', 'int'],
  ['selo_id', 'int'],
  ['categoria_bisac', 'varchar'],
  ['palavras_chave', 'text'],
  ['formato_produto', 'varchar'],
  ['detalhes_formato', 'text[]'],
  ['situacao', 'varchar'],
  ['sinopse', 'text'],
  ['idioma', 'varchar'],
  ['data_publicacao', 'date'],
  ['numero_paginas', 'int'],
  ['peso_gramas', 'int'],
  ['altura_mm', 'int'],
  ['largura_mm', 'int'],
  ['espessura_mm', 'int'],
  ['fonte', 'varchar'],
];
const COLUMN_LIST = sql.raw(UPSERT_COLUMNS.map(([c]) => c).join(', '));
const RECORD_TYPE = sql.raw(UPSERT_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', '));
const UPDATE_SET = sql.raw(
  UPSERT_COLUMNS.filter(([c]) => c !== 'isbn13')
    .map(([c]) => `${c} = excluded.${c}`)
    .concat('data_alteracao = now()')
    .join(', '),
);

/**
 * `produto` columns outside the ONIX set that a caller may also write (the spreadsheet import of
 * `products/import/`), with their SQL types for `jsonb_to_recordset`. Set as given (null clears).
 */
export const EXTRA_COLUMNS = {
  issn: 'varchar',
  tipo: 'varchar',
  origem: 'varchar',
  titulo_en: 'varchar',
  titulo_es: 'varchar',
  unidade_medida: 'varchar',
  grupo_produto: 'varchar',
  colecao: 'varchar',
  tiragem: 'int',
  subcategoria_bisac: 'varchar',
  categoria: 'varchar',
  assunto: 'varchar',
  faixa_etaria_id: 'int',
  publico_alvo_id: 'int',
  classificacao_indicativa_id: 'int',
  linha_produto_id: 'int',
  personagens: 'text',
  brindes: 'text',
  produtos_relacionados: 'text[]',
  estoque_minimo: 'int',
  estoque_maximo: 'int',
  encadernacao: 'varchar',
  cest: 'varchar',
  codigo_beneficio: 'varchar',
  percentual_desconto_maximo: 'numeric',
  data_situacao: 'date',
  caracteristica_fiscal: 'varchar',
  sinopse_en: 'text',
  sinopse_es: 'text',
  slug_seo: 'varchar',
  observacao: 'text',
} as const;
/** Boolean `produto` columns a caller may set; absent (undefined/null) = database default on create, kept on update. */
export const FLAG_COLUMNS = ['ind_compra', 'ind_venda', 'ind_consignacao', 'ind_estoque', 'ind_exibir_marketplace', 'ind_blacklist', 'ativo'] as const;
/** Extra values of one record: every key of {@link EXTRA_COLUMNS} (null clears) and any flags. */
export type ExtraValues = { [K in keyof typeof EXTRA_COLUMNS]: unknown } & { [K in (typeof FLAG_COLUMNS)[number]]?: boolean | null };

const EXTRA_ENTRIES = Object.entries(EXTRA_COLUMNS) as [string, string][];
const EXTRA_COLUMN_LIST = sql.raw([...UPSERT_COLUMNS, ...EXTRA_ENTRIES].map(([c]) => c).join(', '));
const EXTRA_RECORD_TYPE = sql.raw([...UPSERT_COLUMNS, ...EXTRA_ENTRIES].map(([c, t]) => `${c} ${t}`).join(', '));
/** SET of the spreadsheet upsert: every column but the key and those in `kept` (left as stored). */
function extraUpdateSet(kept: ReadonlySet<string>) {
  return sql.raw(
    [...UPSERT_COLUMNS, ...EXTRA_ENTRIES]
      .filter(([c]) => c !== 'isbn13' && !kept.has(c))
      .map(([c]) => `${c} = excluded.${c}`)
      .concat('data_alteracao = now()')
      .join(', '),
  );
}
const EXTRA_UPDATE_SET = extraUpdateSet(new Set());

/**
 * What a spreadsheet upsert leaves as stored on products that already exist: `columns` of
 * `produto` and child lists (the file had no column for them; see `keptOnUpdate` of the import).
 */
export interface KeptOnUpdate {
  columns: ReadonlySet<string>;
  children: ReadonlySet<'contributors' | 'subjects' | 'prices'>;
}
const FLAG_SET = sql.raw(FLAG_COLUMNS.map((c) => `${c} = coalesce(r.${c}, p.${c})`).join(', '));
const FLAG_RECORD_TYPE = sql.raw(['isbn13 varchar', ...FLAG_COLUMNS.map((c) => `${c} boolean`)].join(', '));

/**
 * Upserts full records (no block update, no deletion) by ISBN-13 and replaces their children:
 * one `INSERT … SELECT FROM jsonb_to_recordset(…) ON CONFLICT (isbn13) DO UPDATE … RETURNING`
 * for the batch (`xmax = 0` tells inserted rows from updated ones). The ISBN-13s of `records`
 * must be distinct (PostgreSQL refuses to update one row twice in a statement). Existing products
 * keep their id and the fields the ONIX import does not set (ERP id, flags, `ativo`, stock limits…).
 * @param source stored in `fonte` (e.g. `onix:feed.xml`)
 * @returns the outcome per record, same order
 */
export async function upsertFullRecords(
  db: Executor,
  records: OnixRecord[],
  source: string,
  cache: NameCache,
  /** Per record (same order), the {@link EXTRA_COLUMNS} and flags to write too (spreadsheet import); absent for ONIX. */
  extras?: ExtraValues[],
  /** With `extras`: what existing products keep (columns and child lists the file does not carry). */
  kept?: KeptOnUpdate,
): Promise<WriteOutcome[]> {
  if (records.length === 0) return [];
  const refs = await resolvePublishers(db, records, cache);
  const rows = records.map((r, i) => ({
    isbn13: r.isbn13,
    isbn10: r.isbn10,
    status: r.publishingStatus,
    titulo: r.title ?? '',
    subtitulo: r.subtitle,
    ano_edicao: r.editionYear,
    numero_edicao: r.editionNumber,
    editora_id: refs[i].publisherId,
    selo_id: refs[i].imprintId,
    categoria_bisac: r.bisacCategory,
    palavras_chave: r.keywords,
    formato_produto: r.productForm,
    detalhes_formato: r.productFormDetails,
    situacao: r.availability,
    sinopse: r.synopsis,
    idioma: r.language,
    data_publicacao: r.publicationDate,
    numero_paginas: r.pages,
    peso_gramas: r.weightGrams,
    altura_mm: r.heightMm,
    largura_mm: r.widthMm,
    espessura_mm: r.thicknessMm,
    fonte: source,
  }));
  const columns = extras ? EXTRA_COLUMN_LIST : COLUMN_LIST;
  const withExtras = extras
    ? rows.map((row, i) => {
        const out: Record<string, unknown> = { ...row };
        for (const [c] of EXTRA_ENTRIES) out[c] = (extras[i] as Record<string, unknown>)[c] ?? null;
        return out;
      })
    : rows;
  const result = await db.execute(sql`INSERT INTO produto (${columns})
    SELECT ${columns} FROM jsonb_to_recordset(${JSON.stringify(withExtras)}::jsonb) AS r(${extras ? EXTRA_RECORD_TYPE : RECORD_TYPE})
    ON CONFLICT (isbn13) DO UPDATE SET ${extras ? (kept ? extraUpdateSet(kept.columns) : EXTRA_UPDATE_SET) : UPDATE_SET}
    RETURNING id, isbn13, (xmax = 0) AS inserted`);
  if (extras) {
    // flags: only those given are written (absent keeps the stored value, or the default on create)
    const flags = records
      .map((r, i) => ({ isbn13: r.isbn13, ...Object.fromEntries(FLAG_COLUMNS.map((c) => [c, extras[i][c] ?? null])) }))
      .filter((f) => FLAG_COLUMNS.some((c) => (f as Record<string, unknown>)[c] !== null));
    if (flags.length > 0) {
      await db.execute(sql`UPDATE produto p SET ${FLAG_SET}
        FROM jsonb_to_recordset(${JSON.stringify(flags)}::jsonb) AS r(${FLAG_RECORD_TYPE}) WHERE p.isbn13 = r.isbn13`);
    }
  }
  const byIsbn = new Map(resultRows<{ id: number; isbn13: string; inserted: boolean }>(result).map((r) => [r.isbn13, r]));
  const items = records.map((record) => {
    const row = byIsbn.get(record.isbn13);
    if (!row) throw new Error(`upsert returned no row for ${record.isbn13}`);
    return { productId: Number(row.id), record };
  });
  // a child list the file has no column for is left alone (new products have none to keep)
  const kinds = (['contributors', 'subjects', 'prices'] as const).filter((k) => !kept?.children.has(k));
  if (kinds.length) await replaceChildren(db, items, kinds);
  return records.map((r) => (byIsbn.get(r.isbn13)?.inserted ? 'created' : 'updated'));
}

/**
 * Applies an ONIX 3.0 block update (only the blocks present are written: descriptive → title,
 * form, contributors, subjects…; collateral → synopsis; publishing → publisher, imprint, status,
 * dates; supply → availability and prices) or a deletion (NotificationType 05 → `ativo = false`).
 * @returns `updated`, or `missing` when no product has that ISBN-13 (nothing written)
 */
export async function applyPartialRecord(db: Executor, record: OnixRecord, source: string, cache: NameCache): Promise<WriteOutcome> {
  const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.isbn13, record.isbn13));
  if (!existing) return 'missing';
  const where = eq(products.id, existing.id);
  if (record.deletion) {
    await db.update(products).set({ active: false, source, updatedAt: sql`now()` }).where(where);
    return 'updated';
  }
  const blocks = record.blocks ?? [];
  const set: PgUpdateSetSource<typeof products> = { source, updatedAt: sql`now()` };
  if (blocks.includes('descriptive')) Object.assign(set, descriptiveColumns(record));
  if (blocks.includes('collateral')) set.synopsis = record.synopsis;
  if (blocks.includes('publishing')) {
    const [refs] = await resolvePublishers(db, [record], cache);
    Object.assign(set, publishingColumns(record, refs));
  }
  if (blocks.includes('supply')) set.availability = record.availability;
  await db.update(products).set(set).where(where);
  const kinds: ChildKind[] = [];
  if (blocks.includes('descriptive')) kinds.push('contributors', 'subjects');
  if (blocks.includes('supply')) kinds.push('prices');
  await replaceChildren(db, [{ productId: existing.id, record }], kinds);
  return 'updated';
}
