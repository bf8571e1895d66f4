import { z } from 'zod';
import {
  REQUIRED,
  errorBodySchema,
  idParams,
  permissionCatalogueSchema,
  profileListQuerySchema,
  profilePageSchema,
  profileSaveSchema,
  profileSchema,
  profileToggleSchema,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../auth/auth-guard.ts';
import { createProfile, getProfile, listPermissions, listProfiles, removeProfile, saveProfile, toggleProfile } from './profiles.service.ts';

/**
 * Profile routes (issue 6, part 3), under `/api/core-api`, all with ROLE_VISUALIZAR_PERFIL in the
 * selected company (401 without a valid session, 403 without the role, both before validation).
 * Profiles are system-wide records.
 * - `GET perfil` — paged `{itens: [{id, nome, descricao, ativo, totalPermissoes, totalUsuarios}], …}`;
 *   query `page, pageSize, sorter, term, status`
 * - `GET perfil/permissoes` — the role catalogue `[{grupo, nome, permissoes: [{role, nome}]}]`
 * - `GET perfil/{id}` — `{id, nome, descricao, permissoes, ativo, totalUsuarios}`; 404 unknown id
 * - `POST perfil` — creates (201); 400 field errors (unknown role on `permissoes`), 409 on `nome`
 * - `PUT perfil/{id}` — updates; 404, 400, 409 on `nome`, 409 when no administrator would remain
 * - `PUT perfil/inativa/{id}` — toggles `ativo`, answers the profile in its new state; 404, 409
 * - `DELETE perfil/{id}` — 204; 404; 409 while users hold it or when no administrator would remain
 */
export const profilesRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.perfil };
  const tags = ['perfil'];
  const security = [{ bearer: [] }];
  const errors = { ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema };

  api.get(
    '/perfil',
    { schema: { tags, security, summary: 'Perfis (paginado)', querystring: profileListQuerySchema, response: { 200: profilePageSchema, ...AUTH_ERRORS } }, config },
    async (request) => listProfiles(ctx.db, request.query),
  );

  api.get(
    '/perfil/permissoes',
    { schema: { tags, security, summary: 'Catálogo de permissões agrupado por área do menu', response: { 200: permissionCatalogueSchema, ...AUTH_ERRORS } }, config },
    async () => listPermissions(),
  );

  api.get(
    '/perfil/:id',
    { schema: { tags, security, summary: 'Um perfil com suas permissões', params: idParams(), response: { 200: profileSchema, ...errors } }, config },
    async (request) => getProfile(ctx.db, request.params.id),
  );

  api.post(
    '/perfil',
    { schema: { tags, security, summary: 'Cria um perfil', body: profileSaveSchema, response: { 201: profileSchema, ...errors } }, config },
    async (request, reply) => {
      const created = await createProfile(ctx.db, requireAuth(request), request.body);
      return reply.code(201).send(created);
    },
  );

  api.put(
    '/perfil/inativa/:id',
    { schema: { tags, security, summary: 'Ativa ou inativa um perfil (alterna)', params: idParams(), response: { 200: profileToggleSchema, ...errors } }, config },
    async (request) => toggleProfile(ctx.db, requireAuth(request), request.params.id),
  );

  api.put(
    '/perfil/:id',
    { schema: { tags, security, summary: 'Altera um perfil e suas permissões', params: idParams(), body: profileSaveSchema, response: { 200: profileSchema, ...errors } }, config },
    async (request) => saveProfile(ctx.db, requireAuth(request), request.params.id, request.body),
  );

  api.delete(
    '/perfil/:id',
    { schema: { tags, security, summary: 'Exclui um perfil sem usuários', params: idParams(), response: { 204: z.null(), ...errors } }, config },
    async (request, reply) => {
      await removeProfile(ctx.db, requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
