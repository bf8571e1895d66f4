import { and, eq, sql } from 'drizzle-orm';
import {
  REPLACEMENT_ACTIONS,
  REPLACEMENT_ITEM_SORT_FIELDS,
  REPLACEMENT_SORT_FIELDS,
  REPLENISHMENT_MESSAGES,
  type PagedList,
  type Replacement,
  type ReplacementAction,
  type ReplacementActionResult,
  type ReplacementCreate,
  type ReplacementDetail,
  type ReplacementItem,
  type ReplacementItemQuery,
  type ReplacementItemUpdated,
  type ReplacementListQuery,
  type ReplacementStatus,
} from '@acervo/contracts';
import type { Db, Executor } from '../../db/client.ts';
import type { AppContext } from '../../shared/context.ts';
import type { AuthContext } from '../../shared/request-auth.ts';
import { DomainError, fieldError, notFound } from '../../shared/errors.ts';
import { pageRequest, pagedResult, termPattern } from '../../shared/paging.ts';
import { auditActor, recordAudit, type AuditScopes } from '../../audit/audit.service.ts';
import { enqueueOutgoingMany, type OutgoingItemInput } from '../../erp/outgoing-queue.ts';
import { findSyncTasks } from '../../integration/integration.repository.ts';
import { replacementItems, replacementPurchaseOrders, replacements, replacementTransitions, replenishmentCalculations } from '../replenishment.schema.ts';
import {
  copyCalculationLines,
  itemColumns,
  itemConditions,
  lockLiveCalculation,
  refreshTotals,
  replacementConditions,
  selectOrderableLines,
  selectPurchaseOrders,
  selectReplacementRows,
  selectTransitions,
  type ReplacementRow,
} from './replacements.repository.ts';

/*
 * Generated replacements (issue 18 Part 3; docs/replenishment.md "Part 3"): generation from a
 * stored calculation, the history, item edits while GERADA, the state machine
 * GERADA → APROVADA | REPROVADA | CANCELADA, and the purchase orders an approval puts in the ERP
 * outgoing queue (one per supplier). Everything is scoped to the caller's selected company.
 */

/** Task kind of the outgoing queue's sender (erp/erp-task-kinds.ts): an approval asks for a run at once. */
const SEND_QUEUE_TASK = 'ENVIAR_FILA_ERP';
/** Most lines of one purchase order (`erpOrderOutSchema.itens`); a supplier with more gets more orders. */
export const PURCHASE_ORDER_MAX_LINES = 2000;
/** Audit entity of a replacement (`GET auditoria?entidade=reposicao&idRegistro={id}`). */
const AUDIT_ENTITY = 'reposicao';

/** The selected company of an authenticated caller (routes run `requireCompany` first). */
function companyOf(auth: AuthContext): number {
  if (!auth.companyId) throw new DomainError('FORBIDDEN', 'Selecione uma empresa');
  return auth.companyId;
}

/**
 * The purchase order reference of a replacement's supplier: `REP-{id}-{idEditora|0}`, and
 * `-{part}` from the second order of a supplier with more than PURCHASE_ORDER_MAX_LINES lines.
 * At most 4 + 10 + 1 + 10 + 1 + 5 = 31 characters (the protocol allows 50). The same replacement
 * and supplier always give the same reference, so a resent order is recognised by the ERP.
 */
export function purchaseOrderReference(replacementId: number, publisherId: number | null, part = 1): string {
  return `REP-${replacementId}-${publisherId ?? 0}${part > 1 ? `-${part}` : ''}`;
}

// ---------------------------------------------------------------- shaping

/** A history row on the wire. */
function toReplacement(row: ReplacementRow): Replacement {
  return {
    id: row.id,
    idEmpresa: row.companyId,
    descricao: row.description,
    status: row.status,
    geradoPor: row.generatedByName ?? '',
    data: row.createdAt.toISOString(),
    aprovadoPor: row.approvedByName ?? null,
    dataAprovacao: row.approvedAt ? row.approvedAt.toISOString() : null,
    justificativa: row.justification,
    parametros: row.parameters,
    editora: row.supplierName ?? null,
    totais: {
      itens: row.items,
      itensComSugestao: Number(row.itemsWithSuggestion),
      quantidadeSugerida: row.suggestedQuantity,
      quantidadePedido: row.orderQuantity,
      valorCapaCentavos: Number(row.coverValueCents),
      valorCustoCentavos: Number(row.costValueCents),
    },
  };
}

