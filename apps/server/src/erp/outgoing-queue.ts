import { and, eq, lt, sql } from 'drizzle-orm';
import { erpOrderOutSchema, erpProductOutSchema, type ErpOrderOut, type ErpProductOut } from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { outgoingItems } from '../integration/integration.schema.ts';
import type { TaskLogger } from '../schedules/task-kinds.ts';
import type { ErpConnector } from './erp-connector.ts';
import { ErpCallError } from './erp-http.ts';
import { resultRows } from './data/erp-data.repository.ts';

/** Attempts of an outgoing item before it stays ERRO (until someone retries it). */
export const OUTGOING_MAX_ATTEMPTS = 8;
/** Wait after the first failed attempt, minutes; doubled after each further failure (1, 2, 4 … 64). */
export const OUTGOING_FIRST_DELAY_MINUTES = 1;
/** An item ENVIANDO for longer than this (its sender died mid-call) goes back to PENDENTE, minutes. */
export const OUTGOING_STALE_SENDING_MINUTES = 10;
/** Longest ERP answer kept in `resposta`, characters. */
const RESPONSE_LIMIT = 4000;

/** An item to send: a catalogue product or an order, with the Acervo reference and a description for the screen. */
export type OutgoingItemInput =
  | { tipo: 'PRODUTO'; referencia: string; descricao: string; conteudo: ErpProductOut }
  | { tipo: 'PEDIDO'; referencia: string; descricao: string; conteudo: ErpOrderOut };

/**
 * Puts a product or an order in the outgoing queue (`fila_integracao`, PENDENTE, due now), in the
 * caller's transaction `tx` so the change that asks for it and the item commit together. The
 * catalogue issue enqueues products, the order issues orders; the ENVIAR_FILA_ERP task sends them.
 * @returns the queue item's id
 * @throws ZodError when `conteudo` does not follow the protocol body (`ErpProductOut`/`ErpOrderOut`)
 */
export async function enqueueOutgoing(tx: Executor, companyId: number, item: OutgoingItemInput): Promise<number> {
  const [id] = await enqueueOutgoingMany(tx, companyId, [item]);
  return id;
}

/**
 * `enqueueOutgoing` for many items in one INSERT (the product import queues a batch of up to
 * 1,000 products at once), in the caller's transaction.
 * @returns the queue items' ids, in the order given
 * @throws ZodError when a `conteudo` does not follow the protocol body
 */
export async function enqueueOutgoingMany(tx: Executor, companyId: number, items: readonly OutgoingItemInput[]): Promise<number[]> {
  if (items.length === 0) return [];
  const values = items.map((item) => ({
    empresa_id: companyId,
    tipo: item.tipo,
    referencia: item.referencia.slice(0, 100),
    descricao: item.descricao.slice(0, 500),
    conteudo: item.tipo === 'PRODUTO' ? erpProductOutSchema.parse(item.conteudo) : erpOrderOutSchema.parse(item.conteudo),
  }));
  // one JSON parameter, not a VALUES list of 5 parameters per item (see `recordAudits`); WITH
  // ORDINALITY keeps the ids in the order given
  const result = await tx.execute(sql`INSERT INTO fila_integracao (empresa_id, tipo, referencia, descricao, conteudo)
    SELECT r.empresa_id, r.tipo, r.referencia, r.descricao, r.conteudo
    FROM jsonb_array_elements(${JSON.stringify(values)}::jsonb) WITH ORDINALITY AS e(item, n),
      jsonb_to_record(e.item) AS r(empresa_id int, tipo varchar, referencia varchar, descricao varchar, conteudo jsonb)
    ORDER BY e.n
    RETURNING id`);
  return resultRows<{ id: number }>(result).map((r) => Number(r.id));
}

/** Minutes to wait after the `attempts`-th failed attempt: 1, 2, 4, 8 … (OUTGOING_FIRST_DELAY_MINUTES × 2^(attempts−1)). */
export function outgoingBackoffMinutes(attempts: number): number {
  return OUTGOING_FIRST_DELAY_MINUTES * 2 ** Math.max(0, attempts - 1);
}

type ClaimedItem = { id: number; companyId: number; kind: 'PRODUTO' | 'PEDIDO'; payload: unknown; attempts: number };

/**
 * Claims the next due PENDENTE item: a conditional UPDATE to ENVIANDO (`WHERE status = 'PENDENTE'`)
 * on the oldest due row, skipping rows another sender has locked, so two senders (two processes)
 * never take one item.
 */
