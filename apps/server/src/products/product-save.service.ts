import { and, eq, ne, sql } from 'drizzle-orm';
import {
  IMPRINT_PUBLISHER_MISMATCH_MESSAGE,
  REFERENCE_NOT_FOUND_MESSAGE,
  duplicateIsbnMessage,
  slugFromTitle,
  type ErpProductOut,
  type ProductDetail,
  type ProductSave,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { auditActor, recordAudit, type AuditSnapshot } from '../audit/audit.service.ts';
import { enqueueOutgoing } from '../erp/outgoing-queue.ts';
import { integrationType } from '../integration/integration.service.ts';
import { ageRanges, contentRatings, productLines, targetAudiences } from '../lookups/lookups.schema.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../shared/db-errors.ts';
import { toProductDetail } from './products.mapper.ts';
import { findProductDetail } from './products.repository.ts';
import { imprints, productContributors, productPrices, products, productSubjects, publishers } from './products.schema.ts';

/** Row values of `produto` a save writes (every editable column). */
type ProductValues = Partial<typeof products.$inferInsert>;

/**
 * The `produto` columns of a parsed body. Optional fields absent or null become null (PUT replaces
 * them); booleans absent are left out (create: column defaults; update: stored value kept).
 * `slugSeo` absent → `slugFromTitle(titulo)` (null when the title has no letter or digit).
 */
export function toProductValues(body: ProductSave): ProductValues {
  const flags: ProductValues = {};
  if (body.indCompra !== undefined) flags.canPurchase = body.indCompra;
  if (body.indVenda !== undefined) flags.canSell = body.indVenda;
  if (body.indConsignacao !== undefined) flags.canConsign = body.indConsignacao;
  if (body.indEstoque !== undefined) flags.tracksStock = body.indEstoque;
  if (body.indExibirMarketplace !== undefined) flags.showOnMarketplace = body.indExibirMarketplace;
  if (body.indBlacklist !== undefined) flags.blacklisted = body.indBlacklist;
  if (body.ativo !== undefined) flags.active = body.ativo;
  const n = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);
  return {
    ...flags,
    isbn13: body.isbn13,
    isbn10: n(body.isbn10),
    issn: n(body.issn),
    publishingStatus: n(body.status),
    type: n(body.tipo),
    origin: n(body.origem),
    title: body.titulo,
    titleEn: n(body.tituloEn),
    titleEs: n(body.tituloEs),
    subtitle: n(body.subtitulo),
    unitOfMeasure: n(body.unidadeMedida),
    productGroup: n(body.grupoProduto),
    collection: n(body.colecao),
    editionYear: n(body.anoEdicao),
    editionNumber: n(body.numeroEdicao),
    printRun: n(body.tiragem),
    publisherId: n(body.idEditora),
    imprintId: n(body.idSelo),
    bisacCategory: n(body.categoriaBisac),
    bisacSubcategory: n(body.subcategoriaBisac),
    category: n(body.categoria),
    subject: n(body.assunto),
    ageRangeId: n(body.idFaixaEtaria),
    targetAudienceId: n(body.idPublicoAlvo),
    contentRatingId: n(body.idClassificacaoIndicativa),
    productLineId: n(body.idLinhaProduto),
    characters: n(body.personagens),
    gifts: body.brindes.length ? body.brindes.join(',') : null,
    relatedIsbns: body.produtosRelacionados,
    minStock: n(body.estoqueMinimo),
    maxStock: n(body.estoqueMaximo),
    productForm: n(body.formatoProduto),
    productFormDetails: body.detalhesFormato,
    binding: n(body.encadernacao),
    cest: n(body.cest),
    benefitCode: n(body.codigoBeneficio),
    maxDiscountPercent: body.percentualDescontoMaximo == null ? null : body.percentualDescontoMaximo.toFixed(2),
    availability: n(body.situacao),
    availabilityDate: n(body.dataSituacao),
    fiscalCharacteristic: n(body.caracteristicaFiscal),
    synopsis: n(body.sinopse),
    synopsisEn: n(body.sinopseEn),
    synopsisEs: n(body.sinopseEs),
    language: n(body.idioma),
    publicationDate: n(body.dataPublicacao),
    pages: n(body.numeroPaginas),
    weightGrams: n(body.pesoGramas),
    heightMm: n(body.alturaMm),
    widthMm: n(body.larguraMm),
    thicknessMm: n(body.espessuraMm),
    seoSlug: body.slugSeo ?? (slugFromTitle(body.titulo) || null),
    keywords: n(body.palavrasChave),
    note: n(body.observacao),
    /** `fonte`: where the row last came from (ONIX imports write `onix:<file>`). */
    source: 'formulario',
  };
}