/** The ERP status of a purchase order from its queue item: ENVIANDO counts as PENDENTE; a deleted queue item as PENDENTE. */
function orderStatus(queueStatus: string | null): 'PENDENTE' | 'ENVIADO' | 'ERRO' {
  return queueStatus === 'ENVIADO' || queueStatus === 'ERRO' ? queueStatus : 'PENDENTE';
}

// ---------------------------------------------------------------- generate

/**
 * `POST reposicao`: generates a replacement from a stored calculation of the selected company. In
 * one transaction: locks the calculation (not expired), copies its lines with `quantidade_pedido`
 * > 0 into the items (`copyCalculationLines`), stores the totals, status GERADA with its first
 * transition and an audit entry (CRIACAO), and keeps the calculation for good (`expira_em` NULL).
 * @returns the replacement as `GET reposicao/{id}`
 * @throws DomainError NOT_FOUND (404, `calculationNotFound`) for a calculation of another company,
 *   expired or absent; VALIDATION (400 on `idCalculo`, `calculationEmpty`) when no line has a
 *   quantity to order
 */
export async function createReplacement(db: Db, auth: AuthContext, body: ReplacementCreate): Promise<ReplacementDetail> {
  const companyId = companyOf(auth);
  const id = await db.transaction(async (tx) => {
    const calculation = await lockLiveCalculation(tx, companyId, body.idCalculo);
    if (!calculation) throw notFound(REPLENISHMENT_MESSAGES.calculationNotFound);
    const [created] = await tx
      .insert(replacements)
      .values({ companyId, calculationId: calculation.id, description: body.descricao, status: 'GERADA', parameters: calculation.parameters, generatedBy: auth.userId })
      .returning({ id: replacements.id, createdAt: replacements.createdAt });
    const copied = await copyCalculationLines(tx, companyId, calculation.id, created.id);
    if (copied === 0) throw fieldError('idCalculo', REPLENISHMENT_MESSAGES.calculationEmpty);
    await refreshTotals(tx, created.id);
    await tx.insert(replacementTransitions).values({ replacementId: created.id, status: 'GERADA', userId: auth.userId, createdAt: created.createdAt });
    await tx.update(replenishmentCalculations).set({ expiresAt: null }).where(eq(replenishmentCalculations.id, calculation.id));
    await recordAudit(tx, {
      actor: auditActor(auth),
      entity: AUDIT_ENTITY,
      recordId: created.id,
      action: 'CRIACAO',
      after: { descricao: body.descricao, status: 'GERADA', idCalculo: calculation.id, itens: copied },
    });
    return created.id;
  });
  return getReplacement(db, auth, id);
}

// ---------------------------------------------------------------- history

/**
 * `GET reposicao`: the selected company's replacements, filtered by status, generation day (São
 * Paulo, inclusive), supplier (has an item of `idEditora`), generating user and `term` over the
 * description; newest first by default (REPLACEMENT_SORT_FIELDS).
 * @throws DomainError VALIDATION on `dataFim` before `dataInicio` or on `sorter`
 */
export async function listReplacements(db: Db, auth: AuthContext, query: ReplacementListQuery): Promise<PagedList<Replacement>> {
  if (query.dataInicio && query.dataFim && query.dataFim < query.dataInicio) throw fieldError('dataFim', REPLENISHMENT_MESSAGES.dateOrder);
  const where = replacementConditions({
    companyId: companyOf(auth),
    status: query.status,
    fromDay: query.dataInicio,
    toDay: query.dataFim,
    publisherId: query.idEditora,
    userId: query.idUsuario,
    term: termPattern(query.term),
  });
  const request = pageRequest<(typeof REPLACEMENT_SORT_FIELDS)[number]>(query, {
    sortable: {
      id: replacements.id,
      descricao: sql`lower(${replacements.description})`,
      status: replacements.status,
      data: replacements.createdAt,
      dataAprovacao: replacements.approvedAt,
      quantidadePedido: replacements.orderQuantity,
      valorCustoCentavos: replacements.costValueCents,
    },
    defaultSort: { field: 'data', direction: 'desc' },
    tieBreaker: replacements.id,
  });
  const rows = selectReplacementRows(db)
    .where(where)
    .orderBy(...request.orderBy)
    .limit(request.size)
    .offset(request.offset)
    .then((r) => r.map(toReplacement));
  return pagedResult(request, rows, db.$count(replacements, where));
}

