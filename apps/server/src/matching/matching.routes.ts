import {
  MATCH_API_PATHS,
  MATCH_KINDS,
  REQUIRED,
  bisacCategoryListQuerySchema,
  bisacCategoryPageSchema,
  bisacImportReportSchema,
  errorBodySchema,
  matchListQuerySchema,
  matchOptionListSchema,
  matchOptionQuerySchema,
  matchPageSchema,
  matchSaveRequestSchema,
  matchSaveResponseSchema,
} from '@acervo/contracts';
import type { ApiInstance, DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../auth/auth-guard.ts';
import { importBisacFile, listBisacCategories } from './categoria-bisac.service.ts';
import { listMatchOptions, listMatches, saveMatch } from './matching.service.ts';
import { MATCHING_UPLOAD, MATCHING_UPLOAD_LIMIT } from './multipart-file.ts';
import { buffer } from 'node:stream/consumers';
import { acceptUploads, receiveUpload } from '../shared/upload.ts';

/**
 * Matching tables and the BISAC list (issue 8 part 3), under `/api/core-api`; 401 without a
 * session, 403 without the role (both before validation):
 * - `GET categoria-bisac?page&pageSize&term&secao&principais` (any signed-in user: the product form
 *   and the matching screens both pick from it) → paged `{codigo, secao, descricao, descricaoEn}`
 * - `POST categoria-bisac/importacao` (GERENCIAR_CORRESPONDENCIA_PRODUTO), multipart with the file
 *   in `arquivo` (JSON or CSV, ≤ 20 MB) → `bisacImportReportSchema`; 400 on `arquivo` (pt-BR) for
 *   no file, an empty, binary, broken or column-less file, writing nothing
 * - for each of `correspondencia-categoria-bisac`, `-editora`, `-contribuicao`, `-encadernacao`,
 *   `-situacao` (GERENCIAR_CORRESPONDENCIA_PRODUTO, the selected company's ERP data):
 *   `GET <path>?page&pageSize&sorter&term&pendentes` → paged `matchItemSchema`, unmatched first;
 *   `GET <path>/opcoes?term` → up to 20 Acervo codes for the picker;
 *   `PUT <path> {codigoErp, codigoAcervo, indMetabooks?, indBookinfo?}` → `{item, produtosAtualizados}`
 *   (404 for an ERP code the company lacks, 400 on `codigoAcervo` for an unknown or inactive code)
 */
export const matchingRoutes: DomainRoutes = async (api, ctx) => {
  const config = { role: REQUIRED.correspondencia };

  api.get(
    '/categoria-bisac',
    {
      schema: {
        tags: ['correspondencias'],
        summary: 'Categorias BISAC importadas (paginado)',
        security: [{ bearer: [] }],
        querystring: bisacCategoryListQuerySchema,
        response: { 200: bisacCategoryPageSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => listBisacCategories(ctx.db, request.query),
  );

  // The upload in its own scope: the multipart parser (shared/upload.ts) applies to it alone
  await api.register(async (scope: ApiInstance) => {
    await acceptUploads(scope, MATCHING_UPLOAD_LIMIT);
    scope.post(
      '/categoria-bisac/importacao',
      {
        schema: {
          tags: ['correspondencias'],
          summary: 'Importa a lista de categorias BISAC (JSON ou CSV, multipart no campo arquivo)',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: bisacImportReportSchema, ...AUTH_ERRORS, 413: errorBodySchema },
        },
        config,
      },
      async (request) => {
        const auth = requireAuth(request);
        const { fileName, value: bytes } = await receiveUpload(request, MATCHING_UPLOAD, (file) => buffer(file));
        return importBisacFile(ctx.db, auth, fileName, bytes);
      },
    );
  });

  for (const kind of MATCH_KINDS) {
    const path = `/${MATCH_API_PATHS[kind]}`;
    api.get(
      path,
      {
        schema: {
          tags: ['correspondencias'],
          summary: `Códigos do ERP e suas correspondências (${kind}), não correspondidos primeiro`,
          security: [{ bearer: [] }],
          querystring: matchListQuerySchema,
          response: { 200: matchPageSchema, ...AUTH_ERRORS },
        },
        config,
      },
      async (request) => listMatches(ctx.db, requireCompany(request), kind, request.query),
    );
    api.get(
      `${path}/opcoes`,
      {
        schema: {
          tags: ['correspondencias'],
          summary: `Códigos do Acervo para a correspondência (${kind})`,
          security: [{ bearer: [] }],
          querystring: matchOptionQuerySchema,
          response: { 200: matchOptionListSchema, ...AUTH_ERRORS },
        },
        config,
      },
      async (request) => listMatchOptions(ctx.db, kind, request.query.term),
    );
    api.put(
      path,
      {
        schema: {
          tags: ['correspondencias'],
          summary: `Grava a correspondência de um código do ERP (${kind}) e a reaplica aos produtos`,
          security: [{ bearer: [] }],
          body: matchSaveRequestSchema,
          response: { 200: matchSaveResponseSchema, ...AUTH_ERRORS, 404: errorBodySchema },
        },
        config,
      },
      async (request) => saveMatch(ctx.db, requireAuth(request), requireCompany(request), kind, request.body),
    );
  }
};