/**
 * The audited view of a product: its detail without the volatile and derived fields (wire names;
 * references as ids, contributors, subjects and prices as text). The form save and the import
 * record the same view, so their history entries list the same fields.
 */
export function productAuditSnapshot(detail: ProductDetail): AuditSnapshot {
  const { dataAlteracao: _a, dataCadastro: _c, descricaoStatus: _s, descricaoSituacao: _d, descricaoFormatoProduto: _f, descricoesDetalhesFormato: _g, descricaoIdioma: _i, ...rest } = detail;
  return {
    ...rest,
    editora: detail.editora?.id ?? null,
    selo: detail.selo?.id ?? null,
    faixaEtaria: detail.faixaEtaria?.id ?? null,
    publicoAlvo: detail.publicoAlvo?.id ?? null,
    classificacaoIndicativa: detail.classificacaoIndicativa?.id ?? null,
    linhaProduto: detail.linhaProduto?.id ?? null,
    autores: detail.autores.map((a) => `${a.tipoContribuicao} ${a.nomeCompleto}`),
    assuntos: detail.assuntos.map((a) => `${a.esquema} ${a.codigo ?? ''} ${a.descricao ?? ''}`.trim()),
    precos: detail.precos.map((p) => `${p.tipo} ${p.moeda} ${p.valorCentavos}`),
  };
}

/** 409 (field `isbn13`) naming the product that already has the ISBN. */
function duplicateIsbn(existing: { id: number; title: string }): DomainError {
  const message = duplicateIsbnMessage(existing.title, existing.id);
  return new DomainError('CONFLICT', message, [{ field: 'isbn13', message }]);
}

/** The product other than `exceptId` holding `isbn13`, if any. */
async function productWithIsbn(db: Executor, isbn13: string, exceptId?: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(exceptId === undefined ? eq(products.isbn13, isbn13) : and(eq(products.isbn13, isbn13), ne(products.id, exceptId)))
    .limit(1);
  return row;
}

/**
 * Checks every reference of the body: each id must exist (400 naming the field with
 * REFERENCE_NOT_FOUND_MESSAGE); a lookup (faixa etária…) that is inactive is refused unless the
 * product already had it (`current`); the imprint must belong to `idEditora`.
 * @throws DomainError VALIDATION naming every field at fault
 */
async function checkReferences(db: Executor, body: ProductSave, current?: ProductValues): Promise<void> {
  const errors: { field: string; message: string }[] = [];
  if (body.idEditora != null) {
    const [row] = await db.select({ id: publishers.id }).from(publishers).where(eq(publishers.id, body.idEditora));
    if (!row) errors.push({ field: 'idEditora', message: REFERENCE_NOT_FOUND_MESSAGE });
  }
  if (body.idSelo != null) {
    const [row] = await db.select({ publisherId: imprints.publisherId }).from(imprints).where(eq(imprints.id, body.idSelo));
    if (!row) errors.push({ field: 'idSelo', message: REFERENCE_NOT_FOUND_MESSAGE });
    else if (row.publisherId !== body.idEditora && !errors.some((e) => e.field === 'idEditora')) errors.push({ field: 'idSelo', message: IMPRINT_PUBLISHER_MISMATCH_MESSAGE });
  }
  const lookups = [
    ['idFaixaEtaria', ageRanges, body.idFaixaEtaria, current?.ageRangeId],
    ['idPublicoAlvo', targetAudiences, body.idPublicoAlvo, current?.targetAudienceId],
    ['idClassificacaoIndicativa', contentRatings, body.idClassificacaoIndicativa, current?.contentRatingId],
    ['idLinhaProduto', productLines, body.idLinhaProduto, current?.productLineId],
  ] as const;
  for (const [field, table, id, stored] of lookups) {
    if (id == null) continue;
    const [row] = await db.select({ active: table.active }).from(table).where(eq(table.id, id));
    if (!row) errors.push({ field, message: REFERENCE_NOT_FOUND_MESSAGE });
    else if (!row.active && stored !== id) errors.push({ field, message: 'Registro inativo' });
  }
  if (errors.length) throw new DomainError('VALIDATION', errors[0].message, errors);
}

