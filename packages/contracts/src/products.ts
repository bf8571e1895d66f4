import { z } from 'zod';
import { integer, listQuerySchema, pagedListSchema, text } from './common.ts';

/**
 * Contributor of a product (ONIX `<Contributor>`): `tipoContribuicao` is an ONIX code list 17
 * contributor role (A01 author, B01 editor, B06 translator…), `descricaoContribuicao` its pt-BR or
 * English description, `ordem` the 1-based sequence number.
 */
export const contributorSchema = z.object({
  ordem: z.number().int(),
  tipoContribuicao: z.string(),
  descricaoContribuicao: z.string().nullable(),
  nomeCompleto: z.string(),
  nomeInvertido: z.string().nullable(),
});
export type Contributor = z.infer<typeof contributorSchema>;

/**
 * Subject of a product: `esquema` is an ONIX code list 26 scheme (10 = BISAC, 12 = BIC, 93 = Thema,
 * 20 = keywords…), `codigo` the code in that scheme, `principal` true for the main subject.
 */
export const subjectSchema = z.object({
  esquema: z.string(),
  descricaoEsquema: z.string().nullable(),
  codigo: z.string().nullable(),
  descricao: z.string().nullable(),
  principal: z.boolean(),
});
export type Subject = z.infer<typeof subjectSchema>;

/**
 * Price of a product: `tipo` is ONIX code list 58 (01 RRP excl. tax, 02 RRP incl. tax…) and
 * `descricaoTipo` its EDItEUR description; `moeda` ISO 4217 (ONIX list 96) and `descricaoMoeda` its
 * EDItEUR name (`Brazilian Real`); `valorCentavos` the amount in minor units (cents) of that
 * currency; `territorio` ISO 3166 codes or region text, or null. Descriptions are null for a code
 * the list does not hold.
 */
export const priceSchema = z.object({
  tipo: z.string(),
  descricaoTipo: z.string().nullable(),
  moeda: z.string(),
  descricaoMoeda: z.string().nullable(),
  valorCentavos: z.number().int(),
  territorio: z.string().nullable(),
});
export type Price = z.infer<typeof priceSchema>;

/** `{id, nome}` of a publisher or imprint. */
export const namedRefSchema = z.object({ id: z.number().int(), nome: z.string() });

/**
 * Row of the catalogue list (`GET produto`). `autores` joins the contributors' names in order;
 * `situacao` is the ONIX code list 65 product availability code, `descricaoSituacao` its text;
 * `formatoProduto` ONIX list 150 product form.
 */
