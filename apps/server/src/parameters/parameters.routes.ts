import { z } from 'zod';
import {
  REQUIRED,
  apiAccessListQuerySchema,
  apiAccessPageSchema,
  apiAccessSaveSchema,
  apiAccessSchema,
  emailTestRequestSchema,
  emailTestResultSchema,
  errorBodySchema,
  idParams,
  parameterUpdateSchema,
  parametersSchema,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../shared/request-auth.ts';
import { readParameterSettings, sendTestEmail, updateParameterSettings } from './parameters.service.ts';
import { createApiAccess, deleteApiAccess, listApiAccess, updateApiAccess } from './api-access.service.ts';

/**
 * Parameter routes (issue 6, part 4), under `/api/core-api`, all with ROLE_VISUALIZAR_PARAMETROS in
 * the selected company (401 without a valid session, 403 without the role, before validation).
 * - `GET parametro` — `{geral, email, erp}`; secrets only as `senhaDefinida`
 * - `PUT parametro` — body `parameterUpdateSchema`; all or nothing; 400 naming the parameter
 *   (`geral.expiracaoTokenDias`) for a value out of bounds; answers as `GET`
 * - `POST parametro/email/teste` — `{destinatario}` → `{enviado, resposta}` (the SMTP reply or the
 *   error text; 200 either way), with the saved settings, within 15 s
 * - `GET parametro/acesso-api` — the selected company's API logins, paged (`term` on the e-mail)
 * - `POST parametro/acesso-api` — `{email, senha, idEmpresa?}` (201); 409 on `email`
 * - `PUT parametro/acesso-api/{id}` — `{email, senha?, idEmpresa?}` ('' or absent `senha` keeps it)
 * - `DELETE parametro/acesso-api/{id}` — 204
 * An acesso-api id of another company answers 404; `idEmpresa` other than the selected company 400.
 */
export const parametersRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.parametros };
  const tags = ['parametro'];
  const security = [{ bearer: [] }];
  const errors = { ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema };

  api.get(
    '/parametro',
    { schema: { tags, security, summary: 'Parâmetros do sistema (senhas apenas como definida/não definida)', response: { 200: parametersSchema, ...AUTH_ERRORS } }, config },
    async (request) => readParameterSettings(ctx.db, request.log),
  );

  api.put(
    '/parametro',
    { schema: { tags, security, summary: 'Grava todos os parâmetros (tudo ou nada)', body: parameterUpdateSchema, response: { 200: parametersSchema, ...AUTH_ERRORS } }, config },
    async (request) => updateParameterSettings(ctx.db, requireAuth(request), request.body, request.log),
  );

  api.post(
    '/parametro/email/teste',
    { schema: { tags, security, summary: 'Envia um e-mail de teste com as configurações SMTP gravadas', body: emailTestRequestSchema, response: { 200: emailTestResultSchema, ...AUTH_ERRORS } }, config },
    async (request) => sendTestEmail(ctx.db, request.body.destinatario, request.log),
  );

  api.get(
    '/parametro/acesso-api',
    { schema: { tags, security, summary: 'Acessos à API da empresa selecionada (paginado)', querystring: apiAccessListQuerySchema, response: { 200: apiAccessPageSchema, ...AUTH_ERRORS } }, config },
    async (request) => listApiAccess(ctx.db, requireCompany(request), request.query, request.log),
  );

  api.post(
    '/parametro/acesso-api',
    { schema: { tags, security, summary: 'Cria um acesso à API na empresa selecionada', body: apiAccessSaveSchema, response: { 201: apiAccessSchema, ...errors } }, config },
    async (request, reply) => {
      const created = await createApiAccess(ctx.db, requireAuth(request), requireCompany(request), request.body);
      return reply.code(201).send(created);
    },
  );

  api.put(
    '/parametro/acesso-api/:id',
    { schema: { tags, security, summary: 'Altera um acesso à API da empresa selecionada', params: idParams(), body: apiAccessSaveSchema, response: { 200: apiAccessSchema, ...errors } }, config },
    async (request) => updateApiAccess(ctx.db, requireAuth(request), requireCompany(request), request.params.id, request.body),
  );

  api.delete(
    '/parametro/acesso-api/:id',
    { schema: { tags, security, summary: 'Exclui um acesso à API da empresa selecionada', params: idParams(), response: { 204: z.null(), ...errors } }, config },
    async (request, reply) => {
      await deleteApiAccess(ctx.db, requireAuth(request), requireCompany(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
