import { coverPath, type Contributor, type Price, type ProductDetail, type ProductListItem, type Subject } from '@acervo/contracts';
import { codeDescription } from './onix/codelists.ts';
import type { ProductDetailRecord, ProductListRow } from './products.repository.ts';

/** ONIX code lists the catalogue describes (EDItEUR numbering). */
const LIST = {
  contributorRole: 17,
  subjectScheme: 26,
  priceType: 58,
  publishingStatus: 64,
  availability: 65,
  language: 74,
  currency: 96,
  productForm: 150,
  productFormDetail: 175,
} as const;

/**
 * The label a user reads for an ONIX code (issue 15, defect 4): the code's `nome` in Acervo's coded
 * lookup (pt-BR, what the pickers show: 20 → Disponível, A01 → Autor, BC → Brochura), else the
 * EDItEUR code list's English description, else null.
 */
export function codeLabel(lookupName: string | null | undefined, list: number, code: string | null | undefined): string | null {
  return lookupName ?? codeDescription(list, code);
}

/**
 * Catalogue list row → `productListItemSchema`. `autores` is the contributors' names in `ordem`
 * joined with '; ' (null when none); `descricaoSituacao` the situation lookup's label of
 * `situacao` (`situationNames`, as the picker shows it), else the ONIX list 65 description.
 */
export function toProductListItem(row: ProductListRow, situationNames: ReadonlyMap<string, string> = new Map()): ProductListItem {
  return {
    id: row.id,
    idErp: row.erpId,
    isbn13: row.isbn13,
    titulo: row.title,
    subtitulo: row.subtitle,
    editora: row.publisherName,
    selo: row.imprintName,
    autores: row.contributors,
    situacao: row.availability,
    descricaoSituacao: codeLabel(row.availability === null ? null : situationNames.get(row.availability), LIST.availability, row.availability),
    anoEdicao: row.editionYear,
    formatoProduto: row.productForm,
    ativo: row.active,
    // present only for a product with an uploaded cover (optional field: rows without one are unchanged)
    ...(row.coverFile && listCoverUrl(row.id, row.coverFile) ? { capaUrl: listCoverUrl(row.id, row.coverFile) } : {}),
  };
}

function namedRef(ref: { id: number | null; name: string | null } | null): { id: number; nome: string } | null {
  return ref && ref.id !== null && ref.name !== null ? { id: ref.id, nome: ref.name } : null;
}

/**
 * Product with its children → `productDetailSchema`. Lookups become `{id, nome}` or null; the
 * situation, product form and contributor roles get their coded lookup's pt-BR label (`codeLabel`),
 * the other ONIX codes their EDItEUR descriptions (lists 17, 26, 58, 64, 65, 74, 96, 150, 175); `percentualDescontoMaximo`
 * (numeric 5,2 read as text) becomes a number; dates stay `YYYY-MM-DD`; timestamps become ISO 8601.
 */
