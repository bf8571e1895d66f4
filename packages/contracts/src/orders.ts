import { z } from 'zod';
import { MAX_INT4, idNomeSchema, idSchema, integer, listQuerySchema, pagedListSchema, text } from './common.ts';
import { isoDaySchema } from './integration.ts';

/**
 * Sales orders (issue 19, part 2; SPEC 2 routes `/pedido/pedido-venda` and
 * `/pedido/pedido-venda/cadastrar`). Wire shapes of the order desk: the pickers over the selected
 * company's ERP registers, the order body and the list. Money is integer BRL cents; a discount is a
 * percentage with at most two decimals. Decisions and flows are in docs/sales-orders.md.
 */

/** Most lines one order may carry. */
export const ORDER_MAX_ITEMS = 500;
/** Largest quantity of one line, units (the "quantity 100,000" is refused). */
export const ORDER_MAX_QUANTITY = 99_999;
/** Longest `observacao`, characters (the ERP protocol's limit). */
export const ORDER_NOTE_MAX = 1000;
/** Longest `Idempotency-Key` header, characters. */
export const IDEMPOTENCY_KEY_MAX = 100;

/** ERP status of an order: PENDENTE (queued or being sent), ENVIADO (the ERP accepted it), ERRO (the queue gave up). */
export const ORDER_STATUSES = ['PENDENTE', 'ENVIADO', 'ERRO'] as const;
/** One ERP status of an order. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Messages the order validation answers (pt-BR; the web shows them on the field or line named). */
export const ORDER_MESSAGES = {
  empty: 'Inclua ao menos um item no pedido',
  quantity: `Informe uma quantidade entre 1 e ${ORDER_MAX_QUANTITY.toLocaleString('pt-BR')}`,
  discountBounds: 'Informe um desconto entre 0 e 100%, com até duas casas decimais',
  discountOverMax: (line: number, max: string) => `Linha ${line}: o desconto máximo deste produto é ${max}%`,
  inactiveProduct: (line: number) => `Linha ${line}: produto inativo`,
  productNotInErp: (line: number) => `Linha ${line}: o produto não está cadastrado no ERP desta empresa`,
  priceChanged: (line: number, price: string) => `Linha ${line}: o preço mudou para ${price}; confira o item e envie de novo`,
  repeatedProduct: (line: number, first: number) => `Linha ${line}: o produto já está na linha ${first}`,
  clientNotFound: 'Cliente não encontrado nesta empresa',
  clientInactive: 'Cliente inativo',
  sellerNotFound: 'Vendedor não encontrado nesta empresa',
  sellerNotSelf: 'Um vendedor só pode lançar pedidos em seu próprio nome',
  paymentFormNotFound: 'Forma de pagamento não encontrada ou inativa',
  carrierNotFound: 'Transportadora não encontrada ou inativa',
  fiscalOperationNotFound: 'Tipo de operação fiscal não encontrado, inativo ou não é de venda',
  idempotencyKey: `Chave de idempotência inválida (até ${IDEMPOTENCY_KEY_MAX} caracteres visíveis)`,
  idempotencyReused: 'Esta chave de idempotência já foi usada para um pedido diferente',
  resendNotFailed: 'Somente pedidos com erro de envio podem ser reenviados',
} as const;

/**
 * Query of `GET cliente`: the list query (page, pageSize, sorter `nome`/`documento`/`uf`/`municipio`;
 * `term` matches legal name, trade name, document digits or municipality, accent- and
 * case-insensitive). Only active clients of the selected company.
 */
export const orderClientQuerySchema = listQuerySchema.omit({ status: true });
/** Query of `GET cliente`. */
export type OrderClientQuery = z.infer<typeof orderClientQuerySchema>;
/** Sortable fields of `GET cliente`. */
export const ORDER_CLIENT_SORT_FIELDS = ['nome', 'documento', 'uf', 'municipio'] as const;

