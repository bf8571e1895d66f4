import { REQUIRED, errorBodySchema, idParams, productActiveStateSchema, productDetailSchema, productSaveSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../auth/auth-guard.ts';
import { createProduct, toggleProductActive, updateProduct } from './product-save.service.ts';

/**
 * Product form routes (issue 8 part 1; role VISUALIZAR_PRODUTOS_CADASTRAR, like the catalogue):
 * - `POST produto` — body `productSaveSchema`; 201 with `productDetailSchema`
 * - `PUT produto/{id}` — same body; 200 with the detail; 404 when absent
 * - `PUT produto/inativa/{id}` — toggles `ativo`; 200 `{id, ativo}` (the new state); 404
 * Errors: 400 `{messages: [{field, message}]}` for a bad field or a reference id that does not
 * exist (`idEditora`… named); 409 on `isbn13` naming the product (title and id) that already has
 * the ISBN. Each save writes the product, its contributors/subjects/prices, the audit trail and —
 * when the ERP integration is on — the outgoing queue item in one transaction.
 */
export const productSaveRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.produtos };
  const tags = ['produtos'];
  const security = [{ bearer: [] }];

  api.post(
    '/produto',
    {
      schema: { tags, summary: 'Cadastra um produto', security, body: productSaveSchema, response: { 201: productDetailSchema, ...AUTH_ERRORS, 400: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request, reply) => {
      const detail = await createProduct(ctx.db, requireAuth(request), request.body);
      return reply.status(201).send(detail);
    },
  );

  api.put(
    '/produto/inativa/:id',
    {
      schema: { tags, summary: 'Ativa ou inativa um produto (alterna; responde o novo estado)', security, params: idParams(), response: { 200: productActiveStateSchema, ...AUTH_ERRORS, 404: errorBodySchema } },
      config,
    },
    async (request) => toggleProductActive(ctx.db, requireAuth(request), request.params.id),
  );

  api.put(
    '/produto/:id',
    {
      schema: { tags, summary: 'Altera um produto',
        description:
          'Substitui o produto: um campo ausente do corpo (texto, número, referência, lista) é apagado; os indicadores booleanos ausentes mantêm o valor gravado. Envie o produto completo (GET produto/{id}) com as alterações. docs/product-form.md',
        security, params: idParams(), body: productSaveSchema, response: { 200: productDetailSchema, ...AUTH_ERRORS, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request) => updateProduct(ctx.db, requireAuth(request), request.params.id, request.body),
  );
};
