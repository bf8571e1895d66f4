/**
 * The forecaster's file formats (the `npm run forecast` command, and the bench):
 * input  `serie,periodo,quantidade` — one row per series and month, `periodo` YYYY-MM, every month of a
 *        series present (zeros included), quantity a number ≥ 0 (`.` decimal point);
 * output `serie,periodo,media,q10,q20,…,q90` — one row per series and future month.
 * Parsed with csv-parse (quotes allowed; comma separator); errors name the file line.
 */
import { parse } from 'csv-parse/sync';
import { QUANTILE_LEVELS } from './distribution.ts';
import type { SeriesForecast } from './forecast.ts';

/** One series read from the file. */
export interface HistorySeries {
  /** The `serie` value as written. */
  id: string;
  /** First month, YYYY-MM. */
  start: string;
  /** Monthly quantities from `start`, consecutive months. */
  values: number[];
}

/** Result of {@link parseHistoryCsv}: the series in first-appearance order, or the errors (pt-BR, with line numbers). */
export type ParsedHistory = { ok: true; series: HistorySeries[] } | { ok: false; errors: string[] };

const REQUIRED = ['serie', 'periodo', 'quantidade'] as const;
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const MAX_ERRORS = 20;

/** Month index (year·12 + month − 1) of a YYYY-MM period. */
export function monthIndex(period: string): number {
  const m = PERIOD.exec(period);
  if (!m) return NaN;
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

/** YYYY-MM of a month index. */
export function periodOf(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Reads a history file. Checks, each reported with its line (up to 20 errors): the header has
 * serie, periodo and quantidade (any order, other columns ignored); each row has a series id, a
 * YYYY-MM period and a non-negative number; no month repeats within a series; no month is missing
 * between a series' first and last month (rows may come in any order); the file has data rows.
 * @param text the file's contents (UTF-8, BOM allowed)
 */
export function parseHistoryCsv(text: string): ParsedHistory {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as unknown as typeof rows;
  } catch (err) {
    const e = err as { lines?: number; code?: string; message?: string };
    return { ok: false, errors: [`linha ${e.lines ?? 1}: CSV inválido (${e.code ?? e.message})`] };
  }
  if (rows.length === 0) return { ok: false, errors: ['linha 1: arquivo vazio; esperado o cabeçalho serie,periodo,quantidade'] };
  const header = rows[0].record.map((h) => h.toLowerCase());
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length > 0)
    return { ok: false, errors: [`linha ${rows[0].info.lines}: coluna obrigatória ausente: ${missing.join(', ')} (esperado serie,periodo,quantidade)`] };
  if (rows.length === 1) return { ok: false, errors: [`linha ${rows[0].info.lines}: arquivo sem dados; só o cabeçalho`] };
  const [iSerie, iPeriodo, iQtd] = REQUIRED.map((c) => header.indexOf(c));
  const errors: string[] = [];
  const bySeries = new Map<string, Map<number, { value: number; line: number }>>();
  for (const { record, info } of rows.slice(1)) {
    if (errors.length >= MAX_ERRORS) break;
    const line = info.lines;
    const id = record[iSerie] ?? '';
    const period = record[iPeriodo] ?? '';
    const qty = record[iQtd] ?? '';
    if (id === '') {
      errors.push(`linha ${line}: serie vazia`);
      continue;
    }
    const month = monthIndex(period);
    if (Number.isNaN(month)) {
      errors.push(`linha ${line}: periodo "${period}" inválido; use AAAA-MM`);
      continue;
    }
    if (!NUMBER.test(qty)) {
      errors.push(`linha ${line}: quantidade "${qty}" não é um número`);
      continue;
    }
    const value = Number(qty);
    if (value < 0) {
      errors.push(`linha ${line}: quantidade ${qty} negativa; informe a demanda líquida ≥ 0`);
      continue;
    }
    let months = bySeries.get(id);
    if (!months) bySeries.set(id, (months = new Map()));
    const previous = months.get(month);
    if (previous) {
      errors.push(`linha ${line}: serie ${id} repete o periodo ${period} (já na linha ${previous.line})`);
      continue;
    }
    months.set(month, { value, line });
  }
  const series: HistorySeries[] = [];
  for (const [id, months] of bySeries) {
    const keys = [...months.keys()].sort((a, b) => a - b);
    const values: number[] = [];
    for (let k = 0; k < keys.length; k++) {
      if (k > 0 && keys[k] !== keys[k - 1] + 1) {
        const after = months.get(keys[k])!;
        const gap = keys[k] - keys[k - 1] - 1;
        errors.push(
          `linha ${after.line}: serie ${id} sem ${gap === 1 ? 'o mês' : `${gap} meses`} entre ${periodOf(keys[k - 1])} e ${periodOf(keys[k])}; todos os meses devem estar presentes (zero quando não houve venda)`,
        );
        break;
      }
      values.push(months.get(keys[k])!.value);
    }
    series.push({ id, start: periodOf(keys[0]), values });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  return { ok: true, series };
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rounds a mean for the output file (3 decimals, no trailing zeros). */
function formatMean(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** Output header: serie,periodo,media,q10,…,q90. */
export const FORECAST_HEADER = ['serie', 'periodo', 'media', ...QUANTILE_LEVELS.map((q) => `q${Math.round(q * 100)}`)].join(',');

/**
 * Writes forecasts in the output format, one row per series and future month, the months following
 * each series' last month.
 * @param rows each series with its forecast
 * @returns the file text, header first, `\n` line ends
 */
export function formatForecastCsv(rows: { series: HistorySeries; forecast: SeriesForecast }[]): string {
  const lines = [FORECAST_HEADER];
  for (const { series, forecast } of rows) {
    const next = monthIndex(series.start) + series.values.length;
    forecast.months.forEach((m, h) => {
      lines.push([csvField(series.id), periodOf(next + h), formatMean(m.mean), ...m.quantiles.map(String)].join(','));
    });
  }
  return lines.join('\n') + '\n';
}
