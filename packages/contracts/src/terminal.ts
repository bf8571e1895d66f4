import { z } from 'zod';
import { idSchema, integer, MAX_PAGE_SIZE, pagedListSchema, text } from './common.ts';

/**
 * Wire shapes of the Terminal (issue 16, parts 1 and 2; SPEC section 2 "Terminal"): the one-box
 * search `GET produto/terminal` and the detail `GET produto/terminal/{id}`. Both need
 * ROLE_VISUALIZAR_TERMINAL; stock and sales are those of the ERP data (`erp_*` tables,
 * docs/data-model.md). Ranking, typo rules and formulas: docs/terminal-search.md.
 */

/** Longest `q` accepted (characters after trimming); a longer text answers 400 on `q`. */
export const TERMINAL_QUERY_MAX = 200;

/** Query-string boolean: `true` or `false` only (anything else answers 400). */
const queryBoolean = z
  .enum(['true', 'false'], { error: 'Valor inválido: use true ou false' })
  .transform((value) => value === 'true');

/**
 * Query of `GET produto/terminal`:
 * - `q`: free text over title, subtitle, contributors, publisher, imprint, collection and barcodes
 *   (ISBN-13/EAN, ISBN-10, with or without hyphens/spaces, a prefix of 4+ digits); case-, accent-,
 *   word-order- and prefix-tolerant, 1 typo in a word of 5+ letters, 2 in a word of 9+. Absent or
 *   blank: every title passing the filters, by title.
 * - `page` (zero-based, default 0), `pageSize` (default 10, at most MAX_PAGE_SIZE; `size` alias);
 * - `idAssunto`: id of a subject of the selected company's ERP (`erp_assunto.id`);
 * - `idEditora`: id of a catalogue publisher (`editora.id`);
 * - `ean`: ISBN-13/EAN or ISBN-10 (hyphens/spaces allowed), exact;
 * - `situacao`: ONIX code list 65 availability code (e.g. `21`);
 * - `comEstoque`: `true` = only titles with available stock (> 0) in the selected company;
 * - `fraseExata`: `true` = the words of `q` in this order, consecutively (no typo, no prefix on
 *   words but the last).
 * Strict: an unknown field answers 400 naming it.
 */
export const terminalSearchQuerySchema = z.strictObject({
  q: text({ max: TERMINAL_QUERY_MAX }).optional(),
  page: integer({ min: 0, max: 1_000_000 }).default(0),
  pageSize: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  size: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  idAssunto: idSchema.optional(),
  idEditora: idSchema.optional(),
  ean: text({ max: 20 }).optional(),
  situacao: text({ max: 10 }).optional(),
  comEstoque: queryBoolean.optional(),
  fraseExata: queryBoolean.optional(),
});
export type TerminalSearchQuery = z.infer<typeof terminalSearchQuerySchema>;

/** Stock of a title in the selected company, units: `fisico` on hand, `disponivel` = físico − reservado − bloqueado. */
export const terminalItemStockSchema = z.object({ fisico: z.number().int(), disponivel: z.number().int() });

/**
 * One result of `GET produto/terminal`, best match first. `autores`: contributors' names in order;
 * `situacao` ONIX list 65 code and its text; `capaUrl` the 80 px cover path relative to the API base
 * (`produto/{id}/capa?tamanho=p&v=…`) or null; `estoque` of the selected company (zeros when it has
 * no stock record); `precoCentavos` the selected company's ERP price (BRL cents), else the
 * catalogue's BRL price, else null.
 */
