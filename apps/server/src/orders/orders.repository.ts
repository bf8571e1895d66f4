import { and, asc, eq, gte, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { OrderClient, OrderOption, OrderProduct, OrderStatus } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { erpCarriers, erpClients, erpFiscalOperations, erpPaymentForms } from '../erp/data/erp-data.schema.ts';
import { resultRows } from '../db/rows.ts';
import { outgoingItems } from '../integration/integration.schema.ts';
import { users } from '../users/users.schema.ts';
import { matchesTerm } from '../shared/paging.ts';
import { salesOrders } from './orders.schema.ts';

/** Time zone of the list's day filters (docs/sales-orders.md). */
const TIME_ZONE = 'America/Sao_Paulo';

/** A stored (not placeholder) row of an ERP table: `alterado_em_erp IS NOT NULL`. */
const stored = (column: AnyColumn) => isNotNull(column);

// ---------------------------------------------------------------- pickers

/** Name shown for an ERP client: the legal name. */
export const clientName = sql<string>`${erpClients.legalName}`;

/**
 * The conditions of `GET cliente`: active, stored clients of `companyId`; with `pattern`
 * (`termPattern`), legal or trade name or municipality contains it, or — when the term has
 * digits — the document starts with them (a CNPJ typed with or without its mask).
 */
export function clientConditions(companyId: number, pattern: string | undefined, digits: string): SQL {
  const match = pattern
    ? sql`(${matchesTerm(erpClients.legalName, pattern)} OR ${matchesTerm(erpClients.tradeName, pattern)} OR ${matchesTerm(erpClients.city, pattern)}${
        digits ? sql` OR ${erpClients.document} LIKE ${`${digits}%`}` : sql``
      })`
    : undefined;
  return and(eq(erpClients.companyId, companyId), stored(erpClients.erpChangedAt), eq(erpClients.active, true), match)!;
}

/** One page of clients (already filtered by `where`, sorted by `orderBy`). */
export function selectClients(db: Executor, where: SQL, orderBy: SQL[], limit: number, offset: number): Promise<OrderClient[]> {
  return db
    .select({
      id: erpClients.id,
      nome: sql<string>`${erpClients.legalName}`,
      nomeFantasia: erpClients.tradeName,
      documento: sql<string>`${erpClients.document}`,
      uf: sql<string>`${erpClients.uf}`,
      municipio: sql<string>`${erpClients.city}`,
    })
    .from(erpClients)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** Active payment forms of the company, by description: `GET forma-pagamento`. */
export function selectPaymentForms(db: Executor, companyId: number): Promise<OrderOption[]> {
  return db
    .select({ id: erpPaymentForms.id, descricao: sql<string>`${erpPaymentForms.description}` })
    .from(erpPaymentForms)
    .where(and(eq(erpPaymentForms.companyId, companyId), stored(erpPaymentForms.erpChangedAt), eq(erpPaymentForms.active, true)))
    .orderBy(asc(sql`lower(${erpPaymentForms.description})`), asc(erpPaymentForms.id));
}

/** Active carriers of the company, by name: `GET transportadora`. */
export function selectCarriers(db: Executor, companyId: number): Promise<OrderOption[]> {
  return db
    .select({ id: erpCarriers.id, descricao: sql<string>`${erpCarriers.name}` })
    .from(erpCarriers)
    .where(and(eq(erpCarriers.companyId, companyId), stored(erpCarriers.erpChangedAt), eq(erpCarriers.active, true)))
    .orderBy(asc(sql`lower(${erpCarriers.name})`), asc(erpCarriers.id));
}

/** Description of a fiscal operation: `CFOP — descrição`. */
const fiscalOperationText = sql<string>`${erpFiscalOperations.cfop} || ' — ' || ${erpFiscalOperations.description}`;

/** Active fiscal operations of nature VENDA of the company, by CFOP: `GET tipo-operacao-fiscal`. */
export function selectSaleFiscalOperations(db: Executor, companyId: number): Promise<OrderOption[]> {
  return db
    .select({ id: erpFiscalOperations.id, descricao: fiscalOperationText })
    .from(erpFiscalOperations)
    .where(
      and(eq(erpFiscalOperations.companyId, companyId), stored(erpFiscalOperations.erpChangedAt), eq(erpFiscalOperations.active, true), eq(erpFiscalOperations.nature, 'VENDA')),
    )
    .orderBy(asc(erpFiscalOperations.cfop), asc(erpFiscalOperations.id));
}

/**
 * Products of the company's ERP for the order form (`GET pedido-venda/produto`): by barcode
 * (`ean`, exact) when given, else every word of `words` contained in the ERP title (accents and
 * case ignored); only ERP products linked to a catalogue product; at most `limit`, active first,
 * then by title. Available stock = `fisico − reservado` of the product's ERP stock record.
 */
export async function selectOrderProducts(db: Executor, companyId: number, search: { ean: string | null; words: string[] }, limit: number): Promise<OrderProduct[]> {
  const conditions: SQL[] = [sql`ep.empresa_id = ${companyId}`, sql`ep.alterado_em_erp IS NOT NULL`, sql`ep.produto_id IS NOT NULL`];
  if (search.ean) conditions.push(sql`ep.ean = ${search.ean}`);
  for (const word of search.words) conditions.push(sql`unaccent(lower(ep.titulo)) LIKE unaccent(${`%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`);
  const result = await db.execute(sql`
    SELECT p.id AS "idProduto", p.isbn13, ep.titulo, e.nome AS editora, ep.preco_centavos AS preco,
      p.percentual_desconto_maximo AS maximo, s.fisico - s.reservado AS disponivel, (ep.ativo AND p.ativo) AS ativo
    FROM erp_produto ep
    JOIN produto p ON p.id = ep.produto_id
    LEFT JOIN editora e ON e.id = p.editora_id
    LEFT JOIN erp_estoque s ON s.produto_id = ep.id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY (ep.ativo AND p.ativo) DESC, lower(ep.titulo), ep.id
    LIMIT ${limit}`);
  return resultRows<{ idProduto: number; isbn13: string; titulo: string; editora: string | null; preco: string | number; maximo: string | null; disponivel: number | null; ativo: boolean }>(result).map((r) => ({
    idProduto: Number(r.idProduto),
    isbn13: r.isbn13,
    titulo: r.titulo,
    editora: r.editora,
    precoUnitarioCentavos: Number(r.preco),
    percentualDescontoMaximo: r.maximo === null ? null : Number(r.maximo),
    disponivel: r.disponivel === null ? null : Number(r.disponivel),
    ativo: !!r.ativo,
  }));
}

// ---------------------------------------------------------------- validation reads

/** The ERP client `id` of the company (stored rows only), or undefined. */
export async function findClient(db: Executor, companyId: number, id: number): Promise<{ id: number; erpId: string; name: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ id: erpClients.id, erpId: erpClients.erpId, name: sql<string>`${erpClients.legalName}`, active: sql<boolean>`${erpClients.active}` })
    .from(erpClients)
    .where(and(eq(erpClients.id, id), eq(erpClients.companyId, companyId), stored(erpClients.erpChangedAt)));
  return row;
}

/** ERP id of an active, stored register row of the company (`table` one of the order's registers), or undefined. */
export async function findActiveRegister(
  db: Executor,
  table: typeof erpPaymentForms | typeof erpCarriers | typeof erpFiscalOperations,
  companyId: number,
  id: number,
  extra?: SQL,
): Promise<string | undefined> {
  const [row] = await db
    .select({ erpId: table.erpId })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, companyId), isNotNull(table.erpChangedAt), eq(table.active, true), extra));
  return row?.erpId;
}

/** The sale nature condition of a fiscal operation. */
export const SALE_NATURE = eq(erpFiscalOperations.nature, 'VENDA');

/**
 * The ERP seller of an Acervo user in `companyId`: the stored seller whose ERP id is the user's
 * `codigo_vendedor_erp`, else the one with the user's e-mail (case ignored). Null when none.
 */
export async function findErpSellerOfUser(db: Executor, companyId: number, userId: number): Promise<{ id: number; erpId: string } | null> {
  const result = await db.execute(sql`
    SELECT v.id, v.id_erp AS "erpId"
    FROM usuario u
    JOIN erp_vendedor v ON v.empresa_id = ${companyId} AND v.alterado_em_erp IS NOT NULL
      AND (v.id_erp = u.codigo_vendedor_erp OR (u.email IS NOT NULL AND lower(v.email) = lower(u.email)))
    WHERE u.id = ${userId}
    ORDER BY (v.id_erp = u.codigo_vendedor_erp) DESC NULLS LAST, v.id
    LIMIT 1`);
  const [row] = resultRows<{ id: number; erpId: string }>(result);
  return row ? { id: Number(row.id), erpId: row.erpId } : null;
}

/** True when the user is flagged seller (`ind_vendedor`). */
export async function isSellerUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ isSeller: users.isSeller }).from(users).where(eq(users.id, userId));
  return row?.isSeller ?? false;
}

/** A catalogue product as an order line needs it: its company ERP product (the active one first), price, maximum discount. */
export interface LineProduct {
  productId: number;
  isbn13: string;
  title: string;
  catalogueActive: boolean;
  maxDiscount: number | null;
  erpProductId: number | null;
  erpId: string | null;
  erpActive: boolean | null;
  priceCents: number | null;
}

/** The products of `ids` with their ERP product in `companyId` (null columns when the company's ERP has none). */
export async function findLineProducts(db: Executor, companyId: number, ids: number[]): Promise<Map<number, LineProduct>> {
  if (!ids.length) return new Map();
  const result = await db.execute(sql`
    SELECT p.id, p.isbn13, coalesce(ep.titulo, p.titulo) AS titulo, p.ativo, p.percentual_desconto_maximo AS maximo,
      ep.id AS erp_produto_id, ep.id_erp, ep.ativo AS erp_ativo, ep.preco_centavos
    FROM produto p
    LEFT JOIN LATERAL (
      SELECT x.id, x.id_erp, x.titulo, x.ativo, x.preco_centavos FROM erp_produto x
      WHERE x.empresa_id = ${companyId} AND x.produto_id = p.id AND x.alterado_em_erp IS NOT NULL
      ORDER BY x.ativo DESC, x.id LIMIT 1
    ) ep ON true
    WHERE p.id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`);
  const rows = resultRows<{ id: number; isbn13: string; titulo: string; ativo: boolean; maximo: string | null; erp_produto_id: number | null; id_erp: string | null; erp_ativo: boolean | null; preco_centavos: string | number | null }>(result);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        productId: Number(r.id),
        isbn13: r.isbn13,
        title: r.titulo,
        catalogueActive: !!r.ativo,
        maxDiscount: r.maximo === null ? null : Number(r.maximo),
        erpProductId: r.erp_produto_id === null ? null : Number(r.erp_produto_id),
        erpId: r.id_erp,
        erpActive: r.erp_ativo,
        priceCents: r.preco_centavos === null ? null : Number(r.preco_centavos),
      },
    ]),
  );
}

// ---------------------------------------------------------------- orders

/** Takes the company's order lock (`FOR NO KEY UPDATE` of its row: foreign-key checks of other writers are not blocked). */
export async function lockCompanyOrders(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM empresa WHERE id = ${companyId} FOR NO KEY UPDATE`);
}

/** The order a user already submitted with `key` in the company, with the hash of its body. */
export async function findByIdempotencyKey(db: Executor, companyId: number, userId: number, key: string): Promise<{ id: number; requestHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: salesOrders.id, requestHash: salesOrders.requestHash })
    .from(salesOrders)
    .where(and(eq(salesOrders.companyId, companyId), eq(salesOrders.userId, userId), eq(salesOrders.idempotencyKey, key)));
  return row;
}

