import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/*
 * Stockout history (issue 18 Part 1 "stockout correction"; docs/replenishment.md): `erp_estoque`
 * holds the ERP's stock as it is now, so the months a title had no available stock cannot be read
 * back from it. Once a day (built-in task REGISTRO_RUPTURA_ESTOQUE) every company's stock is looked
 * at: the company's month gains an observed day (`estoque_observacao_mes`) and each ERP product
 * without available stock a day without stock (`estoque_ruptura_mes`). A calculation then treats a
 * month as without stock when the product had none on at least half of the days observed in it
 * (`STOCKOUT_SHARE`), and raises that month's demand (forecast/stockout.ts).
 */

/** Share of a month's observed days without available stock from which the month counts as without stock. */
export const STOCKOUT_SHARE = 0.5;

/** What one look at the stock recorded. */
export interface StockoutRecord {
  /** The day looked at (America/Sao_Paulo), `YYYY-MM-DD`. */
  dia: string;
  /** Companies whose month gained this day (0 when the day had already been recorded). */
  empresas: number;
  /** ERP products found without available stock in those companies. */
  produtosSemEstoque: number;
}

/**
 * Records one day of stock of every company with ERP products: the day counts once per company
 * (a second run the same day records nothing), and each complete ERP product whose available stock
 * (fisico − reservado − bloqueado; 0 without a stock record, as the calculation reads it) is 0 or
 * less gains a day without stock in the month. One statement: all or nothing.
 * @param day the day to record, `YYYY-MM-DD` (default: today in America/Sao_Paulo)
 */
export async function recordStockouts(db: Executor, day?: string): Promise<StockoutRecord> {
  const today = day ? sql`${day}::date` : sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
  const [row] = resultRows<{ dia: string; empresas: number; produtos: number }>(
    await db.execute(sql`WITH hoje AS (SELECT ${today} AS d),
      observada AS (
        INSERT INTO estoque_observacao_mes (empresa_id, mes, dias, ultimo_dia)
        SELECT e.id, date_trunc('month', h.d)::date, 1, h.d FROM empresa e CROSS JOIN hoje h
        WHERE EXISTS (SELECT 1 FROM erp_produto p WHERE p.empresa_id = e.id)
        ON CONFLICT (empresa_id, mes) DO UPDATE SET dias = estoque_observacao_mes.dias + 1, ultimo_dia = EXCLUDED.ultimo_dia
          WHERE estoque_observacao_mes.ultimo_dia < EXCLUDED.ultimo_dia
        RETURNING empresa_id, mes
      ), ruptura AS (
        INSERT INTO estoque_ruptura_mes (empresa_id, produto_id, mes, dias_sem_estoque)
        SELECT p.empresa_id, p.id, o.mes, 1
        FROM observada o
        JOIN erp_produto p ON p.empresa_id = o.empresa_id AND p.alterado_em_erp IS NOT NULL
        LEFT JOIN erp_estoque s ON s.produto_id = p.id
        WHERE COALESCE(s.fisico, 0) - COALESCE(s.reservado, 0) - COALESCE(s.bloqueado, 0) <= 0
        ON CONFLICT (empresa_id, mes, produto_id) DO UPDATE SET dias_sem_estoque = estoque_ruptura_mes.dias_sem_estoque + 1
        RETURNING 1
      )
      SELECT to_char((SELECT d FROM hoje), 'YYYY-MM-DD') AS dia, (SELECT count(*) FROM observada)::int AS empresas, (SELECT count(*) FROM ruptura)::int AS produtos`),
  );
  return { dia: row.dia, empresas: Number(row.empresas), produtosSemEstoque: Number(row.produtos) };
}
