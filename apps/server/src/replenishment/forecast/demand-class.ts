/**
 * Syntetos–Boylan demand classes (Syntetos, Boylan & Croston 2005; cut-offs as in Syntetos & Boylan
 * 2005): ADI = average interval between months with demand, CV² = squared coefficient of variation
 * of the non-zero demand sizes.
 *   ADI ≤ 1.32 and CV² ≤ 0.49 → SUAVE (smooth);  ADI ≤ 1.32 and CV² > 0.49 → ERRATICA (erratic);
 *   ADI > 1.32 and CV² ≤ 0.49 → INTERMITENTE;      ADI > 1.32 and CV² > 0.49 → IRREGULAR (lumpy).
 */

/** The four classes (pt-BR names; en: smooth, erratic, intermittent, lumpy) and SEM_DEMANDA for no sale at all. */
export type DemandClass = 'SUAVE' | 'ERRATICA' | 'INTERMITENTE' | 'IRREGULAR' | 'SEM_DEMANDA';

/** ADI cut-off. */
export const ADI_CUT = 1.32;
/** CV² cut-off. */
export const CV2_CUT = 0.49;

/** A series' class and the numbers behind it. */
export interface DemandPattern {
  demandClass: DemandClass;
  /** Months / months with demand (Infinity when none). */
  adi: number;
  /** Variance / mean² of the non-zero sizes (population variance; 0 with one demand). */
  cv2: number;
  /** Months with demand. */
  demandMonths: number;
}

/**
 * Classifies a monthly series. ADI = n / (number of months with y > 0), i.e. the mean interval
 * between demands counting the start; CV² over the non-zero months.
 * @param history monthly demand, oldest first
 */
export function classifyDemand(history: readonly number[]): DemandPattern {
  const sizes = history.filter((v) => v > 0);
  if (sizes.length === 0) return { demandClass: 'SEM_DEMANDA', adi: Infinity, cv2: 0, demandMonths: 0 };
  const adi = history.length / sizes.length;
  const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  const variance = sizes.reduce((a, v) => a + (v - mean) ** 2, 0) / sizes.length;
  const cv2 = variance / (mean * mean);
  const intermittent = adi > ADI_CUT;
  const variable = cv2 > CV2_CUT;
  const demandClass: DemandClass = intermittent ? (variable ? 'IRREGULAR' : 'INTERMITENTE') : variable ? 'ERRATICA' : 'SUAVE';
  return { demandClass, adi, cv2, demandMonths: sizes.length };
}
