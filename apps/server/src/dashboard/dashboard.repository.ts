import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import type { ClosingPeriod } from './business-days.ts';

/** Reads of the dashboard outside the billing figures (which come from the reports domain). */

/** The active companies `userId` is linked to with an active profile, `{id, nome}` by name then id. */
export async function listLinkedCompanies(db: Executor, userId: number): Promise<{ id: number; nome: string }[]> {
  const rows = resultRows<{ id: number; nome: string }>(
    await db.execute(sql`SELECT e.id, e.nome FROM usuario_empresa ue
      JOIN empresa e ON e.id = ue.empresa_id AND e.ativo
      JOIN perfil pf ON pf.id = ue.perfil_id AND pf.ativo
      WHERE ue.usuario_id = ${userId}::int ORDER BY lower(e.nome), e.id`),
  );
  return rows.map((r) => ({ id: Number(r.id), nome: r.nome }));
}

/** The closing days of `companyId` between `from` and `to` (inclusive), as day → period. */
export async function listClosingDays(db: Executor, companyId: number, from: string, to: string): Promise<Map<string, ClosingPeriod>> {
  const rows = resultRows<{ data: string; periodo: ClosingPeriod }>(
    await db.execute(sql`SELECT to_char(data, 'YYYY-MM-DD') AS data, periodo FROM empresa_dia_fechamento
      WHERE empresa_id = ${companyId}::int AND data BETWEEN ${from}::date AND ${to}::date`),
  );
  return new Map(rows.map((r) => [r.data, r.periodo]));
}

/**
 * Stock now of the products behind the billing report's product keys (`chave`: the EAN, or
 * `id:` + ERP id for a product without one) in `companyId`: `fisico` on hand and `disponivel`
 * = on hand − reserved − blocked (as the Terminal), summed over the company's products with that
 * key; 0 for a key without stock.
 */
export async function stockByProductKey(db: Executor, companyId: number, keys: readonly string[]): Promise<Map<string, { fisico: number; disponivel: number }>> {
  if (keys.length === 0) return new Map();
  const rows = resultRows<{ chave: string; fisico: string | number; disponivel: string | number }>(
    await db.execute(sql`SELECT k.value AS chave, COALESCE(sum(es.fisico), 0)::bigint AS fisico,
        COALESCE(sum(es.fisico - es.reservado - es.bloqueado), 0)::bigint AS disponivel
      FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) k
      LEFT JOIN erp_produto p ON p.empresa_id = ${companyId}::int
        AND ((p.ean IS NOT NULL AND p.ean = k.value) OR (p.ean IS NULL AND 'id:' || p.id_erp = k.value))
      LEFT JOIN erp_estoque es ON es.produto_id = p.id
      GROUP BY k.value`),
  );
  return new Map(rows.map((r) => [r.chave, { fisico: Number(r.fisico), disponivel: Number(r.disponivel) }]));
}
