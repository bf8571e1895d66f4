import type { Executor } from '../db/client.ts';
import { goals } from './goals.schema.ts';

/**
 * Demo goals in integer cents (R$), January to December, of the two demo companies: the
 * distributor around R$ 200 mil a month and the publisher around R$ 80 mil, both higher in
 * January-February (school books) and November-December (year-end sales). Fixed figures, so demo
 * screens and screenshots are the same on every install.
 */
export const DEMO_MONTHLY_GOALS_CENTS: readonly (readonly number[])[] = [
  [28_000_000, 26_000_000, 19_000_000, 17_500_000, 18_000_000, 17_000_000, 18_500_000, 19_500_000, 18_000_000, 19_000_000, 23_000_000, 27_500_000],
  [11_000_000, 10_500_000, 7_500_000, 7_000_000, 7_200_000, 6_800_000, 7_400_000, 7_800_000, 7_200_000, 7_600_000, 9_200_000, 11_000_000],
];

/**
 * Seeds the demo goals of `years` (e.g. the current and the previous year; the previous year 5 %
 * lower) for `companyIds` in order (the first two get DEMO_MONTHLY_GOALS_CENTS). Goals already set
 * are left as they are.
 */
export async function seedDemoGoals(tx: Executor, companyIds: readonly number[], years: readonly number[]): Promise<void> {
  const newest = Math.max(...years);
  const rows = companyIds.slice(0, DEMO_MONTHLY_GOALS_CENTS.length).flatMap((companyId, c) =>
    years.flatMap((year) =>
      DEMO_MONTHLY_GOALS_CENTS[c].map((cents, i) => ({
        companyId,
        year,
        month: i + 1,
        // integer arithmetic: 95 % of a whole number of reais, rounded to whole cents
        valueCents: year === newest ? cents : Math.round((cents * 95) / 100),
      })),
    ),
  );
  if (rows.length) await tx.insert(goals).values(rows).onConflictDoNothing();
}
