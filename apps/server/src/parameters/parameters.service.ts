import { inArray } from 'drizzle-orm';
import { PARAMETER_DEFAULTS, type ParameterKey } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { parameters } from './parameters.schema.ts';

/**
 * Reads parameters, falling back to PARAMETER_DEFAULTS for keys with no row.
 * @returns a map key → text value for the keys asked
 */
export async function getParameters<K extends ParameterKey>(db: Executor, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await db.select().from(parameters).where(inArray(parameters.key, keys as readonly string[] as string[]));
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = PARAMETER_DEFAULTS[key];
  for (const row of rows) out[row.key as K] = row.value;
  return out;
}

/**
 * Reads one numeric parameter (days, minutes…).
 * @returns the number, or the default when the stored text is not a positive number
 */
export async function getNumberParameter(db: Executor, key: ParameterKey): Promise<number> {
  const { [key]: raw } = await getParameters(db, [key]);
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : Number(PARAMETER_DEFAULTS[key]);
}

/** Writes every default parameter that has no row yet (first start). */
export async function seedParameterDefaults(db: Executor): Promise<void> {
  const values = Object.entries(PARAMETER_DEFAULTS).map(([key, value]) => ({ key, value }));
  await db.insert(parameters).values(values).onConflictDoNothing();
}