export const terminalItemSchema = z.object({
  id: z.number().int(),
  isbn13: z.string(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  autores: z.array(z.string()),
  editora: z.string().nullable(),
  selo: z.string().nullable(),
  situacao: z.string().nullable(),
  descricaoSituacao: z.string().nullable(),
  capaUrl: z.string().nullable(),
  estoque: terminalItemStockSchema,
  precoCentavos: z.number().int().nullable(),
});
export type TerminalItem = z.infer<typeof terminalItemSchema>;

/** Paged answer of `GET produto/terminal` (SPEC paged shape). */
export const terminalPageSchema = pagedListSchema(terminalItemSchema);
export type TerminalPage = z.infer<typeof terminalPageSchema>;

/**
 * Stock quantities in units (ERP `erp_estoque`): `fisico` on hand, `reservado` on open sales orders,
 * `consignado` held by clients on consignment, `bloqueado` damaged or held, `pedidoCompra` on open
 * purchase orders; `virtual` = fisico − reservado + pedidoCompra; `disponivel` = fisico − reservado − bloqueado.
 */
export const terminalStockFiguresSchema = z.object({
  fisico: z.number().int(),
  reservado: z.number().int(),
  consignado: z.number().int(),
  bloqueado: z.number().int(),
  pedidoCompra: z.number().int(),
  virtual: z.number().int(),
  disponivel: z.number().int(),
});
export type TerminalStockFigures = z.infer<typeof terminalStockFiguresSchema>;

/** Stock of one company of the user (zeros when that company's ERP has no stock record of the title). */
export const terminalCompanyStockSchema = terminalStockFiguresSchema.extend({
  idEmpresa: z.number().int(),
  empresa: z.string(),
});
export type TerminalCompanyStock = z.infer<typeof terminalCompanyStockSchema>;

/** Net sales of one calendar month (America/Sao_Paulo): `mes` `YYYY-MM`, units and net value in cents, invoices minus returns. */
export const terminalMonthSalesSchema = z.object({
  mes: z.string(),
  quantidade: z.number().int(),
  valorCentavos: z.number().int(),
});

/**
 * Sales of the title in the selected company over the last `meses` months (parameter
 * `terminalMesesVendas`, the current month included): `porMes` one entry per month, oldest first,
 * months without sales at zero; `total` the sum of `porMes[].quantidade`; `ultimaVenda` the issue
 * date `YYYY-MM-DD` of the latest non-cancelled invoice of the title (any time), or null. Net of
 * returns; cancelled documents left out.
 */
export const terminalSalesSchema = z.object({
  meses: z.number().int(),
  total: z.number().int(),
  porMes: z.array(terminalMonthSalesSchema),
  ultimaVenda: z.string().nullable(),
});
export type TerminalSales = z.infer<typeof terminalSalesSchema>;

/**
 * Detail of `GET produto/terminal/{id}` (SPEC "Details"): `codigoInterno` the selected company's ERP
 * id of the title (else the catalogue's `idErp`, else null); `isbn13`, `isbn10`, `issn`;
 * `categoria` (catalogue category, else BISAC category); `assunto` (the selected company's ERP
 * subject, else the catalogue's); `numeroPaginas`; `dataPublicacao` `YYYY-MM-DD`; `anoEdicao`;
 * `pesoGramas`; `capaUrl` (cover path as in the search, the 360 px preview `tamanho=m`) or null;
 * `estoques` one row per active company of the user, by name; `estoqueRede` their sum;
 * `vendas` of the selected company; `oportunidadesAbertas` lost sales and purchase suggestions of
 * the title in the last 90 days.
 */
export const terminalDetailSchema = z.object({
  id: z.number().int(),
  codigoInterno: z.string().nullable(),
  isbn13: z.string(),
  isbn10: z.string().nullable(),
  issn: z.string().nullable(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  autores: z.array(z.string()),
  editora: z.string().nullable(),
  selo: z.string().nullable(),
  colecao: z.string().nullable(),
  categoria: z.string().nullable(),
  assunto: z.string().nullable(),
  numeroPaginas: z.number().int().nullable(),
  dataPublicacao: z.string().nullable(),
  anoEdicao: z.number().int().nullable(),
  pesoGramas: z.number().int().nullable(),
  situacao: z.string().nullable(),
  descricaoSituacao: z.string().nullable(),
  precoCentavos: z.number().int().nullable(),
  capaUrl: z.string().nullable(),
  estoques: z.array(terminalCompanyStockSchema),
  estoqueRede: terminalStockFiguresSchema,
  vendas: terminalSalesSchema,
  oportunidadesAbertas: z.number().int(),
});
export type TerminalDetail = z.infer<typeof terminalDetailSchema>;
