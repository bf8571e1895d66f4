import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { schedulePageSchema, scheduleRunSchema, taskKindSchema, type PagedList, type Schedule, type ScheduleRun, type TaskKindInfo } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of the schedule list (URL and `GET agendamento` query names). */
export const SCHEDULE_FILTER_KEYS = ['term', 'status', 'tipo'] as const;

/** Loading-tracker area of the list (the grid shows its own progress bar). */
export const SCHEDULES_AREA = 'schedules-list';

/**
 * `GET agendamento?page&pageSize&sorter&term&status&tipo`: one page of scheduled tasks.
 * @throws ApiError on failure (after the error toast)
 */
export async function getSchedules(query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<PagedList<Schedule>> {
  return schedulePageSchema.parse(await api.get<unknown>('agendamento', { query, signal, area: SCHEDULES_AREA }));
}

/**
 * One page of scheduled tasks (key `['schedules', query]`; the previous page stays while the next
 * loads). Refreshed every 30 s while the screen is open, so next runs and outcomes move on.
 */
export function useSchedules(query: Record<string, string | number | undefined>) {
  return useQuery(queryOptions({ queryKey: ['schedules', query], queryFn: ({ signal }) => getSchedules(query, signal), placeholderData: keepPreviousData, refetchInterval: 30_000 }));
}

/** `GET agendamento/tipos`: the task kind registry (pt-BR labels), cached for the session. */
export async function getTaskKinds(signal?: AbortSignal): Promise<TaskKindInfo[]> {
  return z.array(taskKindSchema).parse(await api.get<unknown>('agendamento/tipos', { signal, area: false }));
}

/** The task kinds (key `['schedules', 'kinds']`). */
export function useTaskKinds() {
  return useQuery({ queryKey: ['schedule-kinds'], queryFn: ({ signal }) => getTaskKinds(signal), staleTime: Infinity });
}

/** `GET agendamento/{id}/execucoes`: the last 50 runs of a task, newest first. */
export async function getScheduleRuns(id: number, signal?: AbortSignal): Promise<ScheduleRun[]> {
  return z.array(scheduleRunSchema).parse(await api.get<unknown>(`agendamento/${id}/execucoes`, { signal, area: false }));
}

/**
 * The run history of task `id` (key `['schedules', 'runs', id]`), polled every 2 s while a run is
 * queued or running, so "Executar agora" shows its outcome without a reload.
 */
export function useScheduleRuns(id: number | null) {
  return useQuery({
    queryKey: ['schedules', 'runs', id],
    queryFn: ({ signal }) => getScheduleRuns(id as number, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'PENDENTE' || run.status === 'EM_EXECUCAO') ? 2000 : false),
  });
}
