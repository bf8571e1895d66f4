import {
  activeStateSchema,
  errorBodySchema,
  idParams,
  messageResponseSchema,
  registerListQuerySchema,
  registerPageSchema,
  registerRecordSchema,
  registerRequestSchemaOf,
  registerReadRoles,
  type RegisterRequest,
} from '@acervo/contracts';
import type { ApiInstance, AppContext, DomainRoutes } from '../shared/context.ts';
import { requireAuth } from '../auth/auth-guard.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { SERVER_REGISTERS, type ServerRegisterDefinition } from './register-definitions.ts';
import { createRegister, deleteRegister, listRegister, toggleRegister, updateRegister } from './registers.service.ts';

/** Answer of a successful `DELETE <register>/{id}`. */
export const REGISTER_DELETED_MESSAGE = 'Registro excluído com sucesso!';

/**
 * The five routes of one simple register, under `/api/core-api/<apiPath>`, every write requiring
 * `def.role` and the list `def.role` or the product form's role (`registerReadRoles`: the
 * register's `readRoles` when it has them, else `pickerReadRoles`; 403 without
 * it, before any validation):
 * - `GET <apiPath>?page&pageSize&sorter&term&status` → paged `{id, nome, ativo}` (+ `codigo`)
 * - `POST <apiPath>` `{nome, ativo?}` (+ `codigo`) → the record created
 * - `PUT <apiPath>/{id}` same body → the record saved (404 absent)
 * - `PUT <apiPath>/inativa/{id}` → `{id, ativo}` the new state (a toggle)
 * - `DELETE <apiPath>/{id}` → `{message}`; 409 while products use it
 * 400 names the field; 409 on `nome` / `codigo` for a duplicate.
 */
export function registerRoutesOf(api: ApiInstance, ctx: AppContext, def: ServerRegisterDefinition): void {
  const config = { role: def.role };
  const readConfig = { role: registerReadRoles(def) };
  const tags = [def.apiPath];
  const security = [{ bearer: [] }];
  const body = registerRequestSchemaOf(def);
  const base = `/${def.apiPath}`;

  api.get(base, { schema: { tags, summary: 'Lista paginada', security, querystring: registerListQuerySchema, response: { 200: registerPageSchema, ...AUTH_ERRORS } }, config: readConfig }, async (request) =>
    listRegister(ctx.db, def, request.query),
  );

  api.post(base, { schema: { tags, summary: 'Cadastra um registro', security, body, response: { 200: registerRecordSchema, ...AUTH_ERRORS, 409: errorBodySchema } }, config }, async (request) =>
    createRegister(ctx.db, requireAuth(request), def, request.body as RegisterRequest),
  );

  api.put(
    `${base}/inativa/:id`,
    { schema: { tags, summary: 'Ativa ou inativa (alterna; responde o novo estado)', security, params: idParams(), response: { 200: activeStateSchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => toggleRegister(ctx.db, requireAuth(request), def, request.params.id),
  );

  api.put(
    `${base}/:id`,
    { schema: { tags, summary: 'Altera um registro', security, params: idParams(), body, response: { 200: registerRecordSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } }, config },
    async (request) => updateRegister(ctx.db, requireAuth(request), def, request.params.id, request.body as RegisterRequest),
  );

  api.delete(
    `${base}/:id`,
    { schema: { tags, summary: 'Exclui um registro que nenhum produto usa', security, params: idParams(), response: { 200: messageResponseSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } }, config },
    async (request) => {
      await deleteRegister(ctx.db, requireAuth(request), def, request.params.id);
      return { message: REGISTER_DELETED_MESSAGE };
    },
  );
}

/**
 * Every simple register of `SERVER_REGISTERS` (age range, target audience, content rating,
 * product line; the contributor role, binding and product situation lookups), served by
 * `registerRoutesOf`.
 */
export const registersRoutes: DomainRoutes = (api, ctx) => {
  for (const def of SERVER_REGISTERS) registerRoutesOf(api, ctx, def);
};