export async function claimNextOutgoing(db: Executor, now: Date): Promise<ClaimedItem | null> {
  const result = await db.execute<{ id: number; empresa_id: number; tipo: 'PRODUTO' | 'PEDIDO'; conteudo: unknown; tentativas: number }>(sql`
    UPDATE fila_integracao SET status = 'ENVIANDO', data_alteracao = ${now.toISOString()}::timestamptz
    WHERE id = (
      SELECT id FROM fila_integracao
      WHERE status = 'PENDENTE' AND proxima_tentativa <= ${now.toISOString()}::timestamptz
      ORDER BY proxima_tentativa, id
      LIMIT 1 FOR UPDATE SKIP LOCKED
    ) AND status = 'PENDENTE'
    RETURNING id, empresa_id, tipo, conteudo, tentativas`);
  const row = (result as unknown as { rows: { id: number; empresa_id: number; tipo: 'PRODUTO' | 'PEDIDO'; conteudo: unknown; tentativas: number }[] }).rows[0];
  if (!row) return null;
  return { id: Number(row.id), companyId: Number(row.empresa_id), kind: row.tipo, payload: typeof row.conteudo === 'string' ? JSON.parse(row.conteudo) : row.conteudo, attempts: Number(row.tentativas) };
}

/** The ERP's answer of a failed send, for `resposta`. */
function failureText(err: unknown): string {
  if (err instanceof ErpCallError) return (err.responseBody ? `${err.message}\n${err.responseBody}` : err.message).slice(0, RESPONSE_LIMIT);
  return String((err as Error)?.message ?? err).slice(0, RESPONSE_LIMIT);
}

/**
 * Sends due items of the outgoing queue, one at a time, until none is due or `maxItems` were
 * taken: claims one (`claimNextOutgoing`), sends it with the connector, then ENVIADO with the ERP's
 * id, or — on failure — PENDENTE again after `outgoingBackoffMinutes(attempts)`, or ERRO with the
 * ERP's answer after OUTGOING_MAX_ATTEMPTS attempts. Items ENVIANDO for more than
 * OUTGOING_STALE_SENDING_MINUTES (a sender killed mid-call) are first put back to PENDENTE.
 * @returns counts of the run
 */
export async function sendOutgoingQueue(
  deps: { db: Db; log?: TaskLogger; now?: () => Date; maxItems?: number; afterItem?: () => Promise<void> },
  connector: ErpConnector,
  signal?: AbortSignal,
): Promise<{ enviados: number; reagendados: number; erros: number }> {
  const now = deps.now ?? (() => new Date());
  const counts = { enviados: 0, reagendados: 0, erros: 0 };
  await deps.db
    .update(outgoingItems)
    .set({ status: 'PENDENTE', updatedAt: now() })
    .where(and(eq(outgoingItems.status, 'ENVIANDO'), lt(outgoingItems.updatedAt, new Date(now().getTime() - OUTGOING_STALE_SENDING_MINUTES * 60_000))));
  const codes = new Map((await deps.db.select({ id: companies.id, code: companies.erpCode }).from(companies)).map((c) => [c.id, c.code]));
  const maxItems = deps.maxItems ?? 1000;
  for (let taken = 0; taken < maxItems; taken++) {
    signal?.throwIfAborted();
    const item = await claimNextOutgoing(deps.db, now());
    if (!item) break;
    const attempts = item.attempts + 1;
    try {
      const code = codes.get(item.companyId);
      if (!code) throw new Error('Empresa sem código no ERP');
      const answer =
        item.kind === 'PRODUTO'
          ? await connector.sendProduct(code, erpProductOutSchema.parse(item.payload), signal, item.companyId)
          : await connector.sendOrder(code, erpOrderOutSchema.parse(item.payload), signal, item.companyId);
      await deps.db
        .update(outgoingItems)
        .set({ status: 'ENVIADO', erpId: answer.id, attempts, response: JSON.stringify(answer).slice(0, RESPONSE_LIMIT), sentAt: now(), updatedAt: now() })
        .where(eq(outgoingItems.id, item.id));
      counts.enviados++;
    } catch (err) {
      if (signal?.aborted) {
        await deps.db.update(outgoingItems).set({ status: 'PENDENTE', updatedAt: now() }).where(eq(outgoingItems.id, item.id));
        throw err;
      }
      const last = attempts >= OUTGOING_MAX_ATTEMPTS;
      await deps.db
        .update(outgoingItems)
        .set({
          status: last ? 'ERRO' : 'PENDENTE',
          attempts,
          response: failureText(err),
          nextAttemptAt: last ? now() : new Date(now().getTime() + outgoingBackoffMinutes(attempts) * 60_000),
          updatedAt: now(),
        })
        .where(eq(outgoingItems.id, item.id));
      if (last) counts.erros++;
      else counts.reagendados++;
    }
    await deps.afterItem?.();
  }
  return counts;
}
