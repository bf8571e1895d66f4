import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_MAX,
  ORDER_CLIENT_SORT_FIELDS,
  ORDER_MESSAGES,
  ORDER_SORT_FIELDS,
  REQUIRED,
  hasRole,
  orderLineNet,
  type FieldMessage,
  type OrderClient,
  type OrderClientQuery,
  type OrderCreateRequest,
  type OrderDetail,
  type OrderListItem,
  type OrderListQuery,
  type OrderOption,
  type OrderProduct,
  type PagedList,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import { erpCarriers, erpClients, erpFiscalOperations, erpPaymentForms } from '../erp/data/erp-data.schema.ts';
import { enqueueOutgoing } from '../erp/outgoing-queue.ts';
import { findSyncTasks } from '../integration/integration.repository.ts';
import { retryOutgoing } from '../integration/integration.service.ts';
import { listSellers } from '../users/users.repository.ts';
import { DomainError, fieldError, notFound } from '../shared/errors.ts';
import { pageRequest, pagedResult, termPattern } from '../shared/paging.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import type { AppContext } from '../shared/context.ts';
import { salesOrderLines, salesOrders } from './orders.schema.ts';
import {
  SALE_NATURE,
  clientConditions,
  countOrders,
  findActiveRegister,
  findByIdempotencyKey,
  findClient,
  findErpSellerOfUser,
  findLineProducts,
  isSellerUser,
  lockCompanyOrders,
  nextOrderNumber,
  orderColumns,
  orderConditions,
  selectCarriers,
  selectClients,
  selectOrderLines,
  selectOrderProducts,
  selectOrderRows,
  selectOrderTerms,
  selectPaymentForms,
  selectSaleFiscalOperations,
  type OrderFilters,
} from './orders.repository.ts';

/** Task kind of the outgoing queue's sender (erp/erp-task-kinds.ts): a submitted order asks for a run at once. */
const SEND_QUEUE_TASK = 'ENVIAR_FILA_ERP';
/** Most products `GET pedido-venda/produto` answers. */
const PRODUCT_SEARCH_LIMIT = 20;
/** Text of an `Idempotency-Key`: visible ASCII, 1–100 characters. */
const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The selected company of an authenticated caller (routes run `requireCompany` first). */
function companyOf(auth: AuthContext): number {
  if (!auth.companyId) throw new DomainError('FORBIDDEN', 'Selecione uma empresa');
  return auth.companyId;
}