export function toProductDetail(record: ProductDetailRecord): ProductDetail {
  const { row, contributors, subjects, prices } = record;
  const p = row.product;
  return {
    id: p.id,
    isbn13: p.isbn13,
    isbn10: p.isbn10,
    issn: p.issn,
    status: p.publishingStatus,
    descricaoStatus: codeDescription(LIST.publishingStatus, p.publishingStatus),
    indCompra: p.canPurchase,
    indVenda: p.canSell,
    indConsignacao: p.canConsign,
    indEstoque: p.tracksStock,
    tipo: p.type,
    origem: p.origin,
    titulo: p.title,
    tituloEn: p.titleEn,
    tituloEs: p.titleEs,
    subtitulo: p.subtitle,
    unidadeMedida: p.unitOfMeasure,
    grupoProduto: p.productGroup,
    colecao: p.collection,
    anoEdicao: p.editionYear,
    numeroEdicao: p.editionNumber,
    tiragem: p.printRun,
    editora: namedRef(row.publisher),
    selo: namedRef(row.imprint),
    categoriaBisac: p.bisacCategory,
    subcategoriaBisac: p.bisacSubcategory,
    categoria: p.category,
    assunto: p.subject,
    faixaEtaria: namedRef(row.ageRange),
    publicoAlvo: namedRef(row.targetAudience),
    classificacaoIndicativa: namedRef(row.contentRating),
    linhaProduto: namedRef(row.productLine),
    personagens: p.characters,
    brindes: splitIsbnList(p.gifts),
    produtosRelacionados: p.relatedIsbns,
    estoqueMinimo: p.minStock,
    estoqueMaximo: p.maxStock,
    formatoProduto: p.productForm,
    descricaoFormatoProduto: codeLabel(row.productFormName, LIST.productForm, p.productForm),
    detalhesFormato: p.productFormDetails,
    descricoesDetalhesFormato: p.productFormDetails.map((code) => codeDescription(LIST.productFormDetail, code)),
    encadernacao: p.binding,
    cest: p.cest,
    codigoBeneficio: p.benefitCode,
    percentualDescontoMaximo: p.maxDiscountPercent === null ? null : Number(p.maxDiscountPercent),
    situacao: p.availability,
    descricaoSituacao: codeLabel(row.situationName, LIST.availability, p.availability),
    dataSituacao: p.availabilityDate,
    caracteristicaFiscal: p.fiscalCharacteristic,
    sinopse: p.synopsis,
    sinopseEn: p.synopsisEn,
    sinopseEs: p.synopsisEs,
    idioma: p.language,
    descricaoIdioma: codeDescription(LIST.language, p.language),
    dataPublicacao: p.publicationDate,
    numeroPaginas: p.pages,
    pesoGramas: p.weightGrams,
    alturaMm: p.heightMm,
    larguraMm: p.widthMm,
    espessuraMm: p.thicknessMm,
    autores: contributors.map(
      (c): Contributor => ({
        ordem: c.sequence,
        tipoContribuicao: c.role,
        descricaoContribuicao: codeLabel(c.roleName, LIST.contributorRole, c.role),
        nomeCompleto: c.fullName,
        nomeInvertido: c.invertedName,
      }),
    ),
    assuntos: subjects.map(
      (s): Subject => ({
        esquema: s.scheme,
        descricaoEsquema: codeDescription(LIST.subjectScheme, s.scheme),
        codigo: s.code,
        descricao: s.heading,
        principal: s.main,
      }),
    ),
    precos: prices.map(
      (x): Price => ({
        tipo: x.priceType,
        descricaoTipo: codeDescription(LIST.priceType, x.priceType),
        moeda: x.currency,
        descricaoMoeda: codeDescription(LIST.currency, x.currency),
        valorCentavos: x.amountCents,
        territorio: x.territory,
      }),
    ),
    slugSeo: p.seoSlug,
    palavrasChave: p.keywords,
    observacao: p.note,
    idErp: p.erpId,
    arquivoCapa: p.coverFile,
    indExibirMarketplace: p.showOnMarketplace,
    indBlacklist: p.blacklisted,
    ativo: p.active,
    dataCadastro: p.createdAt.toISOString(),
    dataAlteracao: p.updatedAt.toISOString(),
  };
}

/** The `brindes` text column (ISBNs joined by commas; older rows may use `;` or spaces) as a list. */
export function splitIsbnList(value: string | null): string[] {
  return value ? value.split(/[,;\s]+/).filter((s) => s !== '') : [];
}

/**
 * `capaUrl` of a list row: the versioned 80 px thumbnail path of a cover uploaded through
 * `POST produto/{id}/capa` (`capa-<id>-<version>.webp`), else null (no cover, or an imported
 * value the cover route does not serve).
 */
export function listCoverUrl(id: number, coverFile: string | null): string | null {
  return coverFile && /^capa-\d+-[0-9a-f]{12}\.webp$/.test(coverFile) ? coverPath(id, coverFile, 'p') : null;
}
