import { z } from 'zod';
import {
  REQUIRED,
  errorBodySchema,
  idParams,
  orderClientPageSchema,
  orderClientQuerySchema,
  orderCreateRequestSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderOptionSchema,
  orderPageSchema,
  orderProductQuerySchema,
  orderProductSchema,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../shared/request-auth.ts';
import { carriers, createOrder, fiscalOperations, getOrder, listOrders, parseIdempotencyKey, paymentForms, resendOrder, searchClients, searchOrderProducts } from './orders.service.ts';

/**
 * Sales order routes (issue 19 part 2, docs/sales-orders.md), under `/api/core-api`, scoped to the
 * selected company (401 without a session, 403 without the role or a selected company, both before
 * validation):
 * - VISUALIZAR_PEDIDOS or CRIAR_PEDIDOS (the list's filters and the form's pickers):
 *   `GET cliente?term&page&pageSize&sorter` → paged `{id, nome, nomeFantasia, documento, uf, municipio}`
 *   active ERP clients; `GET forma-pagamento`, `GET transportadora`, `GET tipo-operacao-fiscal` →
 *   `[{id, descricao}]` active ERP records (operations of nature VENDA only)
 * - CRIAR_PEDIDOS: `GET pedido-venda/produto?term=` → up to 20 `orderProductSchema` (barcode or
 *   title words); `POST pedido-venda` (`orderCreateRequestSchema`, optional `Idempotency-Key`
 *   header) → 201 the order, or 200 the order a repeated key already created; 400 naming the field
 *   and line (`itens.N.campo`); 409 a key reused with another body;
 *   `POST pedido-venda/{id}/reenviar` → the order back in the ERP queue (409 unless ERRO)
 * - VISUALIZAR_PEDIDOS: `GET pedido-venda` (filters `idCliente`, `idVendedor`, `dataInicio`,
 *   `dataFim`, `status`; paged) and `GET pedido-venda/{id}` (404 when absent or not visible); a
 *   seller without ROLE_VISUALIZAR_PEDIDOS_TODOS sees only their own orders
 * The seller picker is `GET usuario/vendedor` (users domain).
 */
export const ordersRoutes: DomainRoutes = (api, ctx) => {
  const tags = ['pedidos'];
  const security = [{ bearer: [] }];
  const pickers = { role: [REQUIRED.pedidos, REQUIRED.criarPedidos] };
  const view = { role: REQUIRED.pedidos };
  const create = { role: REQUIRED.criarPedidos };

  api.get(
    '/cliente',
    { schema: { tags, summary: 'Clientes ativos do ERP da empresa selecionada (paginado)', security, querystring: orderClientQuerySchema, response: { 200: orderClientPageSchema, ...AUTH_ERRORS } }, config: pickers },
    async (request) => {
      requireCompany(request);
      return searchClients(ctx.db, requireAuth(request), request.query);
    },
  );

  api.get(
    '/forma-pagamento',
    { schema: { tags, summary: 'Formas de pagamento ativas do ERP da empresa', security, response: { 200: z.array(orderOptionSchema), ...AUTH_ERRORS } }, config: pickers },
    async (request) => {
      requireCompany(request);
      return paymentForms(ctx.db, requireAuth(request));
    },
  );

  api.get(
    '/transportadora',
    { schema: { tags, summary: 'Transportadoras ativas do ERP da empresa', security, response: { 200: z.array(orderOptionSchema), ...AUTH_ERRORS } }, config: pickers },
    async (request) => {
      requireCompany(request);
      return carriers(ctx.db, requireAuth(request));
    },
  );

  api.get(
    '/tipo-operacao-fiscal',
    { schema: { tags, summary: 'Tipos de operação fiscal de venda ativos do ERP da empresa', security, response: { 200: z.array(orderOptionSchema), ...AUTH_ERRORS } }, config: pickers },
    async (request) => {
      requireCompany(request);
      return fiscalOperations(ctx.db, requireAuth(request));
    },
  );

  api.get(
    '/pedido-venda/produto',
    { schema: { tags, summary: 'Produtos do ERP da empresa para o pedido (código de barras ou título)', security, querystring: orderProductQuerySchema, response: { 200: z.array(orderProductSchema), ...AUTH_ERRORS } }, config: create },
    async (request) => {
      requireCompany(request);
      return searchOrderProducts(ctx.db, requireAuth(request), request.query.term);
    },
  );

  api.post(
    '/pedido-venda',
    {
      schema: {
        tags,
        summary: 'Cria um pedido de venda e o põe na fila de envio ao ERP',
        security,
        body: orderCreateRequestSchema,
        response: { 200: orderDetailSchema, 201: orderDetailSchema, ...AUTH_ERRORS, 409: errorBodySchema },
      },
      config: create,
    },
    async (request, reply) => {
      requireCompany(request);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const { created, order } = await createOrder(ctx, requireAuth(request), request.body, key);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  api.get(
    '/pedido-venda',
    { schema: { tags, summary: 'Pedidos de venda (paginado)', security, querystring: orderListQuerySchema, response: { 200: orderPageSchema, ...AUTH_ERRORS } }, config: view },
    async (request) => {
      requireCompany(request);
      return listOrders(ctx.db, requireAuth(request), request.query);
    },
  );

  api.get(
    '/pedido-venda/:id',
    { schema: { tags, summary: 'Um pedido de venda com seus itens', security, params: idParams(), response: { 200: orderDetailSchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config: view },
    async (request) => {
      requireCompany(request);
      return getOrder(ctx.db, requireAuth(request), request.params.id);
    },
  );

  api.post(
    '/pedido-venda/:id/reenviar',
    { schema: { tags, summary: 'Reenvia ao ERP um pedido cujo envio falhou', security, params: idParams(), response: { 200: orderDetailSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } }, config: create },
    async (request) => {
      requireCompany(request);
      return resendOrder(ctx, requireAuth(request), request.params.id);
    },
  );
};
