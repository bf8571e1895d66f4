import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleRunSchema, scheduleSchema, type Schedule, type ScheduleRun, type ScheduleSave } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Field labels of the form, so an error toast reads 'Período: …' (wire name → label). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `POST agendamento` (no `id`) or `PUT agendamento/{id}`: saves a task.
 * @returns the task as stored, with its next run computed by the server
 * @throws ApiError (400 with field messages, 404; after the error toast)
 */
export async function saveSchedule(values: ScheduleSave, id: number | undefined, fieldLabels?: FieldLabels): Promise<Schedule> {
  const answer = id === undefined ? await api.post<unknown>('agendamento', values, { fieldLabels }) : await api.put<unknown>(`agendamento/${id}`, values, { fieldLabels });
  return scheduleSchema.parse(answer);
}

/** `PUT agendamento/inativa/{id}`: toggles `ativo`; answers the task. */
export async function toggleSchedule(id: number): Promise<Schedule> {
  return scheduleSchema.parse(await api.put<unknown>(`agendamento/inativa/${id}`));
}

/** `DELETE agendamento/{id}` (409 for a built-in task). */
export async function deleteSchedule(id: number): Promise<void> {
  await api.delete<unknown>(`agendamento/${id}`);
}

/** `POST agendamento/{id}/executar`: queues a run now (409 while one is queued or running). */
export async function runSchedule(id: number): Promise<ScheduleRun> {
  return scheduleRunSchema.parse(await api.post<unknown>(`agendamento/${id}/executar`, {}));
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['schedules'] });
}

/** Mutation of `saveSchedule`; refreshes the lists on success. */
export function useSaveSchedule(fieldLabels?: FieldLabels) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ values, id }: { values: ScheduleSave; id?: number }) => saveSchedule(values, id, fieldLabels), onSuccess: invalidate });
}

/** Mutation of `toggleSchedule`; refreshes the lists on success. */
export function useToggleSchedule() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: toggleSchedule, onSuccess: invalidate });
}

/** Mutation of `deleteSchedule`; refreshes the lists on success. */
export function useDeleteSchedule() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteSchedule, onSuccess: invalidate });
}

/** Mutation of `runSchedule`; refreshes the list and the run history on success. */
export function useRunSchedule() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: runSchedule, onSuccess: invalidate });
}
