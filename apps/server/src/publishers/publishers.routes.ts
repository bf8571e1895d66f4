import {
  REQUIRED,
  activeStateSchema,
  errorBodySchema,
  idParams,
  messageResponseSchema,
  publisherListQuerySchema,
  publisherPageSchema,
  publisherRequestSchema,
  publisherSchema,
  pickerReadRoles,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { requireAuth } from '../auth/auth-guard.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { createPublisher, deletePublisher, getPublisher, listPublishers, togglePublisher, updatePublisher } from './publishers.service.ts';

/** Answer of a successful `DELETE editora/{id}`. */
export const PUBLISHER_DELETED_MESSAGE = 'Editora excluída com sucesso!';

/**
 * Publisher register (issue 8 part 2), under `/api/core-api`, every write with
 * ROLE_GERENCIAR_EDITORAS, the two reads with it or the product form's role (`pickerReadRoles`:
 * the form picks publisher and imprint); 403 without it, before any validation:
 * - `GET editora?page&pageSize&sorter&term&status` → paged `publisherSchema` (with imprints)
 * - `GET editora/{id}` → the publisher (404 absent)
 * - `POST editora` `publisherRequestSchema` → the publisher created
 * - `PUT editora/{id}` → the publisher saved (the imprint list replaces the current one)
 * - `PUT editora/inativa/{id}` → `{id, ativo}` the new state
 * - `DELETE editora/{id}` → `{message}`; 409 while products use it
 * 400 names the field (`cnpj` 'CNPJ inválido', `selos.N.nome`); 409 on `nome`/`cnpj` duplicates
 * and on `selos` for a removed imprint products use.
 */
export const publishersRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.editoras };
  const readConfig = { role: pickerReadRoles(REQUIRED.editoras) };
  const tags = ['editora'];
  const security = [{ bearer: [] }];

  api.get('/editora', { schema: { tags, summary: 'Editoras (paginado)', security, querystring: publisherListQuerySchema, response: { 200: publisherPageSchema, ...AUTH_ERRORS } }, config: readConfig }, async (request) =>
    listPublishers(ctx.db, request.query),
  );

  api.get('/editora/:id', { schema: { tags, summary: 'Uma editora com seus selos', security, params: idParams(), response: { 200: publisherSchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config: readConfig }, async (request) =>
    getPublisher(ctx.db, request.params.id),
  );

  api.post('/editora', { schema: { tags, summary: 'Cadastra uma editora', security, body: publisherRequestSchema, response: { 200: publisherSchema, ...AUTH_ERRORS, 409: errorBodySchema } }, config }, async (request) =>
    createPublisher(ctx.db, requireAuth(request), request.body),
  );

  api.put(
    '/editora/inativa/:id',
    { schema: { tags, summary: 'Ativa ou inativa uma editora (alterna)', security, params: idParams(), response: { 200: activeStateSchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => togglePublisher(ctx.db, requireAuth(request), request.params.id),
  );

  api.put(
    '/editora/:id',
    { schema: { tags, summary: 'Altera uma editora e seus selos', security, params: idParams(), body: publisherRequestSchema, response: { 200: publisherSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } }, config },
    async (request) => updatePublisher(ctx.db, requireAuth(request), request.params.id, request.body),
  );

  api.delete(
    '/editora/:id',
    { schema: { tags, summary: 'Exclui uma editora sem produtos', security, params: idParams(), response: { 200: messageResponseSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } }, config },
    async (request) => {
      await deletePublisher(ctx.db, requireAuth(request), request.params.id);
      return { message: PUBLISHER_DELETED_MESSAGE };
    },
  );
};
