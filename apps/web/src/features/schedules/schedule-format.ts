import { SCHEDULE_TIME_ZONE } from '@acervo/contracts';

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { timeZone: SCHEDULE_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * An ISO instant as `DD/MM/YYYY HH:mm` (SPEC section 9) in Brasília time, the zone the periods are
 * evaluated in (so "Às 02:00" shows as 02:00 whatever the browser's zone); '' for null/invalid.
 */
export function formatScheduleTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(DATE_TIME.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A duration in ms as `850 ms`, `12,3 s` or `2 min 05 s`; '' for null. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}