/** Integer cents as pt-BR money, `R$ 1.234,56`. */
function brl(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

// ---------------------------------------------------------------- pickers

/**
 * `GET cliente`: paged active ERP clients of the selected company, `term` over legal and trade
 * name, municipality and document digits (see `clientConditions`); sorted by `nome` by default.
 * @throws DomainError VALIDATION on `sorter` for a field that cannot be sorted on
 */
export async function searchClients(db: Db, auth: AuthContext, query: OrderClientQuery): Promise<PagedList<OrderClient>> {
  const companyId = companyOf(auth);
  const request = pageRequest<(typeof ORDER_CLIENT_SORT_FIELDS)[number]>(query, {
    sortable: {
      nome: erpClients.legalName,
      documento: erpClients.document,
      uf: erpClients.uf,
      municipio: erpClients.city,
    },
    defaultSort: { field: 'nome', direction: 'asc' },
    tieBreaker: erpClients.id,
  });
  const digits = (query.term ?? '').replace(/\D/g, '');
  const where = clientConditions(companyId, termPattern(query.term), digits.length >= 3 ? digits : '');
  return pagedResult(request, selectClients(db, where, request.orderBy, request.size, request.offset), db.$count(erpClients, where));
}

/** `GET forma-pagamento`: active payment forms of the selected company's ERP. */
export function paymentForms(db: Db, auth: AuthContext): Promise<OrderOption[]> {
  return selectPaymentForms(db, companyOf(auth));
}

/** `GET transportadora`: active carriers of the selected company's ERP. */
export function carriers(db: Db, auth: AuthContext): Promise<OrderOption[]> {
  return selectCarriers(db, companyOf(auth));
}

/** `GET tipo-operacao-fiscal`: active sale operations (nature VENDA) of the selected company's ERP, `CFOP — descrição`. */
export function fiscalOperations(db: Db, auth: AuthContext): Promise<OrderOption[]> {
  return selectSaleFiscalOperations(db, companyOf(auth));
}

/**
 * `GET pedido-venda/produto?term=`: the item entry's search. A term of 13 digits (hyphens and
 * spaces ignored) is a barcode scan (exact EAN); anything else is words of the title (each must
 * be contained, up to 8 words). At most 20 products of the company's ERP, active first.
 */
export function searchOrderProducts(db: Db, auth: AuthContext, term: string): Promise<OrderProduct[]> {
  const compact = term.replace(/[\s-]/g, '');
  if (/^\d{13}$/.test(compact)) return selectOrderProducts(db, companyOf(auth), { ean: compact, words: [] }, PRODUCT_SEARCH_LIMIT);
  const words = term
    .split(/\s+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 8);
  return selectOrderProducts(db, companyOf(auth), { ean: null, words }, PRODUCT_SEARCH_LIMIT);
}

// ---------------------------------------------------------------- scope

/**
 * The orders the caller may see in the selected company: all of them, unless the caller is a
 * seller (`ind_vendedor`) without ROLE_VISUALIZAR_PEDIDOS_TODOS, who sees the orders where they
 * are the seller.
 * @returns the seller user id to restrict to, or undefined for every order
 */
async function sellerScope(db: Executor, auth: AuthContext): Promise<number | undefined> {
  if (hasRole(auth.roles, REQUIRED.pedidosTodos)) return undefined;
  return (await isSellerUser(db, auth.userId)) ? auth.userId : undefined;
}

// ---------------------------------------------------------------- submit

/** What a valid order resolves to: the ERP ids to send and the rows to store. */
interface ValidOrder {
  client: { id: number; erpId: string; name: string };
  sellerUserId: number | null;
  erpSeller: { id: number; erpId: string } | null;
  paymentForm: { id: number; erpId: string };
  carrier: { id: number; erpId: string } | null;
  fiscalOperation: { id: number; erpId: string };
  lines: { productId: number; erpProductId: number; erpId: string; quantity: number; unitPriceCents: number; discountPercent: number; discountCents: number; netCents: number }[];
}

/**
 * Checks an order against the selected company's data, collecting every problem: client (of the
 * company, stored, active), seller (a seller user of the company; a seller without
 * ROLE_VISUALIZAR_PEDIDOS_TODOS may only name themself), payment form, carrier and fiscal
 * operation (active rows of the company; the operation of nature VENDA), and each line (product
 * in the company's ERP, active in the catalogue and the ERP, not repeated, unit price equal to
 * the ERP's current price, discount at most the product's maximum). Fields are named as the body
 * (`idCliente`, `itens.N.descontoPercentual` with N from 0); messages name the line from 1.
 * @throws DomainError VALIDATION (400) with one entry per problem
 */
async function validateOrder(db: Executor, auth: AuthContext, companyId: number, body: OrderCreateRequest): Promise<ValidOrder> {
  const problems: FieldMessage[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });

  const client = await findClient(db, companyId, body.idCliente);
  if (!client) add('idCliente', ORDER_MESSAGES.clientNotFound);
  else if (!client.active) add('idCliente', ORDER_MESSAGES.clientInactive);

  let erpSeller: ValidOrder['erpSeller'] = null;
  const sellerUserId = body.idVendedor ?? null;
  if (sellerUserId !== null) {
    const sellers = await listSellers(db, companyId);
    if (!sellers.some((s) => s.id === sellerUserId)) add('idVendedor', ORDER_MESSAGES.sellerNotFound);
    else if (sellerUserId !== auth.userId && (await sellerScope(db, auth)) !== undefined) add('idVendedor', ORDER_MESSAGES.sellerNotSelf);
    else erpSeller = await findErpSellerOfUser(db, companyId, sellerUserId);
  } else if ((await sellerScope(db, auth)) !== undefined) add('idVendedor', ORDER_MESSAGES.sellerNotSelf);

  const paymentForm = await findActiveRegister(db, erpPaymentForms, companyId, body.idFormaPagamento);
  if (!paymentForm) add('idFormaPagamento', ORDER_MESSAGES.paymentFormNotFound);
  const carrier = body.idTransportadora == null ? null : await findActiveRegister(db, erpCarriers, companyId, body.idTransportadora);
  if (body.idTransportadora != null && !carrier) add('idTransportadora', ORDER_MESSAGES.carrierNotFound);
  const fiscalOperation = await findActiveRegister(db, erpFiscalOperations, companyId, body.idTipoOperacaoFiscal, SALE_NATURE);
  if (!fiscalOperation) add('idTipoOperacaoFiscal', ORDER_MESSAGES.fiscalOperationNotFound);

  const products = await findLineProducts(db, companyId, [...new Set(body.itens.map((i) => i.idProduto))]);
  const firstLine = new Map<number, number>();
  const lines: ValidOrder['lines'] = [];
  body.itens.forEach((item, index) => {
    const line = index + 1;
    const at = (field: string) => `itens.${index}.${field}`;
    const seen = firstLine.get(item.idProduto);
    if (seen !== undefined) return add(at('idProduto'), ORDER_MESSAGES.repeatedProduct(line, seen));
    firstLine.set(item.idProduto, line);
    const product = products.get(item.idProduto);
    if (!product || product.erpProductId === null || product.erpId === null || product.priceCents === null) return add(at('idProduto'), ORDER_MESSAGES.productNotInErp(line));
    if (!product.catalogueActive || !product.erpActive) return add(at('idProduto'), ORDER_MESSAGES.inactiveProduct(line));
    if (product.priceCents !== item.precoUnitarioCentavos) add(at('precoUnitarioCentavos'), ORDER_MESSAGES.priceChanged(line, brl(product.priceCents)));
    if (product.maxDiscount !== null && item.descontoPercentual > product.maxDiscount)
      add(at('descontoPercentual'), ORDER_MESSAGES.discountOverMax(line, product.maxDiscount.toLocaleString('pt-BR', { maximumFractionDigits: 2 })));
    const net = orderLineNet(item);
    lines.push({
      productId: product.productId,
      erpProductId: product.erpProductId,
      erpId: product.erpId,
      quantity: item.quantidade,
      unitPriceCents: item.precoUnitarioCentavos,
      discountPercent: item.descontoPercentual,
      discountCents: net.descontoCentavos,
      netCents: net.valorLiquidoCentavos,
    });
  });

  if (problems.length) throw new DomainError('VALIDATION', problems[0].message, problems);
  return {
    client: client!,
    sellerUserId,
    erpSeller,
    paymentForm: { id: body.idFormaPagamento, erpId: paymentForm! },
    carrier: carrier ? { id: body.idTransportadora!, erpId: carrier } : null,
    fiscalOperation: { id: body.idTipoOperacaoFiscal, erpId: fiscalOperation! },
    lines,
  };
}