/** Replaces the contributors, subjects and prices of a product (order = array order, from 1). */
async function writeChildren(tx: Executor, productId: number, body: ProductSave): Promise<void> {
  await tx.delete(productContributors).where(eq(productContributors.productId, productId));
  await tx.delete(productSubjects).where(eq(productSubjects.productId, productId));
  await tx.delete(productPrices).where(eq(productPrices.productId, productId));
  if (body.autores.length) {
    await tx.insert(productContributors).values(
      body.autores.map((a, i) => ({ productId, sequence: i + 1, role: a.tipoContribuicao, fullName: a.nomeCompleto, invertedName: a.nomeInvertido ?? null })),
    );
  }
  if (body.assuntos.length) {
    await tx.insert(productSubjects).values(
      body.assuntos.map((s, i) => ({ productId, sequence: i + 1, scheme: s.esquema, code: s.codigo ?? null, heading: s.descricao ?? null, main: s.principal })),
    );
  }
  if (body.precos.length) {
    await tx.insert(productPrices).values(
      body.precos.map((p, i) => ({ productId, sequence: i + 1, priceType: p.tipo, currency: p.moeda, amountCents: p.valorCentavos, territory: p.territorio ?? null })),
    );
  }
}

/**
 * What `toErpProduct` reads of a product: a `ProductDetail` has it; the product import builds it
 * for a whole batch with one query (`import.service.ts`).
 */
export type ErpProductSource = Pick<ProductDetail, 'idErp' | 'isbn13' | 'titulo' | 'subtitulo' | 'anoEdicao' | 'numeroPaginas' | 'situacao'> & {
  editora: { nome: string } | null;
  selo: { nome: string } | null;
  /** Prices: ONIX price type (list 58), ISO currency, amount in cents. */
  precos: readonly { tipo: string; moeda: string; valorCentavos: number }[];
};

/**
 * The ERP body of a product (`ErpProductOut`): EAN = isbn13, the BRL price with tax (ONIX type 02,
 * else the first BRL price) in cents, pages and availability.
 */
export function toErpProduct(detail: ErpProductSource): ErpProductOut {
  const brl = detail.precos.filter((p) => p.moeda === 'BRL');
  const price = brl.find((p) => p.tipo === '02') ?? brl[0];
  return {
    idErp: detail.idErp,
    ean: detail.isbn13,
    titulo: detail.titulo,
    subtitulo: detail.subtitulo,
    editora: detail.editora?.nome ?? null,
    selo: detail.selo?.nome ?? null,
    precoCentavos: price ? price.valorCentavos : null,
    anoEdicao: detail.anoEdicao,
    paginas: detail.numeroPaginas,
    situacao: detail.situacao,
  };
}

/**
 * Puts the saved product in the ERP outgoing queue, in the caller's transaction, when the ERP
 * integration is on (`ERP_TIPO_INTEGRACAO` other than NENHUMA) and the session has a company
 * (the queue sends per company: the one the user works for).
 * @returns the queue item id, or null when nothing was queued
 */
export async function enqueueProductForErp(tx: Executor, auth: AuthContext, detail: ProductDetail): Promise<number | null> {
  if (auth.companyId === null) return null;
  if ((await integrationType(tx)) === 'NENHUMA') return null;
  return enqueueOutgoing(tx, auth.companyId, { tipo: 'PRODUTO', referencia: detail.isbn13, descricao: detail.titulo, conteudo: toErpProduct(detail) });
}

