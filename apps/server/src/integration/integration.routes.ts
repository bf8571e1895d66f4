import { z } from 'zod';
import {
  REPROCESS_TARGET_MESSAGE,
  REQUIRED,
  entityLagQuerySchema,
  entityLagSchema,
  errorBodySchema,
  idParams,
  integrationLogDetailSchema,
  integrationLogListQuerySchema,
  integrationLogPageSchema,
  integrationStatsSchema,
  outgoingListQuerySchema,
  outgoingPageSchema,
  outgoingRetrySchema,
  rejectedRecordListQuerySchema,
  rejectedRecordPageSchema,
  reprocessRequestSchema,
  reprocessResultSchema,
  resyncRequestSchema,
  resyncResultSchema,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { fieldError } from '../shared/errors.ts';
import { requireAuth, requireCompany } from '../auth/auth-guard.ts';
import { reprocessRejectedRecords } from '../erp/sync-operations.ts';
import {
  checkRejectedIds,
  entityLag,
  getIntegrationLog,
  integrationStats,
  lagPercent,
  listIntegrationLogs,
  listOutgoing,
  listRejected,
  resync,
  retryAllOutgoing,
  retryOutgoing,
} from './integration.service.ts';

/**
 * ERP integration screens' routes (issue 7 part 4), under `/api/core-api`; every one scoped to the
 * selected company (401/403 before validation). See docs/integration-screens.md.
 * - ROLE_VISUALIZAR_LOG_INTEGRACAO: `GET log-integracao` (paged; tipo, status, requisicao,
 *   resposta, idEmpresa, entidade, dataInicio, dataFim), `GET log-integracao/{id}` (with bodies)
 * - any signed-in user with a company (the top bar): `GET status-integracao-entidade-erp-acervo/
 *   porcentagem-defasagem-temporal` → number, `GET status-integracao-entidade-erp-acervo/entidade?entidade=`
 * - VISUALIZAR_ESTATISTICAS_INTEGRACAO: `GET estatistica-integracao`
 * - VISUALIZAR_FILA_INTEGRACAO: `GET fila-integracao`, `POST fila-integracao/{id}/reenviar`,
 *   `POST fila-integracao/reenviar-erros`, `GET reprocessamento/registros`,
 *   `POST reprocessamento/registros {ids?|todos?}`, `POST reprocessamento/ressincronizar {entidade, desde}`
 */
export const integrationRoutes: DomainRoutes = (api, ctx) => {
  const security = [{ bearer: [] }];
  const NOT_FOUND = { 404: errorBodySchema };
  const CONFLICT = { 409: errorBodySchema };
  const log = { config: { role: REQUIRED.logIntegracao }, tags: ['log-integracao'] };
  const stats = { config: { role: REQUIRED.estatisticasIntegracao }, tags: ['estatistica-integracao'] };
  const queue = { config: { role: REQUIRED.filaIntegracao }, tags: ['fila-integracao'] };
  const reprocessing = { config: { role: REQUIRED.filaIntegracao }, tags: ['reprocessamento'] };
  const lag = { tags: ['status-integracao-entidade-erp-acervo'] };

  api.get(
    '/log-integracao',
    { schema: { tags: log.tags, summary: 'Log de integração (paginado)', security, querystring: integrationLogListQuerySchema, response: { 200: integrationLogPageSchema, ...AUTH_ERRORS } }, config: log.config },
    async (request) => listIntegrationLogs(ctx.db, requireAuth(request), request.query),
  );

  api.get(
    '/log-integracao/:id',
    { schema: { tags: log.tags, summary: 'Uma troca com o ERP, com requisição e resposta', security, params: idParams(), response: { 200: integrationLogDetailSchema, ...AUTH_ERRORS, ...NOT_FOUND } }, config: log.config },
    async (request) => getIntegrationLog(ctx.db, requireAuth(request), request.params.id),
  );

  api.get(
    '/status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal',
    { schema: { tags: lag.tags, summary: 'Porcentagem das 13 entidades em dia na empresa selecionada', security, response: { 200: z.number(), ...AUTH_ERRORS } } },
    async (request) => lagPercent(ctx.db, requireCompany(request)),
  );

  api.get(
    '/status-integracao-entidade-erp-acervo/entidade',
    { schema: { tags: lag.tags, summary: 'Defasagem de uma entidade na empresa selecionada', security, querystring: entityLagQuerySchema, response: { 200: entityLagSchema, ...AUTH_ERRORS } } },
    async (request) => entityLag(ctx.db, requireCompany(request), request.query.entidade),
  );

  api.get(
    '/estatistica-integracao',
    { schema: { tags: stats.tags, summary: 'Estatísticas da integração ERP da empresa selecionada', security, response: { 200: integrationStatsSchema, ...AUTH_ERRORS } }, config: stats.config },
    async (request) => integrationStats(ctx.db, requireCompany(request)),
  );

  api.get(
    '/fila-integracao',
    { schema: { tags: queue.tags, summary: 'Fila de envio ao ERP (paginado)', security, querystring: outgoingListQuerySchema, response: { 200: outgoingPageSchema, ...AUTH_ERRORS } }, config: queue.config },
    async (request) => listOutgoing(ctx.db, requireAuth(request), request.query),
  );

  api.post(
    '/fila-integracao/reenviar-erros',
    { schema: { tags: queue.tags, summary: 'Reenvia todos os itens com erro', security, response: { 200: outgoingRetrySchema, ...AUTH_ERRORS } }, config: queue.config },
    async (request) => retryAllOutgoing(ctx.db, requireAuth(request)),
  );

  api.post(
    '/fila-integracao/:id/reenviar',
    { schema: { tags: queue.tags, summary: 'Reenvia um item com erro', security, params: idParams(), response: { 200: outgoingRetrySchema, ...AUTH_ERRORS, ...NOT_FOUND, ...CONFLICT } }, config: queue.config },
    async (request) => retryOutgoing(ctx.db, requireAuth(request), request.params.id),
  );

  api.get(
    '/reprocessamento/registros',
    { schema: { tags: reprocessing.tags, summary: 'Registros rejeitados pela sincronização (paginado)', security, querystring: rejectedRecordListQuerySchema, response: { 200: rejectedRecordPageSchema, ...AUTH_ERRORS } }, config: reprocessing.config },
    async (request) => listRejected(ctx.db, requireAuth(request), request.query),
  );

  api.post(
    '/reprocessamento/registros',
    { schema: { tags: reprocessing.tags, summary: 'Reprocessa registros rejeitados (ids ou todos os pendentes)', security, body: reprocessRequestSchema, response: { 200: reprocessResultSchema, ...AUTH_ERRORS, ...CONFLICT } }, config: reprocessing.config },
    async (request) => {
      const companyId = requireCompany(request);
      const { ids, todos } = request.body;
      if ((ids === undefined) === (todos !== true)) throw fieldError(ids === undefined ? 'ids' : 'todos', REPROCESS_TARGET_MESSAGE);
      if (ids) await checkRejectedIds(ctx.db, companyId, ids);
      const taskLog = { info: (o: object, m?: string) => request.log.info(o, m), warn: (o: object, m?: string) => request.log.warn(o, m), error: (o: object, m?: string) => request.log.error(o, m) };
      return reprocessRejectedRecords({ database: ctx.database, log: taskLog }, companyId, ids ? [...new Set(ids)] : 'TODOS');
    },
  );

  api.post(
    '/reprocessamento/ressincronizar',
    { schema: { tags: reprocessing.tags, summary: 'Ressincroniza uma entidade a partir de uma data', security, body: resyncRequestSchema, response: { 200: resyncResultSchema, ...AUTH_ERRORS, ...CONFLICT } }, config: reprocessing.config },
    async (request) => resync(ctx.database, ctx.requestTaskRun, requireAuth(request), request.body),
  );
};