/** Next order number of the company (1 for the first); call under `lockCompanyOrders`. */
export async function nextOrderNumber(tx: Executor, companyId: number): Promise<number> {
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${salesOrders.number}), 0) + 1` }).from(salesOrders).where(eq(salesOrders.companyId, companyId));
  return Number(row.next);
}

/**
 * The order's ERP status from its queue item: ENVIADO, ERRO, else PENDENTE (queued, being sent,
 * or waiting for its next attempt).
 */
export const orderStatus = sql<OrderStatus>`CASE ${outgoingItems.status} WHEN 'ENVIADO' THEN 'ENVIADO' WHEN 'ERRO' THEN 'ERRO' ELSE 'PENDENTE' END`;

/** The number of the ERP invoice (NOTA, not cancelled) whose `referencia_pedido` is the order's number, the first one. */
const invoiceNumber = sql<number | null>`(SELECT v.numero FROM erp_venda v WHERE v.empresa_id = ${salesOrders.companyId}
  AND v.referencia_pedido = ${salesOrders.number}::text AND v.tipo = 'NOTA' AND NOT v.cancelada ORDER BY v.id LIMIT 1)`;

/** Columns of one order row (list and detail). */
export const orderColumns = {
  id: salesOrders.id,
  numero: salesOrders.number,
  data: salesOrders.createdAt,
  clienteId: erpClients.id,
  clienteNome: sql<string>`${erpClients.legalName}`,
  vendedorId: users.id,
  vendedorNome: users.name,
  itens: sql<number>`(SELECT count(*) FROM pedido_venda_item i WHERE i.pedido_venda_id = ${salesOrders.id})`,
  quantidade: salesOrders.quantity,
  totalCentavos: salesOrders.totalCents,
  status: orderStatus,
  queueStatus: outgoingItems.status,
  attempts: outgoingItems.attempts,
  response: outgoingItems.response,
  erpOrderId: outgoingItems.erpId,
  numeroNota: invoiceNumber,
};

/** The list's filters (the caller's scope included). */
export interface OrderFilters {
  companyId: number;
  sellerUserId?: number;
  clientId?: number;
  fromDay?: string;
  toDay?: string;
  status?: OrderStatus;
  orderId?: number;
}

/** The WHERE of the list and detail. */
export function orderConditions(f: OrderFilters): SQL {
  return and(
    eq(salesOrders.companyId, f.companyId),
    f.orderId !== undefined ? eq(salesOrders.id, f.orderId) : undefined,
    f.sellerUserId !== undefined ? eq(salesOrders.sellerUserId, f.sellerUserId) : undefined,
    f.clientId !== undefined ? eq(salesOrders.clientId, f.clientId) : undefined,
    f.fromDay ? gte(salesOrders.createdAt, sql`(${f.fromDay}::date::timestamp AT TIME ZONE ${TIME_ZONE})`) : undefined,
    f.toDay ? lt(salesOrders.createdAt, sql`((${f.toDay}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`) : undefined,
    f.status ? sql`${orderStatus} = ${f.status}` : undefined,
  )!;
}

/** The list/detail query with its joins (client, seller user, queue item). */
export function selectOrderRows(db: Executor) {
  return db
    .select(orderColumns)
    .from(salesOrders)
    .innerJoin(erpClients, eq(erpClients.id, salesOrders.clientId))
    .leftJoin(users, eq(users.id, salesOrders.sellerUserId))
    .leftJoin(outgoingItems, eq(outgoingItems.id, salesOrders.outgoingItemId));
}

/** Number of orders matching `where` (joins as the list). */
export async function countOrders(db: Executor, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(salesOrders)
    .leftJoin(outgoingItems, eq(outgoingItems.id, salesOrders.outgoingItemId))
    .where(where);
  return Number(row.n);
}

/** The registers and note of one order, as `{id, descricao}`. */
export async function selectOrderTerms(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      formaPagamento: { id: erpPaymentForms.id, descricao: sql<string>`${erpPaymentForms.description}` },
      transportadoraId: erpCarriers.id,
      transportadoraNome: erpCarriers.name,
      tipoOperacaoFiscal: { id: erpFiscalOperations.id, descricao: fiscalOperationText },
      observacao: salesOrders.note,
      outgoingItemId: salesOrders.outgoingItemId,
    })
    .from(salesOrders)
    .innerJoin(erpPaymentForms, eq(erpPaymentForms.id, salesOrders.paymentFormId))
    .innerJoin(erpFiscalOperations, eq(erpFiscalOperations.id, salesOrders.fiscalOperationId))
    .leftJoin(erpCarriers, eq(erpCarriers.id, salesOrders.carrierId))
    .where(eq(salesOrders.id, orderId));
  return row;
}

/** The lines of one order with the catalogue ISBN-13 and the ERP title. */
export async function selectOrderLines(db: Executor, orderId: number) {
  const result = await db.execute(sql`
    SELECT i.linha, i.produto_id, p.isbn13, coalesce(ep.titulo, p.titulo) AS titulo, i.quantidade, i.preco_unitario_centavos,
      i.desconto_percentual, i.desconto_centavos, i.valor_liquido_centavos
    FROM pedido_venda_item i JOIN produto p ON p.id = i.produto_id JOIN erp_produto ep ON ep.id = i.erp_produto_id
    WHERE i.pedido_venda_id = ${orderId} ORDER BY i.linha`);
  return resultRows<Record<string, string | number>>(result).map((r) => ({
    linha: Number(r.linha),
    idProduto: Number(r.produto_id),
    isbn13: String(r.isbn13),
    titulo: String(r.titulo),
    quantidade: Number(r.quantidade),
    precoUnitarioCentavos: Number(r.preco_unitario_centavos),
    descontoPercentual: Number(r.desconto_percentual),
    descontoCentavos: Number(r.desconto_centavos),
    valorLiquidoCentavos: Number(r.valor_liquido_centavos),
  }));
}

