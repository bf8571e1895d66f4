import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ageRanges, contentRatings, productLines, targetAudiences } from '../lookups/lookups.schema.ts';
import { imprints, productContributors, productPrices, products, productSubjects, publishers } from './products.schema.ts';

/** Sortable columns of the catalogue list (wire names of `PRODUCT_SORT_FIELDS`). */
export type ProductSortField = 'titulo' | 'isbn13' | 'idErp' | 'editora' | 'anoEdicao' | 'situacao' | 'id';

/**
 * Filters of the catalogue list, already normalised by the service. Every present filter is
 * ANDed. Text filters are raw user text (this module escapes LIKE wildcards and normalises accents
 * and case in SQL with `acervo_normalize`).
 * - `term`: title/subtitle contains, contributor name contains, publisher name contains, or
 *   exact ISBN when `termIsbns` is non-empty (digits of an ISBN-13 and/or ISBN-10)
 * - `isbns`: exact match on `isbn13` or `isbn10` against any of these digit strings
 */
export interface ProductListFilters {
  term?: string;
  termIsbns?: string[];
  erpId?: string;
  isbns?: string[];
  title?: string;
  publisher?: string;
  availability?: string;
  editionYear?: number;
  active?: boolean;
}

/** Page request: zero-based `page`, `size` rows, sort field and direction (id breaks ties). */
export interface ProductPageRequest {
  page: number;
  size: number;
  sortField: ProductSortField;
  direction: 'asc' | 'desc';
}

/** Columns of one catalogue list row, as read from the database. */
export interface ProductListRow {
  id: number;
  erpId: string | null;
  isbn13: string;
  title: string;
  subtitle: string | null;
  publisherName: string | null;
  imprintName: string | null;
  contributors: string | null;
  availability: string | null;
  editionYear: number | null;
  productForm: string | null;
  active: boolean;
  /** `arquivo_capa` (the list row's `capaUrl` is built from it). */
  coverFile: string | null;
}

/** One page of rows and the exact number of rows matching the filters. */
export interface ProductListResult {
  rows: ProductListRow[];
  total: number;
}

/** Escapes `\`, `%` and `_` so user text is matched literally inside a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `'%' || acervo_normalize(text) || '%'`: accent- and case-insensitive "contains" pattern. */
function containsPattern(text: string): SQL {
  return sql`'%' || acervo_normalize(${escapeLike(text)}) || '%'`;
}

/**
 * The WHERE conditions of the list (empty when no filter is set), over `produto` unaliased; also
 * used by the ONIX export (`onix/onix-export.ts`) so it selects exactly the list's rows.
 */
export function buildConditions(f: ProductListFilters): SQL[] {
  const conds: SQL[] = [];
  if (f.term) {
    const pattern = containsPattern(f.term);
    // A UNION of id sets, each answered by its own index (title trigram, contributor name trigram,
    // publisher name trigram, ISBN btree); an OR of sub-selects would scan the whole table.
    const parts: SQL[] = [
      sql`SELECT t.id FROM ${products} t WHERE t.titulo_busca LIKE ${pattern}`,
      sql`SELECT c.produto_id FROM ${productContributors} c WHERE acervo_normalize(c.nome_completo) LIKE ${pattern}`,
      sql`SELECT t.id FROM ${products} t WHERE t.editora_id IN (SELECT e.id FROM ${publishers} e WHERE acervo_normalize(e.nome) LIKE ${pattern})`,
    ];
    for (const isbn of f.termIsbns ?? []) {
      parts.push(sql`SELECT t.id FROM ${products} t WHERE t.isbn13 = ${isbn} OR t.isbn10 = ${isbn}`);
    }
    conds.push(sql`${products.id} IN (${sql.join(parts, sql` UNION `)})`);
  }
  if (f.erpId) conds.push(eq(products.erpId, f.erpId));
  if (f.isbns) {
    const alternatives = f.isbns.flatMap((isbn) => [sql`${products.isbn13} = ${isbn}`, sql`${products.isbn10} = ${isbn}`]);
    conds.push(alternatives.length ? sql`(${sql.join(alternatives, sql` OR `)})` : sql`false`);
  }
  // Compared on the generated column so the pg_trgm GIN index produto_titulo_busca_trgm is used.
  if (f.title) conds.push(sql`${products.searchTitle} LIKE ${containsPattern(f.title)}`);
  if (f.publisher) {
    conds.push(
      sql`${products.publisherId} IN (SELECT e.id FROM ${publishers} e WHERE acervo_normalize(e.nome) LIKE ${containsPattern(f.publisher)})`,
    );
  }
  if (f.availability) conds.push(eq(products.availability, f.availability));
  if (f.editionYear !== undefined) conds.push(eq(products.editionYear, f.editionYear));
  if (f.active !== undefined) conds.push(eq(products.active, f.active));
  return conds;
}

