import { ERP_ENTITIES, nextDueTime, type ErpEntity } from '@acervo/contracts';

/**
 * The lag of the ERP integration (issue 7 part 4, brief decision 3), as pure functions so the
 * formula is tested without a database:
 * - an entity type's **period** = minutes between the next two due times of its scheduled task
 *   `SINCRONIZAR_ERP_<ENTIDADE>` after now (cron in America/Sao_Paulo, `nextDueTime`), or the task's
 *   repetition interval when one is set;
 * - its **lag** = minutes since its last successful sync in the company;
 * - it is **in time** when it has synced at least once, its task exists and lag ≤ 2 × period;
 * - the **percentage** = in-time types / 13 × 100, rounded to 2 decimals.
 */

/** Kind of the scheduled task that syncs `entity` (`SINCRONIZAR_ERP_VENDA`...). */
export function syncTaskKind(entity: ErpEntity): string {
  return `SINCRONIZAR_ERP_${entity}`;
}

/** The schedule of a sync task, as stored in `agendamento`. */
export interface SyncTaskSchedule {
  period: string;
  repeatMinutes: number | null;
}

/**
 * Period of a sync task in minutes: its repetition interval when set (> 0), otherwise the minutes
 * between the first two due times of its cron after `now`.
 * @returns whole minutes (≥ 1), or null when the cron never occurs twice more
 */
export function periodMinutes(task: SyncTaskSchedule, now: Date): number | null {
  if (task.repeatMinutes && task.repeatMinutes > 0) return task.repeatMinutes;
  const first = nextDueTime(task.period, null, now);
  if (!first) return null;
  const second = nextDueTime(task.period, null, first);
  if (!second) return null;
  return Math.max(1, Math.round((second.getTime() - first.getTime()) / 60_000));
}

/**
 * Minutes since `lastSuccess`, whole (floored), never negative.
 * @returns null when never synced
 */
export function lagMinutes(lastSuccess: Date | null, now: Date): number | null {
  if (!lastSuccess) return null;
  return Math.max(0, Math.floor((now.getTime() - lastSuccess.getTime()) / 60_000));
}

/**
 * Whether an entity type is in time: synced at least once, with a known period, and the time
 * since the last success (to the millisecond) at most twice the period.
 */
export function isInTime(lastSuccess: Date | null, period: number | null, now: Date): boolean {
  if (!lastSuccess || period === null) return false;
  return now.getTime() - lastSuccess.getTime() <= 2 * period * 60_000;
}

/**
 * Percentage of the 13 entity types that are in time, 0–100 rounded to 2 decimals
 * (e.g. 7 of 13 → 53.85).
 * @param inTime the entity types in time (duplicates and unknown names ignored)
 */
export function inTimePercent(inTime: Iterable<ErpEntity>): number {
  const set = new Set([...inTime].filter((entity) => (ERP_ENTITIES as readonly string[]).includes(entity)));
  return Math.round((set.size / ERP_ENTITIES.length) * 100 * 100) / 100;
}
