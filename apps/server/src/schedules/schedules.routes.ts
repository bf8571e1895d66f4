import { z } from 'zod';
import {
  REQUIRED,
  errorBodySchema,
  idParams,
  scheduleListQuerySchema,
  schedulePageSchema,
  scheduleRunSchema,
  scheduleSaveRequestSchema,
  scheduleSchema,
  taskKindSchema,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../shared/request-auth.ts';
import { createSchedule, deleteSchedule, getSchedule, listScheduleRuns, listSchedules, listTaskKinds, toggleSchedule, updateSchedule } from './schedules.service.ts';

/**
 * Scheduled task routes (issue 6, part 5), under `/api/core-api`, all with ROLE_VISUALIZAR_AGENDAMENTO
 * in the selected company (401/403 before any validation). A caller sees the system-wide tasks and
 * those of the selected company; another company's task id answers 404.
 * - `GET agendamento` → paged `scheduleSchema` (query `scheduleListQuerySchema`: term, status, tipo)
 * - `GET agendamento/tipos` → `[taskKindSchema]`, the kind registry with pt-BR labels
 * - `POST agendamento` → 201 `scheduleSchema` (body `scheduleSaveRequestSchema`; 400 naming `periodo`
 *   for an invalid cron, `tipo` for an unknown kind, `idEmpresa` for another company)
 * - `GET agendamento/{id}`, `PUT agendamento/{id}` (same body) → `scheduleSchema`
 * - `PUT agendamento/inativa/{id}` → `scheduleSchema` after toggling `ativo`
 * - `DELETE agendamento/{id}` → 204; 409 for a built-in task
 * - `POST agendamento/{id}/executar` → 202 `scheduleRunSchema` (PENDENTE), through the job queue;
 *   409 while a run of the task is queued or running
 * - `GET agendamento/{id}/execucoes` → the last 50 runs, newest first
 * Every change is audited (entity `agendamento`) in its transaction.
 */
export const schedulesRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.agendamento };
  const tags = ['agendamento'];
  const security = [{ bearer: [] }];
  const NOT_FOUND = { 404: errorBodySchema };

  api.get(
    '/agendamento',
    { schema: { tags, summary: 'Agendamentos (paginado)', security, querystring: scheduleListQuerySchema, response: { 200: schedulePageSchema, ...AUTH_ERRORS } }, config },
    async (request) => listSchedules(ctx.db, ctx.taskKinds, requireAuth(request), request.query),
  );

  api.get(
    '/agendamento/tipos',
    { schema: { tags, summary: 'Tipos de tarefa que podem ser agendados', security, response: { 200: z.array(taskKindSchema), ...AUTH_ERRORS } }, config },
    async () => listTaskKinds(ctx.taskKinds),
  );

  api.post(
    '/agendamento',
    { schema: { tags, summary: 'Cria um agendamento', security, body: scheduleSaveRequestSchema, response: { 201: scheduleSchema, ...AUTH_ERRORS } }, config },
    async (request, reply) => reply.code(201).send(await createSchedule(ctx.db, ctx.taskKinds, requireAuth(request), request.body)),
  );

  api.get(
    '/agendamento/:id',
    { schema: { tags, summary: 'Um agendamento', security, params: idParams(), response: { 200: scheduleSchema, ...AUTH_ERRORS, ...NOT_FOUND } }, config },
    async (request) => getSchedule(ctx.db, ctx.taskKinds, requireAuth(request), request.params.id),
  );

  api.put(
    '/agendamento/:id',
    { schema: { tags, summary: 'Altera um agendamento', security, params: idParams(), body: scheduleSaveRequestSchema, response: { 200: scheduleSchema, ...AUTH_ERRORS, ...NOT_FOUND } }, config },
    async (request) => updateSchedule(ctx.db, ctx.taskKinds, requireAuth(request), request.params.id, request.body),
  );

  api.put(
    '/agendamento/inativa/:id',
    { schema: { tags, summary: 'Ativa ou desativa um agendamento', security, params: idParams(), response: { 200: scheduleSchema, ...AUTH_ERRORS, ...NOT_FOUND } }, config },
    async (request) => toggleSchedule(ctx.db, ctx.taskKinds, requireAuth(request), request.params.id),
  );

  api.delete(
    '/agendamento/:id',
    { schema: { tags, summary: 'Exclui um agendamento', security, params: idParams(), response: { 204: z.null(), ...AUTH_ERRORS, ...NOT_FOUND, 409: errorBodySchema } }, config },
    async (request, reply) => {
      await deleteSchedule(ctx.db, ctx.taskKinds, requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/agendamento/:id/executar',
    { schema: { tags, summary: 'Executa agora (pela fila de tarefas)', security, params: idParams(), response: { 202: scheduleRunSchema, ...AUTH_ERRORS, ...NOT_FOUND, 409: errorBodySchema } }, config },
    async (request, reply) => reply.code(202).send(await ctx.requestTaskRun(requireAuth(request), request.params.id)),
  );

  api.get(
    '/agendamento/:id/execucoes',
    { schema: { tags, summary: 'Últimas 50 execuções', security, params: idParams(), response: { 200: z.array(scheduleRunSchema), ...AUTH_ERRORS, ...NOT_FOUND } }, config },
    async (request) => listScheduleRuns(ctx.db, requireAuth(request), request.params.id),
  );
};
