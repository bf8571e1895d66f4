import { z } from 'zod';
import {
  REQUIRED,
  errorBodySchema,
  idParams,
  idSchema,
  replenishmentCalculationRequestSchema,
  replenishmentCalculationSchema,
  replenishmentExplanationSchema,
  replenishmentItemPageSchema,
  replenishmentItemQuerySchema,
  replenishmentItemSchema,
  replenishmentItemUpdateSchema,
  replenishmentSupplierTotalsSchema,
} from '@acervo/contracts';
import type { DomainRoutes } from '../../shared/context.ts';
import { AUTH_ERRORS } from '../../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../../shared/request-auth.ts';
import { calculate, explainItem, getCalculation, listItems, supplierTotals, updateItem } from './calculation.service.ts';

/**
 * The answer's schema for serialization: the stored inputs (`parametros`) as a plain object, since the
 * request schema's transforms (trimmed texts, checked days) cannot encode; the web parses the answer
 * with `replenishmentCalculationSchema` itself.
 */
const calculationAnswer = replenishmentCalculationSchema.extend({ parametros: z.record(z.string(), z.unknown()) });

/** Path of one line: the calculation id and the catalogue product id. */
const lineParams = z.strictObject({ id: idSchema, idProduto: idSchema });

/**
 * Replenishment calculation routes (issue 18 Part 2; docs/replenishment.md "Part 2"), under
 * `/api/core-api`, role ROLE_VISUALIZAR_REPOSICAO_CALCULO in the selected company (401/403 before
 * validation). A calculation of another company, absent or expired answers 404 calculationNotFound.
 * - `POST reposicao/calculo` → 201 the stored calculation (totals + first page by suggestion desc);
 *   400 on the inputs (schema, date order, period over 60 months, `idModelo` not the company's)
 * - `GET reposicao/calculo/{id}` → the calculation
 * - `GET reposicao/calculo/{id}/itens?page&pageSize&sorter&term&idEditora&somenteComSugestao` → a page of lines
 * - `GET reposicao/calculo/{id}/fornecedores` → totals per supplier
 * - `PUT reposicao/calculo/{id}/itens/{idProduto} {quantidadePedido}` → the line (400 when not a multiple of the order multiple)
 * - `GET reposicao/calculo/{id}/itens/{idProduto}/explicacao` → every number behind the line
 */
export const replenishmentCalculationRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.reposicaoCalculo };
  const tags = ['reposicao'];
  const security = [{ bearer: [] }];

  api.post(
    '/reposicao/calculo',
    {
      schema: { tags, summary: 'Calcula a reposição e guarda o resultado por 24 horas', security, body: replenishmentCalculationRequestSchema, response: { 201: calculationAnswer, ...AUTH_ERRORS } },
      config,
    },
    async (request, reply) => {
      const result = await calculate(ctx.db, requireAuth(request), requireCompany(request), request.body, { dbKind: ctx.dbKind });
      return reply.code(201).send(result);
    },
  );

  api.get(
    '/reposicao/calculo/:id',
    { schema: { tags, summary: 'Um cálculo de reposição guardado', security, params: idParams(), response: { 200: calculationAnswer, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => getCalculation(ctx.db, requireCompany(request), request.params.id),
  );

  api.get(
    '/reposicao/calculo/:id/itens',
    {
      schema: { tags, summary: 'Itens de um cálculo (paginado, ordenável, filtrável)', security, params: idParams(), querystring: replenishmentItemQuerySchema, response: { 200: replenishmentItemPageSchema, ...AUTH_ERRORS, 404: errorBodySchema } },
      config,
    },
    async (request) => listItems(ctx.db, requireCompany(request), request.params.id, request.query),
  );

  api.get(
    '/reposicao/calculo/:id/fornecedores',
    { schema: { tags, summary: 'Totais do cálculo por fornecedor', security, params: idParams(), response: { 200: z.array(replenishmentSupplierTotalsSchema), ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => supplierTotals(ctx.db, requireCompany(request), request.params.id),
  );

  api.put(
    '/reposicao/calculo/:id/itens/:idProduto',
    {
      schema: { tags, summary: 'Altera a quantidade a pedir de um item antes de gerar', security, params: lineParams, body: replenishmentItemUpdateSchema, response: { 200: replenishmentItemSchema, ...AUTH_ERRORS, 404: errorBodySchema } },
      config,
    },
    async (request) => updateItem(ctx.db, requireCompany(request), request.params.id, request.params.idProduto, request.body.quantidadePedido),
  );

  api.get(
    '/reposicao/calculo/:id/itens/:idProduto/explicacao',
    { schema: { tags, summary: 'A explicação de um item: histórico, previsão, estoque e a conta', security, params: lineParams, response: { 200: replenishmentExplanationSchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => explainItem(ctx.db, requireCompany(request), request.params.id, request.params.idProduto),
  );
};