/** SHA-256 (hex) of a body, for the idempotency check. */
function bodyHash(body: OrderCreateRequest): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * Checks an `Idempotency-Key` header value.
 * @returns the key, or undefined when the header is absent
 * @throws DomainError VALIDATION on field `Idempotency-Key` when blank, over 100 characters or not visible ASCII
 */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) throw fieldError('Idempotency-Key', ORDER_MESSAGES.idempotencyKey);
  return value;
}

/**
 * `POST pedido-venda`: validates the order (`validateOrder`) and, in one transaction, stores it
 * (next number of the company, its lines, `quantidade` and `total_centavos` = Σ line nets) and
 * puts it in the ERP outgoing queue (`enqueueOutgoing`, PEDIDO, tipo VENDA, `referencia` = the
 * number, each line's discount in cents); then asks the queue's sender task to run now (best
 * effort: its minute schedule sends the order anyway). With an `Idempotency-Key` the company's
 * orders are serialised and a key this user already used answers that order instead of a new one.
 * @returns `created` false when the key named an existing order; the order as `GET pedido-venda/{id}`
 * @throws DomainError VALIDATION (400) naming each field and line at fault; CONFLICT (409) when the
 *   key was used for a different body
 */
export async function createOrder(ctx: Pick<AppContext, 'db' | 'requestTaskRun'>, auth: AuthContext, body: OrderCreateRequest, idempotencyKey?: string): Promise<{ created: boolean; order: OrderDetail }> {
  const companyId = companyOf(auth);
  const hash = bodyHash(body);
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockCompanyOrders(tx, companyId);
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(tx, companyId, auth.userId, idempotencyKey);
      if (existing) {
        if (existing.requestHash !== hash) throw new DomainError('CONFLICT', ORDER_MESSAGES.idempotencyReused, [{ field: 'Idempotency-Key', message: ORDER_MESSAGES.idempotencyReused }]);
        return { created: false, id: existing.id };
      }
    }
    const valid = await validateOrder(tx, auth, companyId, body);
    const numero = await nextOrderNumber(tx, companyId);
    const [order] = await tx
      .insert(salesOrders)
      .values({
        companyId,
        number: numero,
        userId: auth.userId,
        sellerUserId: valid.sellerUserId,
        erpSellerId: valid.erpSeller?.id ?? null,
        clientId: valid.client.id,
        paymentFormId: valid.paymentForm.id,
        carrierId: valid.carrier?.id ?? null,
        fiscalOperationId: valid.fiscalOperation.id,
        note: body.observacao || null,
        quantity: valid.lines.reduce((s, l) => s + l.quantity, 0),
        totalCents: valid.lines.reduce((s, l) => s + l.netCents, 0),
        idempotencyKey: idempotencyKey ?? null,
        requestHash: idempotencyKey ? hash : null,
      })
      .returning({ id: salesOrders.id });
    await tx.insert(salesOrderLines).values(
      valid.lines.map((l, i) => ({
        orderId: order.id,
        line: i + 1,
        productId: l.productId,
        erpProductId: l.erpProductId,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        discountPercent: l.discountPercent.toFixed(2),
        discountCents: l.discountCents,
        netCents: l.netCents,
      })),
    );
    const queueId = await enqueueOutgoing(tx, companyId, {
      tipo: 'PEDIDO',
      referencia: String(numero),
      descricao: `Pedido de venda ${numero}: ${valid.client.name}`,
      conteudo: {
        tipo: 'VENDA',
        referencia: String(numero),
        idCliente: valid.client.erpId,
        idVendedor: valid.erpSeller?.erpId ?? null,
        idFormaPagamento: valid.paymentForm.erpId,
        idTransportadora: valid.carrier?.erpId ?? null,
        idTipoOperacaoFiscal: valid.fiscalOperation.erpId,
        observacao: body.observacao || null,
        itens: valid.lines.map((l) => ({ idProduto: l.erpId, quantidade: l.quantity, precoUnitarioCentavos: l.unitPriceCents, descontoCentavos: l.discountCents })),
      },
    });
    await tx.update(salesOrders).set({ outgoingItemId: queueId }).where(eq(salesOrders.id, order.id));
    return { created: true, id: order.id };
  });
  if (outcome.created) await requestSend(ctx, auth, companyId);
  return { created: outcome.created, order: await getOrder(ctx.db, auth, outcome.id) };
}