/** Sort key expression of the list (over `produto` left-joined to `editora`). */
function sortKey(field: ProductSortField): SQL {
  switch (field) {
    case 'titulo':
      return sql`${products.title}`;
    case 'isbn13':
      return sql`${products.isbn13}`;
    case 'idErp':
      return sql`${products.erpId}`;
    case 'editora':
      return sql`${publishers.name}`;
    case 'anoEdicao':
      return sql`${products.editionYear}`;
    case 'situacao':
      return sql`${products.availability}`;
    case 'id':
      return sql`${products.id}`;
  }
}

/** Above this many rows (planner statistics) the unfiltered total is estimated, not counted. */
export const ESTIMATE_ABOVE_ROWS = 100_000;

/**
 * Total of the unfiltered catalogue as `SELECT … AS total`. Exact `count(*)` unless the table
 * statistics say it holds more than ESTIMATE_ABOVE_ROWS rows; then the planner's own estimate is
 * used: `reltuples / relpages × current pages` (pg_class statistics from the last
 * VACUUM/ANALYZE/CREATE INDEX, scaled by the table's current size, as PostgreSQL's
 * `estimate_rel_size` does). Counting 500,000 rows costs 100+ ms per request; the estimate is
 * a catalogue lookup. It can drift by a few percent between ANALYZE runs (documented in
 * docs/catalog-api.md); filtered totals are always exact.
 */
function unfilteredTotal(): SQL {
  return sql`SELECT CASE
      WHEN c.relpages > 0 AND c.reltuples > ${ESTIMATE_ABOVE_ROWS}
        THEN round(c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint
      ELSE (SELECT count(*) FROM ${products})
    END AS total
    FROM pg_class c WHERE c.oid = 'produto'::regclass`;
}

/** Raw row of the page query (column aliases below): a list row plus the total; `id` is null when the page is past the end. */
type PageQueryRow = Omit<ProductListRow, 'id'> & { total: number | string; id: number | null };

/**
 * One page of the catalogue with the exact total, in one round trip (one SQL statement):
 * - with filters, CTE `m` (MATERIALIZED) holds the id and sort key of every matching row, read
 *   once through the filter's index (e.g. pg_trgm GIN for `titulo`); the total is `count(*)` of
 *   `m` and the page a top-N sort of `m`. Materialising keeps the planner from walking the sort
 *   index row by row hoping to stop early (it cannot: the count needs every match).
 * - without filters, the page walks the sort index (`produto_titulo_idx` for the default order)
 *   and stops after `size` rows; the total is `count(*)` of `produto`, or the planner's
 *   estimate above ESTIMATE_ABOVE_ROWS rows (see `unfilteredTotal`).
 * The page's rows then get publisher, imprint and contributors (`string_agg` of names in `ordem`).
 * The count sub-select is left-joined to the page so the total comes back even when the
 * page is past the end.
 * @returns rows in the asked order (sort column, then id, same direction), and the total
 */
