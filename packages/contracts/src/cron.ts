import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';
// registers the pt_BR locale on cronstrue (a side effect of the import)
import 'cronstrue/locales/pt_BR.js';

/**
 * Cron periods of scheduled tasks (issue 6, part 5): validation, the pt-BR description and the
 * next due time. Kept libraries do the work: cron-parser 5 (parsing, next/previous occurrence in a
 * time zone) and cronstrue 3 (the human description, pt_BR locale). The web imports this module
 * only from the schedule screen, so both libraries stay in that screen's chunk.
 */

/** Time zone every period is evaluated in (the business runs on Brasília time). */
export const SCHEDULE_TIME_ZONE = 'America/Sao_Paulo';

/** Names of the five cron fields, in order, as error messages name them. */
export const CRON_FIELD_NAMES = ['minuto', 'hora', 'dia do mês', 'mês', 'dia da semana'] as const;

/** Largest repetition interval, in minutes (one day). */
export const MAX_REPEAT_MINUTES = 1440;

/** Message of a period that is not five fields. */
export const CRON_FIELD_COUNT_MESSAGE = 'Informe 5 campos separados por espaço: minuto, hora, dia do mês, mês e dia da semana';

function fields(expression: string): string[] {
  return expression.trim().split(/\s+/).filter(Boolean);
}

function parse(expression: string, currentDate?: Date) {
  return CronExpressionParser.parse(expression, { tz: SCHEDULE_TIME_ZONE, currentDate, strict: false });
}

/**
 * Why `expression` is not an accepted period, in pt-BR, or null when it is one. A period is a
 * standard 5-field cron expression (minute hour day-of-month month day-of-week; `*`, lists `1,5`,
 * ranges `1-5`, steps `*\/15`, month and weekday names) that both cron-parser and cronstrue accept
 * and that occurs at least once. Macros (`@daily`) and a seconds field are refused.
 * @example cronError('0 2 * * *') // null
 * @example cronError('0 25 * * *') // 'Valor inválido no campo hora: "25"'
 */
export function cronError(expression: string): string | null {
  const parts = fields(expression);
  if (parts.length !== 5) return CRON_FIELD_COUNT_MESSAGE;
  // each field alone first, so the message names the field at fault
  for (let i = 0; i < 5; i++) {
    const probe = parts.map((part, j) => (j === i ? part : '*')).join(' ');
    try {
      parse(probe);
      cronstrue.toString(probe, { locale: 'pt_BR' });
    } catch {
      return `Valor inválido no campo ${CRON_FIELD_NAMES[i]}: "${parts[i]}"`;
    }
  }
  try {
    parse(parts.join(' ')).next();
    cronstrue.toString(parts.join(' '), { locale: 'pt_BR' });
  } catch {
    return 'Esta combinação de dia e mês nunca ocorre';
  }
  return null;
}

/**
 * The pt-BR (or English) description of a period, e.g. `0 2 * * *` → "Às 02:00", `* 8-17 * * 1-5` →
 * "A cada minuto, entre 08:00 e 17:59, de segunda-feira a sexta-feira". Null for an invalid period.
 * @param locale `pt_BR` (default) or `en`
 */
export function describeCron(expression: string, locale: 'pt_BR' | 'en' = 'pt_BR'): string | null {
  if (cronError(expression) !== null) return null;
  try {
    return cronstrue.toString(fields(expression).join(' '), { locale, use24HourTimeFormat: true, verbose: false });
  } catch {
    return null;
  }
}

/**
 * The first due time of a task strictly after `after` (SCHEDULE_TIME_ZONE):
 * - the next occurrence of `period`;
 * - with `repeatMinutes` N > 0, also the repetitions of the latest occurrence d ≤ `after`:
 *   d+N, d+2N, … as long as each lies in the period's window (the period with its minute field set
 *   to `*`: its hours, days and months) and comes before the next occurrence; the series stops at
 *   the first repetition outside the window. E.g. `0 8-17 * * 1-5` with 30 → 08:00, 08:30, 09:00, …,
 *   17:30 on weekdays; `0 2 * * *` with 15 → 02:00, 02:15, 02:30, 02:45 each day.
 * @param period a valid period (`cronError` null)
 * @param repeatMinutes null or 0 = no repetition; 1 to MAX_REPEAT_MINUTES otherwise
 * @returns the due time, whole minutes; null when the period never occurs again
 */
export function nextDueTime(period: string, repeatMinutes: number | null | undefined, after: Date): Date | null {
  const expression = fields(period).join(' ');
  let next: Date | null;
  try {
    next = parse(expression, after).next().toDate();
  } catch {
    next = null;
  }
  if (!repeatMinutes || repeatMinutes <= 0) return next;
  let latest: Date;
  try {
    // latest occurrence at or before `after` (prev() is strictly before its start)
    latest = parse(expression, new Date(after.getTime() + 1)).prev().toDate();
  } catch {
    return next;
  }
  // the period's window: its hours, days and months (minute field `*`)
  const window = parse(['*', ...fields(period).slice(1)].join(' '));
  const step = repeatMinutes * 60_000;
  for (let at = latest.getTime() + step; next === null || at < next.getTime(); at += step) {
    const candidate = new Date(at);
    if (!window.includesDate(candidate)) break;
    if (at > after.getTime()) return candidate;
  }
  return next;
}
