import { sql } from 'drizzle-orm';
import type { ReplenishmentCalculationRequest, ReplenishmentTotals } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { replenishmentCalculationLines, replenishmentCalculations } from '../replenishment.schema.ts';

/**
 * Test helper of the replacements (issue 18 Part 3): writes a stored calculation and its lines
 * straight into `reposicao_calculo` / `reposicao_calculo_item`, as the calculation (Part 2) would,
 * so generation and approval are tested without running the forecasts.
 */

/** One line to store: a catalogue product with its company ERP product, supplier and quantities. */
export interface CalculationLineFixture {
  productId: number;
  erpProductId: number | null;
  title: string;
  isbn13?: string | null;
  publisherId: number | null;
  publisher: string | null;
  available?: number;
  suggested: number;
  toOrder: number;
  coverPriceCents?: number | null;
  unitCostCents?: number | null;
}

/** Parameters recorded with every fixture calculation. */
export const FIXTURE_PARAMETERS: ReplenishmentCalculationRequest = { dataInicio: '2025-01-01', dataFim: '2025-12-31', metodoPonderacao: 'AUTOMATICO', nivelServico: 90 };

/**
 * Stores a calculation of `companyId` with `lines`.
 * @param expiresAt when the result expires (default 24 h from now; a past date makes it expired; null = kept)
 * @returns the calculation id
 */
export async function insertCalculation(db: Executor, companyId: number, lines: CalculationLineFixture[], expiresAt: Date | null = new Date(Date.now() + 24 * 3600_000)): Promise<number> {
  const totals: ReplenishmentTotals = {
    itens: lines.length,
    itensComSugestao: lines.filter((l) => l.suggested > 0).length,
    quantidadeSugerida: lines.reduce((s, l) => s + l.suggested, 0),
    quantidadePedido: lines.reduce((s, l) => s + l.toOrder, 0),
    valorCapaCentavos: lines.reduce((s, l) => s + l.toOrder * (l.coverPriceCents ?? 0), 0),
    valorCustoCentavos: lines.reduce((s, l) => s + l.toOrder * (l.unitCostCents ?? 0), 0),
  };
  const [calc] = await db
    .insert(replenishmentCalculations)
    .values({ companyId, parameters: FIXTURE_PARAMETERS, totals, historyStart: '2025-01', durationMs: 12, expiresAt })
    .returning({ id: replenishmentCalculations.id });
  if (lines.length > 0)
    await db.insert(replenishmentCalculationLines).values(
      lines.map((l) => ({
        calculationId: calc.id,
        productId: l.productId,
        erpProductId: l.erpProductId,
        isbn13: l.isbn13 ?? null,
        title: l.title,
        publisherId: l.publisherId,
        publisher: l.publisher,
        physical: l.available ?? 0,
        reserved: 0,
        blocked: 0,
        onOrder: 0,
        available: l.available ?? 0,
        network: 0,
        meanDemand: 1.5,
        level: l.suggested + (l.available ?? 0),
        suggested: l.suggested,
        toOrder: l.toOrder,
        coverPriceCents: l.coverPriceCents ?? null,
        unitCostCents: l.unitCostCents ?? null,
        method: 'TSB' as const,
        history: [1, 0, 2, 1, 0, 3],
      })),
    );
  return calc.id;
}

/** Inserts a catalogue publisher; returns its id. */
export async function insertPublisher(db: Executor, name: string): Promise<number> {
  const rows = resultRows<{ id: number }>(await db.execute(sql`INSERT INTO editora (nome, nome_chave) VALUES (${name}, ${name.toLowerCase()}) RETURNING id`));
  return Number(rows[0].id);
}