/** Asks the ENVIAR_FILA_ERP task for a run now; a run already queued or running (409), or no such task, is fine. */
async function requestSend(ctx: Pick<AppContext, 'db' | 'requestTaskRun'>, auth: AuthContext, companyId: number): Promise<void> {
  try {
    const task = (await findSyncTasks(ctx.db, companyId, [SEND_QUEUE_TASK])).get(SEND_QUEUE_TASK);
    if (task?.active) await ctx.requestTaskRun(auth, task.id);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
  }
}

// ---------------------------------------------------------------- list, detail, resend

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['where']>>[number];

/** A row of the list/detail query on the wire. */
function toListItem(row: OrderRow): OrderListItem {
  const failed = row.status !== 'ENVIADO' && (row.attempts ?? 0) > 0;
  return {
    id: row.id,
    numero: row.numero,
    data: (row.data as Date).toISOString(),
    cliente: { id: row.clienteId, nome: row.clienteNome },
    vendedor: row.vendedorId === null ? null : { id: row.vendedorId, nome: row.vendedorNome as string },
    itens: Number(row.itens),
    quantidade: row.quantidade,
    totalCentavos: Number(row.totalCentavos),
    status: row.status,
    motivoErro: failed ? row.response : null,
    numeroPedidoErp: row.status === 'ENVIADO' ? row.erpOrderId : null,
    numeroNota: row.numeroNota === null ? null : Number(row.numeroNota),
  };
}

