import type { TFunction } from 'i18next';
import { describeCron } from '@acervo/contracts';
import { foldText, formatDateTime } from '../../shared/format/format.ts';

/**
 * An ISO instant as `DD/MM/YYYY HH:mm` (SPEC section 9) in Brasília time, the zone the periods are
 * evaluated in (so "Às 02:00" shows as 02:00 whatever the browser's zone); '' for null/invalid.
 * The screens' one formatter (`shared/format`), kept under this name for the schedule screens.
 */
export function formatScheduleTime(value: string | null | undefined): string {
  return formatDateTime(value);
}

/**
 * A duration in ms as `850 ms`, `12,3 s` (`12.3 s` in English) or `2 min 05 s`; '' for null.
 * @param locale interface language (default pt-BR)
 */
export function formatDuration(ms: number | null | undefined, locale: string = 'pt-BR'): string {
  if (ms === null || ms === undefined) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toLocaleString(locale, { maximumFractionDigits: 1 })} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}

/**
 * A task kind's label in the interface language (`schedules.kinds.<TIPO>`); a kind the texts do
 * not know yet shows the server's pt-BR description (`fallback`).
 */
export function taskKindLabel(t: TFunction, tipo: string, fallback: string): string {
  return t(`schedules.kinds.${tipo}`, { defaultValue: fallback });
}


/**
 * The kinds whose label as the screen shows it (`taskKindLabel`, in the interface language)
 * contains every word of `term`, accent- and case-insensitive: the list's `tiposTermo`, so a
 * search finds tasks by the Type column's text in English too (their stored names are pt-BR).
 * @returns kind codes, comma-separated; undefined without a term or a match
 */
export function kindsMatchingTerm(t: TFunction, kinds: readonly { tipo: string; descricao: string }[], term: string | undefined): string | undefined {
  const words = foldText(term ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const codes = kinds.filter((kind) => {
    const label = foldText(taskKindLabel(t, kind.tipo, kind.descricao));
    return words.every((word) => label.includes(word));
  });
  return codes.length > 0 ? codes.map((kind) => kind.tipo).join(',') : undefined;
}

/**
 * A period's description in the interface language: the server's pt-BR one (`fallback`) in
 * pt-BR, cronstrue's English in en-US ("At 02:00", "Every 5 minutes"); the pt-BR one when the
 * period cannot be described.
 * @param language i18next language (`pt-BR` or `en-US`)
 */
export function periodDescription(periodo: string, fallback: string, language: string): string {
  if (language !== 'en-US') return fallback;
  return describeCron(periodo, 'en') ?? fallback;
}
