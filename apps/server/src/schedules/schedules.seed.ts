import { nextDueTime } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { scheduledTasks } from './schedules.schema.ts';
import type { TaskKindRegistry } from './task-kinds.ts';

/**
 * Seeds one system-wide, active task per built-in kind (`builtIn: true`: the clean-ups) on every
 * install, demo data or not; run at every start, it adds only the ones missing (keyed by
 * `chave_sistema` = the kind), so an administrator's edits to them are kept. Built-in tasks cannot be
 * deleted (they can be deactivated).
 * @param kinds the process's task kinds (the composition root's `createTaskKindRegistry()`)
 * @returns how many tasks were added
 */
export async function seedScheduledTasks(db: Executor, kinds: TaskKindRegistry, now = new Date()): Promise<number> {
  const builtIn = kinds.list().filter((kind) => kind.builtIn);
  if (builtIn.length === 0) return 0;
  const added = await db
    .insert(scheduledTasks)
    .values(
      builtIn.map((kind) => ({
        name: kind.descricao,
        kind: kind.tipo,
        period: kind.periodoSugerido,
        systemKey: kind.tipo,
        active: true,
        nextRunAt: nextDueTime(kind.periodoSugerido, null, now),
      })),
    )
    .onConflictDoNothing({ target: scheduledTasks.systemKey })
    .returning({ id: scheduledTasks.id });
  return added.length;
}