/** Reads the saved detail inside the transaction (it exists: the caller just wrote it). */
async function readDetail(tx: Executor, id: number): Promise<ProductDetail> {
  const record = await findProductDetail(tx, id);
  if (!record) throw notFound();
  return toProductDetail(record);
}

/** Maps a unique violation on `isbn13` raced past the check to the named 409. */
async function mapDuplicate<T>(db: Db, isbn13: string, work: Promise<T>, exceptId?: number): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      const existing = await productWithIsbn(db, isbn13, exceptId);
      if (existing) throw duplicateIsbn(existing);
    }
    throw error;
  }
}

/**
 * `POST produto`: creates a product with its contributors, subjects and prices, records CRIACAO
 * in the audit trail and, when the ERP integration is on, queues it for the ERP — all in one
 * transaction.
 * @returns the saved detail (answered 201)
 * @throws DomainError CONFLICT (409, field `isbn13`) naming the product that has the ISBN
 * @throws DomainError VALIDATION (400) naming a reference field that does not exist
 */
export async function createProduct(db: Db, auth: AuthContext, body: ProductSave): Promise<ProductDetail> {
  return mapDuplicate(
    db,
    body.isbn13,
    db.transaction(async (tx) => {
      const existing = await productWithIsbn(tx, body.isbn13);
      if (existing) throw duplicateIsbn(existing);
      await checkReferences(tx, body);
      const [row] = await tx.insert(products).values(toProductValues(body) as typeof products.$inferInsert).returning({ id: products.id });
      await writeChildren(tx, row.id, body);
      const detail = await readDetail(tx, row.id);
      await recordAudit(tx, { actor: auditActor(auth), entity: 'produto', recordId: row.id, action: 'CRIACAO', after: productAuditSnapshot(detail) });
      await enqueueProductForErp(tx, auth, detail);
      return detail;
    }),
  );
}

/**
 * `PUT produto/{id}`: replaces the product's editable fields and its contributors, subjects and
 * prices (see `productSaveSchema` for what an absent field means), records ALTERACAO with the
 * changed fields and queues the product for the ERP when the integration is on — in one
 * transaction (the row is locked first).
 * @throws DomainError NOT_FOUND (404), CONFLICT (409 `isbn13`), VALIDATION (400 reference field)
 */
export async function updateProduct(db: Db, auth: AuthContext, id: number, body: ProductSave): Promise<ProductDetail> {
  return mapDuplicate(
    db,
    body.isbn13,
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!locked) throw notFound();
      const existing = await productWithIsbn(tx, body.isbn13, id);
      if (existing) throw duplicateIsbn(existing);
      await checkReferences(tx, body, locked);
      const before = await readDetail(tx, id);
      await tx.update(products).set({ ...toProductValues(body), updatedAt: sql`now()` }).where(eq(products.id, id));
      await writeChildren(tx, id, body);
      const after = await readDetail(tx, id);
      await recordAudit(tx, { actor: auditActor(auth), entity: 'produto', recordId: id, action: 'ALTERACAO', before: productAuditSnapshot(before), after: productAuditSnapshot(after) });
      await enqueueProductForErp(tx, auth, after);
      return after;
    }),
    id,
  );
}

/**
 * `PUT produto/inativa/{id}`: toggles `ativo` and records ATIVACAO or INATIVACAO, in one
 * transaction. (Not sent to the ERP: the protocol's product body has no active flag.)
 * @returns the new state `{id, ativo}`
 * @throws DomainError NOT_FOUND (404)
 */
export async function toggleProductActive(db: Db, auth: AuthContext, id: number): Promise<{ id: number; ativo: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ active: products.active }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound();
    const ativo = !row.active;
    await tx.update(products).set({ active: ativo, updatedAt: sql`now()` }).where(eq(products.id, id));
    await recordAudit(tx, { actor: auditActor(auth), entity: 'produto', recordId: id, action: ativo ? 'ATIVACAO' : 'INATIVACAO', before: { ativo: row.active }, after: { ativo } });
    return { id, ativo };
  });
}

