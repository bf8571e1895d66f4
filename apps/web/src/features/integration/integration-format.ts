import type { ErpEntity, IntegrationDaily } from '@acervo/contracts';

/**
 * Formatting and chart helpers of the integration screens (pure, unit-tested).
 */

/** A body as the log's detail shows it: pretty-printed JSON (2 spaces), or the text as is. */
export interface ShownBody {
  json: boolean;
  text: string;
}

/**
 * Pretty-prints a request/response body when it is JSON (object, array...), keeps it as plain
 * text otherwise (an HTML error page, a body cut at the log's cap with '…[truncado]').
 * @returns null for a null or empty body
 */
export function prettyBody(body: string | null | undefined): ShownBody | null {
  if (body === null || body === undefined || body.trim() === '') return null;
  try {
    return { json: true, text: JSON.stringify(JSON.parse(body), null, 2) };
  } catch {
    return { json: false, text: body };
  }
}

/**
 * A number of minutes in words: `45 min`, `2 h 5 min`, `3 d 4 h` (pt-BR abbreviations).
 * @param minutes whole minutes ≥ 0
 */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  return h ? `${d} d ${h} h` : `${d} d`;
}

/** `YYYY-MM-DD` → `DD/MM` (chart axis). */
export function shortDay(day: string): string {
  const [, m, d] = day.split('-');
  return `${d}/${m}`;
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`; '' for anything else. */
export function isoDayToBr(day: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * One series per entity type over `days`: records received each day (0 where the answer has no
 * row), in the order of `entities`.
 */
export function dailySeries(days: readonly string[], daily: readonly IntegrationDaily[], entities: readonly ErpEntity[]): { entidade: ErpEntity; data: number[] }[] {
  const index = new Map(days.map((day, i) => [day, i]));
  const out = new Map(entities.map((entidade) => [entidade, new Array<number>(days.length).fill(0)]));
  for (const row of daily) {
    const i = index.get(row.dia);
    const data = out.get(row.entidade);
    if (i !== undefined && data) data[i] += row.registros;
  }
  return entities.map((entidade) => ({ entidade, data: out.get(entidade) ?? [] }));
}

/** Entity types that received at least one record in `daily` (the chart starts with them on). */
export function entitiesWithData(daily: readonly IntegrationDaily[]): Set<ErpEntity> {
  return new Set(daily.filter((row) => row.registros > 0).map((row) => row.entidade));
}
