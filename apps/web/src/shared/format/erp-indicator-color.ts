/* Shared by the top bar's ERP indicator (features/layout) and the ERP statistics page (features/integration). */
/** Colour of the ERP integration indicator (MUI palette names); `default` when there is no value. */
export type ErpIndicatorColor = 'success' | 'warning' | 'error' | 'default';

/**
 * Colour rule of SPEC section 2 "ERP integration indicator": above 75 success, 50 to 75 inclusive
 * warning, below 50 error.
 * @param percent integration percentage (0–100), or null/NaN when unknown
 */
export function erpIndicatorColor(percent: number | null | undefined): ErpIndicatorColor {
  if (percent === null || percent === undefined || Number.isNaN(percent)) return 'default';
  if (percent > 75) return 'success';
  if (percent >= 50) return 'warning';
  return 'error';
}

/**
 * The percentage with 2 decimals in pt-BR (`87,50`), as the indicator title shows it
 * ('Integração com o ERP: 87,50%'), or in English (`87.50`).
 * @param locale BCP 47 language of the interface (default pt-BR)
 */
export function formatErpPercent(percent: number, locale: string = 'pt-BR'): string {
  return percent.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