export async function findProductPage(db: Executor, filters: ProductListFilters, req: ProductPageRequest): Promise<ProductListResult> {
  const conds = buildConditions(filters);
  const dir = req.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const key = sortKey(req.sortField);
  const limit = sql`LIMIT ${req.size} OFFSET ${req.page * req.size}`;
  const source = sql`${products} LEFT JOIN ${publishers} ON ${publishers.id} = ${products.publisherId}`;
  const head = conds.length
    ? sql`WITH m AS MATERIALIZED (SELECT ${products.id} AS id, ${key} AS k FROM ${source} WHERE ${and(...conds)}),
        pagina AS (SELECT m.id, m.k FROM m ORDER BY m.k ${dir}, m.id ${dir} ${limit}),
        contagem AS (SELECT count(*) AS total FROM m)`
    : sql`WITH pagina AS (SELECT ${products.id} AS id, ${key} AS k FROM ${source} ORDER BY ${key} ${dir}, ${products.id} ${dir} ${limit}),
        contagem AS (${unfilteredTotal()})`;
  // Publisher, imprint and contributors as scalar sub-selects over the page's rows: fewer
  // relations in the join search keeps planning short (it dominates on PGlite).
  const query = sql`${head}
    SELECT contagem.total AS "total", ${products.id} AS "id", ${products.erpId} AS "erpId", ${products.isbn13} AS "isbn13",
      ${products.title} AS "title", ${products.subtitle} AS "subtitle",
      (SELECT e.nome FROM ${publishers} e WHERE e.id = ${products.publisherId}) AS "publisherName",
      (SELECT s.nome FROM ${imprints} s WHERE s.id = ${products.imprintId}) AS "imprintName",
      (SELECT string_agg(c.nome_completo, '; ' ORDER BY c.ordem) FROM ${productContributors} c WHERE c.produto_id = ${products.id}) AS "contributors",
      ${products.availability} AS "availability", ${products.editionYear} AS "editionYear",
      ${products.productForm} AS "productForm", ${products.active} AS "active", ${products.coverFile} AS "coverFile"
    FROM contagem
    LEFT JOIN (pagina JOIN ${products} ON ${products.id} = pagina.id) ON true
    ORDER BY pagina.k ${dir}, pagina.id ${dir}`;
  const result = (await db.execute(query)) as unknown as { rows: PageQueryRow[] };
  const raw = result.rows;
  const total = raw.length ? Number(raw[0].total) : 0;
  const rows: ProductListRow[] = raw
    .filter((r): r is PageQueryRow & { id: number } => r.id !== null)
    .map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), editionYear: r.editionYear === null ? null : Number(r.editionYear) }));
  return { rows, total };
}

/** Columns of the product detail, as read from the database (lookups already joined). */
export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProductRow>>>;

async function findProductRow(db: Executor, id: number) {
  const [row] = await db
    .select({
      product: products,
      publisher: { id: publishers.id, name: publishers.name },
      imprint: { id: imprints.id, name: imprints.name },
      ageRange: { id: ageRanges.id, name: ageRanges.name },
      targetAudience: { id: targetAudiences.id, name: targetAudiences.name },
      contentRating: { id: contentRatings.id, name: contentRatings.name },
      productLine: { id: productLines.id, name: productLines.name },
    })
    .from(products)
    .leftJoin(publishers, eq(publishers.id, products.publisherId))
    .leftJoin(imprints, eq(imprints.id, products.imprintId))
    .leftJoin(ageRanges, eq(ageRanges.id, products.ageRangeId))
    .leftJoin(targetAudiences, eq(targetAudiences.id, products.targetAudienceId))
    .leftJoin(contentRatings, eq(contentRatings.id, products.contentRatingId))
    .leftJoin(productLines, eq(productLines.id, products.productLineId))
    .where(eq(products.id, id));
  return row;
}

/** A product with its lookups, contributors, subjects and prices (children in `ordem` order). */
export interface ProductDetailRecord {
  row: ProductDetailRow;
  contributors: (typeof productContributors.$inferSelect)[];
  subjects: (typeof productSubjects.$inferSelect)[];
  prices: (typeof productPrices.$inferSelect)[];
}

/**
 * Reads one product for `GET produto/{id}`: the product row joined to publisher, imprint and the
 * four simple lookups, plus its contributors, subjects and prices ordered by `ordem`.
 * @returns the record, or null when no product has this id
 */
export async function findProductDetail(db: Executor, id: number): Promise<ProductDetailRecord | null> {
  const [row, contributors, subjects, prices] = await Promise.all([
    findProductRow(db, id),
    db.select().from(productContributors).where(eq(productContributors.productId, id)).orderBy(asc(productContributors.sequence)),
    db.select().from(productSubjects).where(eq(productSubjects.productId, id)).orderBy(asc(productSubjects.sequence)),
    db.select().from(productPrices).where(eq(productPrices.productId, id)).orderBy(asc(productPrices.sequence)),
  ]);
  if (!row) return null;
  return { row, contributors, subjects, prices };
}