/**
 * `GET reposicao/{id}`: one replacement of the selected company with its status trail (oldest
 * first) and purchase orders (with the ERP status of their outgoing queue item).
 * @throws DomainError NOT_FOUND (404) for a replacement of another company or absent
 */
export async function getReplacement(db: Executor, auth: AuthContext, id: number): Promise<ReplacementDetail> {
  const [row] = await selectReplacementRows(db).where(replacementConditions({ companyId: companyOf(auth), id }));
  if (!row) throw notFound();
  const [trail, orders] = await Promise.all([selectTransitions(db, id), selectPurchaseOrders(db, id)]);
  return {
    ...toReplacement(row),
    transicoes: trail.map((t) => ({ status: t.status, usuario: t.usuario, data: t.data.toISOString(), justificativa: t.justificativa })),
    pedidosCompra: orders.map((o) => {
      const status = orderStatus(o.queueStatus);
      return { idEditora: o.publisherId, editora: o.publisher, referencia: o.reference, itens: o.items, quantidade: o.quantity, status, numeroErp: status === 'ENVIADO' ? o.erpId : null };
    }),
  };
}

/** The replacement `id` of the company (its status), or 404. */
async function findOwn(db: Executor, companyId: number, id: number): Promise<{ status: ReplacementStatus }> {
  const [row] = await db
    .select({ status: replacements.status })
    .from(replacements)
    .where(and(eq(replacements.id, id), eq(replacements.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

/** Sort of a replacement's items (REPLACEMENT_ITEM_SORT_FIELDS), default `titulo` asc. */
export function itemSort(query: Pick<ReplacementItemQuery, 'page' | 'pageSize' | 'size' | 'sorter' | 'sort'>) {
  return pageRequest<(typeof REPLACEMENT_ITEM_SORT_FIELDS)[number]>(query, {
    sortable: {
      titulo: sql`lower(${replacementItems.title})`,
      isbn13: replacementItems.isbn13,
      sku: replacementItems.sku,
      autores: replacementItems.authors,
      editora: sql`lower(${replacementItems.publisher})`,
      saldoDisponivel: replacementItems.available,
      quantidadeSugerida: replacementItems.suggested,
      quantidadePedido: replacementItems.toOrder,
      valorCapaCentavos: replacementItems.coverPriceCents,
      valorCustoCentavos: replacementItems.unitCostCents,
    },
    defaultSort: { field: 'titulo', direction: 'asc' },
    tieBreaker: replacementItems.id,
  });
}

/**
 * `GET reposicao/{id}/item`: a page of a replacement's items, `term` over title, ISBN, SKU,
 * authors and publisher; sorted by title by default.
 * @throws DomainError NOT_FOUND (404) as `getReplacement`; VALIDATION on `sorter`
 */
export async function listReplacementItems(db: Db, auth: AuthContext, id: number, query: ReplacementItemQuery): Promise<PagedList<ReplacementItem>> {
  await findOwn(db, companyOf(auth), id);
  const request = itemSort(query);
  const where = itemConditions(id, termPattern(query.term));
  const rows = db
    .select(itemColumns)
    .from(replacementItems)
    .where(where)
    .orderBy(...request.orderBy)
    .limit(request.size)
    .offset(request.offset)
    .then((r) => r.map(toItem));
  return pagedResult(request, rows, db.$count(replacementItems, where));
}

/** An item row on the wire (bigint cents as numbers). */
function toItem(row: { valorCapaCentavos: number | null; valorCustoCentavos: number | null } & Omit<ReplacementItem, 'valorCapaCentavos' | 'valorCustoCentavos'>): ReplacementItem {
  return { ...row, valorCapaCentavos: row.valorCapaCentavos === null ? null : Number(row.valorCapaCentavos), valorCustoCentavos: row.valorCustoCentavos === null ? null : Number(row.valorCustoCentavos) };
}

// ---------------------------------------------------------------- edit

/**
 * `PUT reposicao/{id}/item/{idItem}`: sets an item's quantity to order while the replacement is
 * GERADA, and recomputes its totals, in one transaction holding the replacement's row lock (so an
 * approval never reads half an edit). Records an ALTERACAO audit entry with the item and both
 * quantities when the quantity changed.
 * @returns the SPEC 8 message `quantityUpdated`, the item and the new totals
 * @throws DomainError NOT_FOUND (404) for a replacement of another company, or an item of another
 *   replacement; CONFLICT (409, `itemNotEditable`) unless GERADA
 */
export async function updateReplacementItem(db: Db, auth: AuthContext, id: number, itemId: number, quantity: number): Promise<ReplacementItemUpdated> {
  const companyId = companyOf(auth);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: replacements.status })
      .from(replacements)
      .where(and(eq(replacements.id, id), eq(replacements.companyId, companyId)))
      .for('update');
    if (!locked) throw notFound();
    const [item] = await tx
      .select({ toOrder: replacementItems.toOrder, productId: replacementItems.productId })
      .from(replacementItems)
      .where(and(eq(replacementItems.id, itemId), eq(replacementItems.replacementId, id)));
    if (!item) throw notFound();
    if (locked.status !== 'GERADA') throw new DomainError('CONFLICT', REPLENISHMENT_MESSAGES.itemNotEditable);
    if (item.toOrder === quantity) return;
    await tx.update(replacementItems).set({ toOrder: quantity }).where(eq(replacementItems.id, itemId));
    await refreshTotals(tx, id);
    await recordAudit(tx, {
      actor: auditActor(auth),
      entity: AUDIT_ENTITY,
      recordId: id,
      action: 'ALTERACAO',
      before: { idItem: itemId, idProduto: item.productId, quantidadePedido: item.toOrder },
      after: { idItem: itemId, idProduto: item.productId, quantidadePedido: quantity },
    });
  });
  const [row] = await db.select(itemColumns).from(replacementItems).where(eq(replacementItems.id, itemId));
  const detail = await getReplacement(db, auth, id);
  return { message: REPLENISHMENT_MESSAGES.quantityUpdated, item: toItem(row), totais: detail.totais };
}