/** One ERP client of `GET cliente`: `id` is Acervo's id of the ERP client; `documento` CNPJ/CPF digits. */
export const orderClientSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  nomeFantasia: z.string().nullable(),
  documento: z.string(),
  uf: z.string(),
  municipio: z.string(),
});
/** One client of the picker. */
export type OrderClient = z.infer<typeof orderClientSchema>;
/** Page of `GET cliente`. */
export const orderClientPageSchema = pagedListSchema(orderClientSchema);

/** One option of `GET forma-pagamento`, `GET transportadora`, `GET tipo-operacao-fiscal`. */
export const orderOptionSchema = z.object({ id: z.number().int(), descricao: z.string() });
/** One register option. */
export type OrderOption = z.infer<typeof orderOptionSchema>;

/** Query of `GET pedido-venda/produto`: a barcode (EAN/ISBN-13, hyphens allowed) or words of the title. */
export const orderProductQuerySchema = z.strictObject({ term: text({ min: 1, max: 200 }) });
/** Query of `GET pedido-venda/produto`. */
export type OrderProductQuery = z.infer<typeof orderProductQuerySchema>;

/**
 * A product the order form can add: `idProduto` the catalogue id; `precoUnitarioCentavos` the
 * company's ERP price; `percentualDescontoMaximo` the catalogue's maximum discount (null = no
 * limit below 100%); `disponivel` = ERP stock `fisico − reservado` (null when the ERP sent no stock).
 */
export const orderProductSchema = z.object({
  idProduto: z.number().int(),
  isbn13: z.string(),
  titulo: z.string(),
  editora: z.string().nullable(),
  precoUnitarioCentavos: z.number().int(),
  percentualDescontoMaximo: z.number().nullable(),
  disponivel: z.number().int().nullable(),
  ativo: z.boolean(),
});
/** A product of the item search. */
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** A discount percentage 0–100 with at most two decimals. */
const discountSchema = z
  .number({ error: ORDER_MESSAGES.discountBounds })
  .min(0, ORDER_MESSAGES.discountBounds)
  .max(100, ORDER_MESSAGES.discountBounds)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, ORDER_MESSAGES.discountBounds);

/**
 * One line of `POST pedido-venda`: the catalogue product, units, the unit price the form showed
 * (cents; the server refuses it when the company's price changed since) and the discount percent.
 */
export const orderItemRequestSchema = z.strictObject({
  idProduto: idSchema,
  quantidade: integer({ min: 1, max: ORDER_MAX_QUANTITY, rangeMessage: ORDER_MESSAGES.quantity }),
  precoUnitarioCentavos: integer({ min: 0, max: MAX_INT4 }),
  descontoPercentual: discountSchema,
});
/** One order line as sent. */
export type OrderItemRequest = z.infer<typeof orderItemRequestSchema>;

/**
 * Body of `POST pedido-venda`. `idCliente` (Acervo's id of an ERP client of the selected company),
 * `idVendedor` (an Acervo user of `GET usuario/vendedor`; optional: without it the ERP takes the
 * client's own seller), `idFormaPagamento`, `idTransportadora`
 * (optional), `idTipoOperacaoFiscal` (ids of `GET forma-pagamento` …), `itens` 1–500 lines,
 * `observacao` up to 1000 characters. Errors name the field, lines as `itens.N.campo` (N from 0).
 */
export const orderCreateRequestSchema = z.strictObject({
  idCliente: idSchema,
  idVendedor: idSchema.nullable().optional(),
  idFormaPagamento: idSchema,
  idTransportadora: idSchema.nullable().optional(),
  idTipoOperacaoFiscal: idSchema,
  itens: z
    .array(orderItemRequestSchema, { error: ORDER_MESSAGES.empty })
    .min(1, ORDER_MESSAGES.empty)
    .max(ORDER_MAX_ITEMS, `Um pedido pode ter no máximo ${ORDER_MAX_ITEMS} itens`),
  observacao: text({ max: ORDER_NOTE_MAX, multiline: true }).nullable().optional(),
});
/** Body of an order submit. */
export type OrderCreateRequest = z.infer<typeof orderCreateRequestSchema>;
/** What the order form edits (before validation). */
export type OrderCreateInput = z.input<typeof orderCreateRequestSchema>;

