/**
 * Stockout correction: a month the title had no available stock shows less demand than there was
 * (sales are censored at the stock), and a registered lost sale (Terminal) is demand that was not
 * served. Before forecasting, each such month is raised:
 *   - lost sales registered: observed + lost;
 *   - month without available stock: max(observed + lost, estimate), the estimate being the mean of
 *     the uncensored months among the 12 before it (the 12 after when none before; all uncensored
 *     months when none near; left as observed + lost when every month is censored).
 * Months are never lowered. Each change is returned so the explanation shows it as numbers.
 */

/** Stock facts of one month, aligned with the history. */
export interface StockMonth {
  /** True when the title had no available stock for the month (or most of it). */
  noStock: boolean;
  /** Lost sales registered that month (units ≥ 0). */
  lostSales: number;
}

/** One corrected month. */
export interface StockoutCorrection {
  /** Index in the history (0 = oldest month). */
  index: number;
  /** Demand as sold. */
  observed: number;
  /** Demand used for the forecast. */
  corrected: number;
  /** 'VENDA_PERDIDA' (lost sales added) or 'SEM_ESTOQUE' (censored month raised to the estimate). */
  reason: 'VENDA_PERDIDA' | 'SEM_ESTOQUE';
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Applies the stockout correction.
 * @param history monthly demand as sold, oldest first
 * @param stock stock facts per month (same length; missing entries mean no stockout and no lost sale)
 * @returns the corrected series and the list of changed months
 */
export function correctStockouts(
  history: readonly number[],
  stock: readonly (StockMonth | undefined)[],
): { values: number[]; corrections: StockoutCorrection[] } {
  const censored = history.map((_, i) => stock[i]?.noStock === true);
  const uncensored = (from: number, to: number): number[] =>
    history.slice(Math.max(0, from), Math.max(0, to)).filter((_, k) => !censored[Math.max(0, from) + k]);
  const values = [...history];
  const corrections: StockoutCorrection[] = [];
  history.forEach((observed, i) => {
    const s = stock[i];
    if (!s) return;
    const lost = Math.max(0, s.lostSales || 0);
    let corrected = observed + lost;
    let reason: StockoutCorrection['reason'] = 'VENDA_PERDIDA';
    if (s.noStock) {
      let near = uncensored(i - 12, i);
      if (near.length === 0) near = uncensored(i + 1, i + 13);
      if (near.length === 0) near = history.filter((_, k) => !censored[k]);
      if (near.length > 0 && mean(near) > corrected) {
        corrected = mean(near);
        reason = 'SEM_ESTOQUE';
      }
    }
    if (corrected > observed) {
      values[i] = corrected;
      corrections.push({ index: i, observed, corrected, reason });
    }
  });
  return { values, corrections };
}
