import { and, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { ErpEntity, ParameterKey } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { integrationLogs } from '../integration/integration.schema.ts';
import { getNumberParameter } from '../parameters/parameters.service.ts';

/**
 * Which retention parameter (SPEC section 3: product, product-stock, author, publisher and sales
 * integration logs) keeps the log rows of each entity type:
 * - PRODUTO, TIPO_PRODUTO, ASSUNTO (the product and its registers) → LOG_RETENCAO_PRODUTO_DIAS;
 * - ESTOQUE → LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS;
 * - AUTOR, TIPO_CONTRIBUICAO → LOG_RETENCAO_AUTOR_DIAS;
 * - SELO (imprints, which carry their publisher) → LOG_RETENCAO_EDITORA_DIAS;
 * - VENDA → LOG_RETENCAO_VENDA_DIAS.
 * Every other row (clients, sellers, fiscal operations, payment forms, carriers, and the rows
 * without an entity: login, health, product and order sends) is kept for the longest of the five.
 */
export const LOG_RETENTION_BY_ENTITY: Readonly<Partial<Record<ErpEntity, ParameterKey>>> = {
  PRODUTO: 'LOG_RETENCAO_PRODUTO_DIAS',
  TIPO_PRODUTO: 'LOG_RETENCAO_PRODUTO_DIAS',
  ASSUNTO: 'LOG_RETENCAO_PRODUTO_DIAS',
  ESTOQUE: 'LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS',
  AUTOR: 'LOG_RETENCAO_AUTOR_DIAS',
  TIPO_CONTRIBUICAO: 'LOG_RETENCAO_AUTOR_DIAS',
  SELO: 'LOG_RETENCAO_EDITORA_DIAS',
  VENDA: 'LOG_RETENCAO_VENDA_DIAS',
};

const RETENTION_KEYS = ['LOG_RETENCAO_PRODUTO_DIAS', 'LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS', 'LOG_RETENCAO_AUTOR_DIAS', 'LOG_RETENCAO_EDITORA_DIAS', 'LOG_RETENCAO_VENDA_DIAS'] as const;

/**
 * Deletes the integration-log rows older than their retention (days, from the parameters; see
 * LOG_RETENTION_BY_ENTITY), one DELETE per retention parameter plus one for the rest.
 * @returns rows deleted
 */
export async function purgeIntegrationLogs(db: Executor, now = new Date()): Promise<number> {
  const days = new Map<ParameterKey, number>();
  for (const key of RETENTION_KEYS) days.set(key, await getNumberParameter(db, key));
  const longest = Math.max(...days.values());
  const cutoff = (d: number) => new Date(now.getTime() - d * 86_400_000);
  let deleted = 0;
  const mapped = Object.keys(LOG_RETENTION_BY_ENTITY) as ErpEntity[];
  for (const key of RETENTION_KEYS) {
    const entities = mapped.filter((e) => LOG_RETENTION_BY_ENTITY[e] === key);
    deleted += affected(await db.delete(integrationLogs).where(and(inArray(integrationLogs.entity, entities), lt(integrationLogs.createdAt, cutoff(days.get(key) as number)))));
  }
  deleted += affected(
    await db.delete(integrationLogs).where(and(or(isNull(integrationLogs.entity), notInArray(integrationLogs.entity, mapped)), lt(integrationLogs.createdAt, cutoff(longest)))),
  );
  return deleted;
}

/** Rows a statement changed, from node-postgres (`rowCount`) or PGlite (`affectedRows`). */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