// ---------------------------------------------------------------- state machine

/** SPEC 8 toast of each action. */
const ACTION_MESSAGES: Record<ReplacementAction, string> = {
  aprovar: REPLENISHMENT_MESSAGES.approved,
  reprovar: REPLENISHMENT_MESSAGES.disapproved,
  cancelar: REPLENISHMENT_MESSAGES.cancelled,
};

/**
 * `PUT reposicao/{id}/aprovar | reprovar | cancelar`: GERADA → APROVADA | REPROVADA | CANCELADA.
 * The move is one conditional UPDATE (`… WHERE status = 'GERADA'`): of two requests at once, the
 * second waits for the first's row lock and then matches no row, so it answers 409 and an approval
 * happens once. In the same transaction: the transition row (user, time, justification), the
 * audit entry (ALTERACAO, status before and after), and — approving — `aprovado_por`,
 * `data_aprovacao` and the purchase orders (`queuePurchaseOrders`). After it commits, an approval
 * asks the ENVIAR_FILA_ERP task to send now (best effort; its schedule sends them anyway).
 * @param justification required for `reprovar` (the body schema checks it; null otherwise)
 * @returns the SPEC 8 message and the replacement as `GET reposicao/{id}`
 * @throws DomainError NOT_FOUND (404) for a replacement of another company or absent;
 *   VALIDATION (400 on `justificativa`) for `reprovar` without one; CONFLICT (409,
 *   `invalidTransition`) when the replacement is not GERADA
 */
