import { REQUIRED, idParams, productDetailSchema, productListQuerySchema, productPageSchema, errorBodySchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { getProduct, listProducts } from './products.service.ts';
import { registerOnixExportRoute } from './onix/onix-export.route.ts';
import { productSaveRoutes } from './product-save.routes.ts';
import { coverRoutes } from './cover.routes.ts';

/**
 * Catalogue routes (role VISUALIZAR_PRODUTOS_CADASTRAR in the selected company; the catalogue
 * itself is shared by every company):
 * - `GET produto` — paged list `{itens, page, size, totalPage, totalItens, proxima}`; query
 *   `productListQuerySchema`; 400 naming the field for a bad `pageSize`, `anoEdicao` or `sorter`
 * - `GET produto/{id}` — `productDetailSchema`; 404 'Não foi encontrado dados' when absent
 * - `GET produto/onix` — the filtered catalogue as an ONIX 3.0 download (`onix/onix-export.route.ts`)
 * 401 without a valid session, 403 without the role (both before any validation).
 */
export const productsRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.produtos };

  registerOnixExportRoute(api, ctx);
  // POST produto, PUT produto/{id}, PUT produto/inativa/{id} (product form, issue 8)
  productSaveRoutes(api, ctx);
  // POST/GET/DELETE produto/{id}/capa (cover upload and thumbnails)
  coverRoutes(api, ctx);

  api.get(
    '/produto',
    {
      schema: {
        tags: ['produtos'],
        summary: 'Catálogo de produtos (paginado)',
        security: [{ bearer: [] }],
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...AUTH_ERRORS },
      },
      config,
    },
    async (request) => listProducts(ctx.db, request.query),
  );

  api.get(
    '/produto/:id',
    {
      schema: {
        tags: ['produtos'],
        summary: 'Produto completo',
        security: [{ bearer: [] }],
        params: idParams(),
        response: { 200: productDetailSchema, ...AUTH_ERRORS, 404: errorBodySchema },
      },
      config,
    },
    async (request) => getProduct(ctx.db, request.params.id),
  );
};