/**
 * Query of `GET pedido-venda`: page, pageSize, sorter (`numero`, `data`, `cliente`, `vendedor`,
 * `totalCentavos`, `status`), `idCliente`, `idVendedor` (Acervo user), `dataInicio`/`dataFim`
 * (São Paulo days, inclusive), `status` (ERP status).
 */
export const orderListQuerySchema = listQuerySchema.omit({ term: true, status: true }).extend({
  idCliente: idSchema.optional(),
  idVendedor: idSchema.optional(),
  dataInicio: isoDaySchema.optional(),
  dataFim: isoDaySchema.optional(),
  status: z.enum(ORDER_STATUSES, { error: `Valor inválido: use ${ORDER_STATUSES.join(', ')}` }).optional(),
});
/** Query of `GET pedido-venda`. */
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
/** Sortable fields of `GET pedido-venda`. */
export const ORDER_SORT_FIELDS = ['numero', 'data', 'cliente', 'vendedor', 'totalCentavos', 'status'] as const;

/**
 * One order of the list: `numero` (per company, also the ERP `referencia`), `data` (ISO instant of
 * creation), client and seller, `itens` lines, `quantidade` units, `totalCentavos` (Σ line nets),
 * ERP `status`, `motivoErro` (the ERP's answer when ERRO, or the last failure while PENDENTE),
 * `numeroPedidoErp` (the ERP's order id once ENVIADO) and `numeroNota` (the invoice the ERP issued
 * for it, matched by reference; null until invoiced).
 */
export const orderListItemSchema = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  data: z.string(),
  cliente: idNomeSchema,
  vendedor: idNomeSchema.nullable(),
  itens: z.number().int(),
  quantidade: z.number().int(),
  totalCentavos: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  motivoErro: z.string().nullable(),
  numeroPedidoErp: z.string().nullable(),
  numeroNota: z.number().int().nullable(),
});
/** One order of the list. */
export type OrderListItem = z.infer<typeof orderListItemSchema>;
/** Page of `GET pedido-venda`. */
export const orderPageSchema = pagedListSchema(orderListItemSchema);

/** One stored line: as sent, plus the catalogue title and the computed discount and net (cents). */
export const orderLineSchema = z.object({
  linha: z.number().int(),
  idProduto: z.number().int(),
  isbn13: z.string(),
  titulo: z.string(),
  quantidade: z.number().int(),
  precoUnitarioCentavos: z.number().int(),
  descontoPercentual: z.number(),
  descontoCentavos: z.number().int(),
  valorLiquidoCentavos: z.number().int(),
});
/** One order line. */
export type OrderLine = z.infer<typeof orderLineSchema>;

/** `GET pedido-venda/{id}` and the answer of `POST pedido-venda`: the list row plus the registers, note and lines. */
export const orderDetailSchema = orderListItemSchema.extend({
  formaPagamento: orderOptionSchema,
  transportadora: orderOptionSchema.nullable(),
  tipoOperacaoFiscal: orderOptionSchema,
  observacao: z.string().nullable(),
  linhas: z.array(orderLineSchema),
});
/** One order in full. */
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * Net of one line in cents: gross = quantidade × precoUnitarioCentavos; discount =
 * round(gross × descontoPercentual / 100) (half away from zero on whole cents, as the ERP's lines:
 * `valorLiquidoCentavos = quantidade × precoUnitarioCentavos − descontoCentavos`).
 */
export function orderLineNet(line: { quantidade: number; precoUnitarioCentavos: number; descontoPercentual: number }): { descontoCentavos: number; valorLiquidoCentavos: number } {
  const gross = line.quantidade * line.precoUnitarioCentavos;
  // percent with two decimals → basis points, so the product stays an exact integer before rounding
  const descontoCentavos = Math.round((gross * Math.round(line.descontoPercentual * 100)) / 10_000);
  return { descontoCentavos, valorLiquidoCentavos: gross - descontoCentavos };
}
