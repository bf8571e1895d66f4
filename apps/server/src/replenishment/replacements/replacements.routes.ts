import { z } from 'zod';
import {
  REQUIRED,
  errorBodySchema,
  idParams,
  idSchema,
  replacementActionResultSchema,
  replacementCreateSchema,
  replacementDetailSchema,
  replacementDisapproveSchema,
  replacementItemPageSchema,
  replacementItemQuerySchema,
  replacementItemUpdateSchema,
  replacementItemUpdatedSchema,
  replacementListQuerySchema,
  replacementSchema,
  pagedListSchema,
  type ReplacementAction,
} from '@acervo/contracts';
import type { DomainRoutes } from '../../shared/context.ts';
import { AUTH_ERRORS } from '../../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../../shared/request-auth.ts';
import { changeReplacementStatus, createReplacement, getReplacement, listReplacementItems, listReplacements, updateReplacementItem } from './replacements.service.ts';

/**
 * Generated replacements (issue 18 Part 3, docs/replenishment.md "Part 3"), under
 * `/api/core-api`, scoped to the selected company (401 without a session, 403 without the role or
 * a selected company, both before validation; another company's replacement answers 404):
 * - VISUALIZAR_REPOSICAO_CALCULO: `POST reposicao` `{idCalculo, descricao}` → 201 the replacement
 *   (`replacementDetailSchema`, status GERADA); 404 `calculationNotFound` (another company's,
 *   expired or absent calculation); 400 `calculationEmpty` (no line with a quantity to order)
 * - VISUALIZAR_REPOSICAO_HISTORICO:
 *   `GET reposicao` (filters `status`, `dataInicio`/`dataFim` São Paulo days, `idEditora`,
 *   `idUsuario`, `term` over the description; paged, REPLACEMENT_SORT_FIELDS, newest first);
 *   `GET reposicao/{id}` (with transitions and purchase orders); `GET reposicao/{id}/item` (paged,
 *   `term`, REPLACEMENT_ITEM_SORT_FIELDS);
 *   `PUT reposicao/{id}/item/{idItem}` `{quantidadePedido}` → `{message, item, totais}` (409
 *   `itemNotEditable` unless GERADA);
 *   `PUT reposicao/{id}/aprovar | cancelar` (no body) and `PUT reposicao/{id}/reprovar`
 *   `{justificativa}` → `{message, reposicao}`; 409 `invalidTransition` unless GERADA. Approving
 *   queues one purchase order per supplier for the ERP.
 */
/*
 * Answer schemas: the contract's, with `parametros` (the calculation inputs, stored as the
 * calculation received them) as a plain object. The contract types it with the REQUEST schema,
 * whose trims and integer coercions are one-way transforms the response serializer cannot encode
 * (a ZodEncodeError, 500); the web parses answers with the contract's schema as it is.
 */
const parametersOut = z.record(z.string(), z.unknown());
const replacementOut = replacementSchema.extend({ parametros: parametersOut });
const detailOut = replacementDetailSchema.extend({ parametros: parametersOut });
const pageOut = pagedListSchema(replacementOut);
const actionOut = replacementActionResultSchema.extend({ reposicao: detailOut });

export const replacementsRoutes: DomainRoutes = (api, ctx) => {
  const tags = ['reposicao'];
  const security = [{ bearer: [] }];
  const generate = { role: REQUIRED.reposicaoCalculo };
  const history = { role: REQUIRED.reposicaoHistorico };
  const errors = { ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema };

  api.post(
    '/reposicao',
    { schema: { tags, summary: 'Gera uma reposição a partir de um cálculo', security, body: replacementCreateSchema, response: { 201: detailOut, ...errors } }, config: generate },
    async (request, reply) => {
      requireCompany(request);
      return reply.code(201).send(await createReplacement(ctx.db, requireAuth(request), request.body));
    },
  );

  api.get(
    '/reposicao',
    { schema: { tags, summary: 'Histórico de reposições (paginado)', security, querystring: replacementListQuerySchema, response: { 200: pageOut, ...AUTH_ERRORS } }, config: history },
    async (request) => {
      requireCompany(request);
      return listReplacements(ctx.db, requireAuth(request), request.query);
    },
  );

  api.get(
    '/reposicao/:id',
    { schema: { tags, summary: 'Uma reposição com transições e pedidos de compra', security, params: idParams(), response: { 200: detailOut, ...errors } }, config: history },
    async (request) => {
      requireCompany(request);
      return getReplacement(ctx.db, requireAuth(request), request.params.id);
    },
  );

  api.get(
    '/reposicao/:id/item',
    { schema: { tags, summary: 'Itens de uma reposição (paginado)', security, params: idParams(), querystring: replacementItemQuerySchema, response: { 200: replacementItemPageSchema, ...errors } }, config: history },
    async (request) => {
      requireCompany(request);
      return listReplacementItems(ctx.db, requireAuth(request), request.params.id, request.query);
    },
  );

  api.put(
    '/reposicao/:id/item/:idItem',
    {
      schema: {
        tags,
        summary: 'Altera a quantidade a pedir de um item (reposição gerada)',
        security,
        params: z.strictObject({ id: idSchema, idItem: idSchema }),
        body: replacementItemUpdateSchema,
        response: { 200: replacementItemUpdatedSchema, ...errors },
      },
      config: history,
    },
    async (request) => {
      requireCompany(request);
      return updateReplacementItem(ctx.db, requireAuth(request), request.params.id, request.params.idItem, request.body.quantidadePedido);
    },
  );

  const summaries: Record<Exclude<ReplacementAction, 'reprovar'>, string> = {
    aprovar: 'Aprova uma reposição gerada e envia um pedido de compra por editora ao ERP',
    cancelar: 'Cancela uma reposição gerada',
  };
  for (const action of ['aprovar', 'cancelar'] as const) {
    api.put(
      `/reposicao/:id/${action}`,
      { schema: { tags, summary: summaries[action], security, params: idParams(), response: { 200: actionOut, ...errors } }, config: history },
      async (request) => {
        requireCompany(request);
        return changeReplacementStatus(ctx, requireAuth(request), request.params.id, action);
      },
    );
  }

  api.put(
    '/reposicao/:id/reprovar',
    { schema: { tags, summary: 'Reprova uma reposição gerada (justificativa obrigatória)', security, params: idParams(), body: replacementDisapproveSchema, response: { 200: actionOut, ...errors } }, config: history },
    async (request) => {
      requireCompany(request);
      return changeReplacementStatus(ctx, requireAuth(request), request.params.id, 'reprovar', request.body.justificativa);
    },
  );
};
