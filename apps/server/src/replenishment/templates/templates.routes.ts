import { z } from 'zod';
import { REPLENISHMENT_MESSAGES, REQUIRED, errorBodySchema, idParams, messageResponseSchema, replenishmentTemplateSaveSchema, replenishmentTemplateSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../../shared/context.ts';
import { AUTH_ERRORS } from '../../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../../shared/request-auth.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates.service.ts';

/**
 * Replenishment template routes (SPEC 3 "Replacement template"), under `/api/core-api`, role
 * ROLE_VISUALIZAR_REPOSICAO_CALCULO, scoped to the selected company (another company's id → 404
 * templateNotFound):
 * - `GET reposicao/modelo` → every template of the company, by name
 * - `GET reposicao/modelo/{id}` → one template
 * - `POST reposicao/modelo {nome, parametros}` → 201 the template (400 templateNameTaken on `nome`)
 * - `PUT reposicao/modelo/{id} {nome, parametros}` → the template
 * - `DELETE reposicao/modelo/{id}` → `{message: templateDeleted}`
 */
/** A template for serialization: `parametros` as a plain object (the input schema's transforms cannot encode). */
const templateAnswer = replenishmentTemplateSchema.extend({ parametros: z.record(z.string(), z.unknown()) });

export const replenishmentTemplateRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.reposicaoCalculo };
  const tags = ['reposicao'];
  const security = [{ bearer: [] }];

  api.get(
    '/reposicao/modelo',
    { schema: { tags, summary: 'Modelos de reposição da empresa', security, response: { 200: z.array(templateAnswer), ...AUTH_ERRORS } }, config },
    async (request) => listTemplates(ctx.db, requireCompany(request)),
  );

  api.get(
    '/reposicao/modelo/:id',
    { schema: { tags, summary: 'Um modelo de reposição', security, params: idParams(), response: { 200: templateAnswer, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => getTemplate(ctx.db, requireCompany(request), request.params.id),
  );

  api.post(
    '/reposicao/modelo',
    { schema: { tags, summary: 'Cria um modelo de reposição', security, body: replenishmentTemplateSaveSchema, response: { 201: templateAnswer, ...AUTH_ERRORS } }, config },
    async (request, reply) => reply.code(201).send(await createTemplate(ctx.db, requireAuth(request), requireCompany(request), request.body)),
  );

  api.put(
    '/reposicao/modelo/:id',
    {
      schema: { tags, summary: 'Altera um modelo de reposição', security, params: idParams(), body: replenishmentTemplateSaveSchema, response: { 200: templateAnswer, ...AUTH_ERRORS, 404: errorBodySchema } },
      config,
    },
    async (request) => updateTemplate(ctx.db, requireAuth(request), requireCompany(request), request.params.id, request.body),
  );

  api.delete(
    '/reposicao/modelo/:id',
    { schema: { tags, summary: 'Exclui um modelo de reposição', security, params: idParams(), response: { 200: messageResponseSchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => {
      await deleteTemplate(ctx.db, requireAuth(request), requireCompany(request), request.params.id);
      return { message: REPLENISHMENT_MESSAGES.templateDeleted };
    },
  );
};