export async function changeReplacementStatus(
  ctx: Pick<AppContext, 'db' | 'requestTaskRun'>,
  auth: AuthContext,
  id: number,
  action: ReplacementAction,
  justification: string | null = null,
): Promise<ReplacementActionResult> {
  const companyId = companyOf(auth);
  const target = REPLACEMENT_ACTIONS[action];
  if (target === 'REPROVADA' && !justification?.trim()) throw fieldError('justificativa', REPLENISHMENT_MESSAGES.justificationRequired);
  const kept = target === 'REPROVADA' ? justification!.trim() : null;
  const orders = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const moved = await tx
      .update(replacements)
      .set({ status: target, justification: kept, ...(target === 'APROVADA' ? { approvedBy: auth.userId, approvedAt: now } : {}) })
      .where(and(eq(replacements.id, id), eq(replacements.companyId, companyId), eq(replacements.status, 'GERADA')))
      .returning({ description: replacements.description });
    if (moved.length === 0) {
      const current = await findOwn(tx, companyId, id);
      throw new DomainError('CONFLICT', REPLENISHMENT_MESSAGES.invalidTransition(current.status, action));
    }
    await tx.insert(replacementTransitions).values({ replacementId: id, status: target, userId: auth.userId, justification: kept, createdAt: now });
    await recordAudit(tx, {
      actor: auditActor(auth),
      entity: AUDIT_ENTITY,
      recordId: id,
      action: 'ALTERACAO',
      before: { status: 'GERADA' },
      after: { status: target, justificativa: kept },
    });
    return target === 'APROVADA' ? queuePurchaseOrders(tx, companyId, id, moved[0].description) : 0;
  });
  if (orders > 0) await requestSend(ctx, auth, companyId);
  return { message: ACTION_MESSAGES[action], reposicao: await getReplacement(ctx.db, auth, id) };
}

/**
 * Puts an approved replacement's purchase orders in the ERP outgoing queue, in the approval's
 * transaction: the items with a quantity to order whose ERP product is known, grouped by supplier
 * (catalogue publisher; items without one together), PURCHASE_ORDER_MAX_LINES lines per order at
 * most. Each order is `erpOrderOutSchema` tipo COMPRA, `referencia` `purchaseOrderReference`, no
 * client or seller, each line the ERP product id, the quantity and the unit cost in cents (null
 * when unknown); one `reposicao_pedido_compra` row per order names its queue item.
 * @returns the number of orders queued
 */
async function queuePurchaseOrders(tx: Executor, companyId: number, replacementId: number, description: string): Promise<number> {
  const lines = await selectOrderableLines(tx, replacementId);
  const groups: { publisherId: number | null; publisher: string | null; part: number; lines: typeof lines }[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.publisherId === line.publisherId && last.lines.length < PURCHASE_ORDER_MAX_LINES) last.lines.push(line);
    else groups.push({ publisherId: line.publisherId, publisher: line.publisher, part: last && last.publisherId === line.publisherId ? last.part + 1 : 1, lines: [line] });
  }
  if (groups.length === 0) return 0;
  const items: OutgoingItemInput[] = groups.map((g) => {
    const referencia = purchaseOrderReference(replacementId, g.publisherId, g.part);
    return {
      tipo: 'PEDIDO',
      referencia,
      descricao: `Pedido de compra ${referencia} da reposição ${replacementId}: ${g.publisher ?? 'sem editora'}`,
      conteudo: {
        tipo: 'COMPRA',
        referencia,
        idCliente: null,
        idVendedor: null,
        observacao: `Reposição ${replacementId}: ${description}`.slice(0, 1000),
        itens: g.lines.map((l) => ({ idProduto: l.erpId, quantidade: l.quantity, precoUnitarioCentavos: l.unitCostCents })),
      },
    };
  });
  const queueIds = await enqueueOutgoingMany(tx, companyId, items);
  await tx.insert(replacementPurchaseOrders).values(
    groups.map((g, i) => ({
      replacementId,
      publisherId: g.publisherId,
      publisher: g.publisher,
      reference: items[i].referencia,
      items: g.lines.length,
      quantity: g.lines.reduce((sum, l) => sum + l.quantity, 0),
      outgoingItemId: queueIds[i],
    })),
  );
  return groups.length;
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

/**
 * Whose replacement history (`GET auditoria?entidade=reposicao`) a caller reads: the entries made
 * in their selected company (replacements are per company). Listed by the composition root
 * (`domains.ts`, AUDIT_SCOPES).
 */
export const REPLACEMENT_AUDIT_SCOPES: AuditScopes = {
  reposicao: async (_db, auth) => [auth.companyId ?? -1],
};
