import { z } from 'zod';
import { MAX_INT4, MAX_PAGE_SIZE, idNomeSchema, idSchema, integer, pagedListSchema, text } from './common.ts';

/**
 * Stock report (issue 17 part 3; SPEC section 2 "Stock report"): one row per stock record of the
 * selected company's ERP products, `GET relatorio/estoque` (paged, sortable), the totals
 * `GET relatorio/estoque/totais`, the filter options `GET relatorio/estoque/opcoes`, exportable as
 * `origem` STOCK_REPORT_ORIGIN. Role ROLE_VISUALIZAR_RELATORIO_ESTOQUE. Formulas: docs/stock-report.md.
 */

/** `origem` of the stock report in the export queue. */
export const STOCK_REPORT_ORIGIN = 'relatorio/estoque';

/**
 * Stock types of the filter (SPEC: positive physical, consigned, own, available); a row passes
 * when ANY selected type is above zero:
 * FISICO_POSITIVO `fisico > 0`, CONSIGNADO `consignado > 0`, PROPRIO `fisico + consignado > 0`,
 * DISPONIVEL `fisico − reservado − bloqueado > 0`.
 */
export const STOCK_TYPES = ['FISICO_POSITIVO', 'CONSIGNADO', 'PROPRIO', 'DISPONIVEL'] as const;
export type StockType = (typeof STOCK_TYPES)[number];

/** Sortable fields of `GET relatorio/estoque` (`sorter=campo,asc|desc`). */
export const STOCK_REPORT_SORT_FIELDS = [
  'ean',
  'titulo',
  'editora',
  'assunto',
  'situacao',
  'tipoProduto',
  'precoCentavos',
  'custoCentavos',
  'fisico',
  'reservado',
  'consignado',
  'bloqueado',
  'pedidoCompra',
  'proprio',
  'disponivel',
  'valorCustoCentavos',
  'valorCapaCentavos',
] as const;
export type StockReportSortField = (typeof STOCK_REPORT_SORT_FIELDS)[number];

/** A query value that may be sent once (`?a=1`) or repeated (`?a=1&a=2`): always a list. */
function repeatable<T extends z.ZodTypeAny>(item: T, max = 200) {
  return z.preprocess((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]), z.array(item).max(max, `No máximo ${max} valores`).optional());
}

/** ONIX list 65 codes are two digits: the situations a filter may name. */
export const STOCK_SITUATION_CODES = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')) as [string, ...string[]];

/** Physical-stock bound of the "less than / greater than" filter (units). */
const stockBound = integer({ min: -MAX_INT4, max: MAX_INT4 });

/**
 * Filters of the stock report (the query of `relatorio/estoque` and `relatorio/estoque/totais`,
 * and the `filtros` of its export):
 * - `ean` barcode (digits; prefix match), `descricao` words of the title (accent- and
 *   case-insensitive, `%` and `_` literal)
 * - `idEditora` catalogue publishers, `idAssunto` categories (the ERP's ASSUNTO),
 *   `situacao` ONIX list 65 codes, `idTipoProduto` the ERP's product types (each repeatable; any of them)
 * - `fisicoMenorQue` / `fisicoMaiorQue`: `fisico < n` / `fisico > n` (units)
 * - `tiposEstoque`: STOCK_TYPES, repeatable (any of them above zero)
 */
export const stockReportFilterShape = {
  ean: text({ max: 14 })
    .regex(/^\d*$/, 'Informe apenas dígitos')
    .optional(),
  descricao: text({ max: 200 }).optional(),
  idEditora: repeatable(idSchema),
  idAssunto: repeatable(idSchema),
  situacao: repeatable(z.enum(STOCK_SITUATION_CODES, { error: 'Informe um código de situação de dois dígitos' })),
  idTipoProduto: repeatable(idSchema),
  fisicoMenorQue: stockBound.optional(),
  fisicoMaiorQue: stockBound.optional(),
  tiposEstoque: repeatable(z.enum(STOCK_TYPES, { error: `Valor inválido: use ${STOCK_TYPES.join(', ')}` })),
};

/** Filters alone (totals and export). Strict: an unknown field answers 400. */
export const stockReportFilterSchema = z.strictObject(stockReportFilterShape);
export type StockReportFilter = z.infer<typeof stockReportFilterSchema>;

/** Query of `GET relatorio/estoque`: the filters plus `page`, `pageSize`/`size`, `sorter`/`sort` (default `titulo,asc`). */
export const stockReportQuerySchema = z.strictObject({
  ...stockReportFilterShape,
  page: integer({ min: 0, max: 1_000_000 }).default(0),
  pageSize: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  size: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  sorter: text({ max: 100 }).optional(),
  sort: text({ max: 100 }).optional(),
});
export type StockReportQuery = z.infer<typeof stockReportQuerySchema>;

/**
 * One row: the ERP product (`idProduto` = erp_produto.id) and its stock in units, with
 * `proprio` = fisico + consignado, `disponivel` = fisico − reservado − bloqueado, and the values of
 * the physical stock (negative stock counts as zero) in cents: `valorCustoCentavos` = max(fisico, 0)
 * × custoCentavos (0 when the cost is unknown), `valorCapaCentavos` = max(fisico, 0) × precoCentavos.
 */
export const stockReportRowSchema = z.object({
  idProduto: z.number().int(),
  ean: z.string(),
  titulo: z.string(),
  editora: z.string().nullable(),
  assunto: z.string().nullable(),
  situacao: z.string().nullable(),
  tipoProduto: z.string().nullable(),
  precoCentavos: z.number().int(),
  custoCentavos: z.number().int().nullable(),
  fisico: z.number().int(),
  reservado: z.number().int(),
  consignado: z.number().int(),
  bloqueado: z.number().int(),
  pedidoCompra: z.number().int(),
  proprio: z.number().int(),
  disponivel: z.number().int(),
  valorCustoCentavos: z.number().int(),
  valorCapaCentavos: z.number().int(),
});
export type StockReportRow = z.infer<typeof stockReportRowSchema>;

/** Page of `GET relatorio/estoque`. */
export const stockReportPageSchema = pagedListSchema(stockReportRowSchema);
export type StockReportPage = z.infer<typeof stockReportPageSchema>;

/** Totals of the filtered rows (`GET relatorio/estoque/totais`): `produtos` rows, units per stock kind, values in cents (same formulas as the rows). */
export const stockReportTotalsSchema = z.object({
  produtos: z.number().int(),
  fisico: z.number().int(),
  reservado: z.number().int(),
  consignado: z.number().int(),
  bloqueado: z.number().int(),
  pedidoCompra: z.number().int(),
  proprio: z.number().int(),
  disponivel: z.number().int(),
  valorCustoCentavos: z.number().int(),
  valorCapaCentavos: z.number().int(),
});
export type StockReportTotals = z.infer<typeof stockReportTotalsSchema>;

/** Options of the filters (`GET relatorio/estoque/opcoes`): what the selected company's stock names. */
export const stockReportOptionsSchema = z.object({
  editoras: z.array(idNomeSchema),
  assuntos: z.array(idNomeSchema),
  tiposProduto: z.array(idNomeSchema),
  situacoes: z.array(z.object({ codigo: z.string(), nome: z.string() })),
});
export type StockReportOptions = z.infer<typeof stockReportOptionsSchema>;