/**
 * `GET pedido-venda`: the caller's visible orders of the selected company (`sellerScope`),
 * filtered by client, seller, São Paulo days (inclusive) and ERP status; newest first by default.
 * @throws DomainError VALIDATION on `dataFim` before `dataInicio`, or on `sorter`
 */
export async function listOrders(db: Db, auth: AuthContext, query: OrderListQuery): Promise<PagedList<OrderListItem>> {
  if (query.dataInicio && query.dataFim && query.dataFim < query.dataInicio) throw fieldError('dataFim', 'A data final deve ser igual ou posterior à inicial');
  const scope = await sellerScope(db, auth);
  const filters: OrderFilters = {
    companyId: companyOf(auth),
    sellerUserId: scope ?? query.idVendedor,
    clientId: query.idCliente,
    fromDay: query.dataInicio,
    toDay: query.dataFim,
    status: query.status,
  };
  // a seller limited to their own orders who filters by another seller sees nothing
  const where = scope !== undefined && query.idVendedor !== undefined && query.idVendedor !== scope ? orderConditions({ ...filters, orderId: -1 }) : orderConditions(filters);
  const request = pageRequest<(typeof ORDER_SORT_FIELDS)[number]>(query, {
    sortable: {
      numero: salesOrders.number,
      data: salesOrders.createdAt,
      cliente: orderColumns.clienteNome,
      vendedor: orderColumns.vendedorNome,
      totalCentavos: salesOrders.totalCents,
      status: orderColumns.status,
    },
    defaultSort: { field: 'numero', direction: 'desc' },
    tieBreaker: salesOrders.id,
  });
  const rows = selectOrderRows(db)
    .where(where)
    .orderBy(...request.orderBy)
    .limit(request.size)
    .offset(request.offset)
    .then((r) => r.map(toListItem));
  return pagedResult(request, rows, countOrders(db, where));
}

/**
 * `GET pedido-venda/{id}`: one visible order with its registers, note and lines.
 * @throws DomainError NOT_FOUND (404) for an order of another company, not visible to the caller, or absent
 */
export async function getOrder(db: Db, auth: AuthContext, id: number): Promise<OrderDetail> {
  const scope = await sellerScope(db, auth);
  const [row] = await selectOrderRows(db).where(orderConditions({ companyId: companyOf(auth), orderId: id, sellerUserId: scope }));
  if (!row) throw notFound();
  const [terms, linhas] = await Promise.all([selectOrderTerms(db, id), selectOrderLines(db, id)]);
  return {
    ...toListItem(row),
    formaPagamento: terms.formaPagamento,
    transportadora: terms.transportadoraId === null ? null : { id: terms.transportadoraId, descricao: terms.transportadoraNome ?? '' },
    tipoOperacaoFiscal: terms.tipoOperacaoFiscal,
    observacao: terms.observacao,
    linhas,
  };
}

/**
 * `POST pedido-venda/{id}/reenviar`: puts an order whose send failed (ERRO) back in the queue
 * (the queue screen's "reenviar", `retryOutgoing`) and asks for a send now.
 * @returns the order as `GET pedido-venda/{id}`
 * @throws DomainError NOT_FOUND (404) as `getOrder`; CONFLICT (409) when the order is not ERRO
 */
export async function resendOrder(ctx: Pick<AppContext, 'db' | 'requestTaskRun'>, auth: AuthContext, id: number): Promise<OrderDetail> {
  const order = await getOrder(ctx.db, auth, id);
  const terms = await selectOrderTerms(ctx.db, id);
  if (order.status !== 'ERRO' || terms.outgoingItemId === null) throw new DomainError('CONFLICT', ORDER_MESSAGES.resendNotFailed);
  await retryOutgoing(ctx.db, auth, terms.outgoingItemId);
  await requestSend(ctx, auth, companyOf(auth));
  return getOrder(ctx.db, auth, id);
}