export const productListItemSchema = z.object({
  id: z.number().int(),
  idErp: z.string().nullable(),
  isbn13: z.string(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  editora: z.string().nullable(),
  selo: z.string().nullable(),
  autores: z.string().nullable(),
  situacao: z.string().nullable(),
  descricaoSituacao: z.string().nullable(),
  anoEdicao: z.number().int().nullable(),
  formatoProduto: z.string().nullable(),
  ativo: z.boolean(),
  /**
   * Path of the 80 px cover thumbnail relative to the API base (`produto/{id}/capa?tamanho=p&v=…`,
   * see `coverPath`), absent when the product has no uploaded cover.
   */
  capaUrl: z.string().nullable().optional(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** Paged catalogue answer. */
export const productPageSchema = pagedListSchema(productListItemSchema);

/** Sortable fields of `GET produto`. */
export const PRODUCT_SORT_FIELDS = ['titulo', 'isbn13', 'idErp', 'editora', 'anoEdicao', 'situacao', 'id'] as const;

/**
 * Query of `GET produto`: the list query plus `idErp`, `isbn13` (ISBN-13/EAN, hyphens allowed;
 * also matches ISBN-10), `titulo` (accent- and case-insensitive, contains), `editora` (publisher
 * name contains), `situacao` (code list 65 code), `anoEdicao` (edition year).
 */
export const productListQuerySchema = listQuerySchema.extend({
  idErp: text({ max: 50 }).optional(),
  isbn13: text({ max: 20 }).optional(),
  titulo: text({ max: 200 }).optional(),
  editora: text({ max: 200 }).optional(),
  situacao: text({ max: 10 }).optional(),
  anoEdicao: integer({ min: 1000, max: 9999, rangeMessage: 'Ano inválido' }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * Full product (`GET produto/{id}`), SPEC section 3 "Product". Money is in cents (BRL unless
 * `precos[].moeda` says otherwise); dimensions in millimetres; weight in grams; dates ISO
 * `YYYY-MM-DD`.
 */
export const productDetailSchema = z.object({
  id: z.number().int(),
  isbn13: z.string(),
  isbn10: z.string().nullable(),
  issn: z.string().nullable(),
  status: z.string().nullable(),
  descricaoStatus: z.string().nullable(),
  indCompra: z.boolean(),
  indVenda: z.boolean(),
  indConsignacao: z.boolean(),
  indEstoque: z.boolean(),
  tipo: z.string().nullable(),
  origem: z.string().nullable(),
  titulo: z.string(),
  tituloEn: z.string().nullable(),
  tituloEs: z.string().nullable(),
  subtitulo: z.string().nullable(),
  unidadeMedida: z.string().nullable(),
  grupoProduto: z.string().nullable(),
  colecao: z.string().nullable(),
  anoEdicao: z.number().int().nullable(),
  numeroEdicao: z.number().int().nullable(),
  tiragem: z.number().int().nullable(),
  editora: namedRefSchema.nullable(),
  selo: namedRefSchema.nullable(),
  categoriaBisac: z.string().nullable(),
  subcategoriaBisac: z.string().nullable(),
  categoria: z.string().nullable(),
  assunto: z.string().nullable(),
  faixaEtaria: namedRefSchema.nullable(),
  publicoAlvo: namedRefSchema.nullable(),
  classificacaoIndicativa: namedRefSchema.nullable(),
  linhaProduto: namedRefSchema.nullable(),
  personagens: z.string().nullable(),
  /** Gifts: ISBN-13/EAN of catalogue products, in order (stored comma-separated). */
  brindes: z.array(z.string()),
  /** Related products: ISBN-13/EAN of catalogue products, in order. */
  produtosRelacionados: z.array(z.string()),
  estoqueMinimo: z.number().int().nullable(),
  estoqueMaximo: z.number().int().nullable(),
  formatoProduto: z.string().nullable(),
  descricaoFormatoProduto: z.string().nullable(),
  /** ONIX code list 175 product form details, e.g. `B305` (hardback); raw codes in the order received. */
  detalhesFormato: z.array(z.string()),
  /** EDItEUR description of each `detalhesFormato` code, same order and length; null for an unknown code. */
  descricoesDetalhesFormato: z.array(z.string().nullable()),
  encadernacao: z.string().nullable(),
  cest: z.string().nullable(),
  codigoBeneficio: z.string().nullable(),
  percentualDescontoMaximo: z.number().nullable(),
  situacao: z.string().nullable(),
  descricaoSituacao: z.string().nullable(),
  dataSituacao: z.string().nullable(),
  caracteristicaFiscal: z.string().nullable(),
  sinopse: z.string().nullable(),
  sinopseEn: z.string().nullable(),
  sinopseEs: z.string().nullable(),
  /** ONIX code list 74 (ISO 639-2/B) language code, e.g. `por`. */
  idioma: z.string().nullable(),
  /** EDItEUR description of `idioma` (`Portuguese`), null when unknown. */
  descricaoIdioma: z.string().nullable(),
  dataPublicacao: z.string().nullable(),
  numeroPaginas: z.number().int().nullable(),
  pesoGramas: z.number().int().nullable(),
  alturaMm: z.number().int().nullable(),
  larguraMm: z.number().int().nullable(),
  espessuraMm: z.number().int().nullable(),
  autores: z.array(contributorSchema),
  assuntos: z.array(subjectSchema),
  precos: z.array(priceSchema),
  slugSeo: z.string().nullable(),
  palavrasChave: z.string().nullable(),
  observacao: z.string().nullable(),
  idErp: z.string().nullable(),
  arquivoCapa: z.string().nullable(),
  indExibirMarketplace: z.boolean(),
  indBlacklist: z.boolean(),
  ativo: z.boolean(),
  dataCadastro: z.string(),
  dataAlteracao: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
