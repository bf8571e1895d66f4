import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, exportCreatedSchema, exportFileSchema, exportListQuerySchema, exportPageSchema, idParams, type ExportFormat } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../shared/request-auth.ts';
import { countUnviewed, listExports, openExportFile, parseExportRequest, readExportFile, requestExport } from './exports.service.ts';

const tags = ['Fila de exportação'];
const security = [{ bearer: [] }];

/** `Content-Disposition: attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Export queue routes (issue 17 part 1; SPEC sections 3, 4, 7, 9; docs/exports.md). Open to every
 * signed-in user: a request is checked against its report's own role, and each user sees and
 * downloads only their own items (another user's id answers 404).
 * - `POST fila-exportacao/csv` | `POST fila-exportacao/excel` `{origem, filtros}` → 201 `{id}`;
 *   400 for an unknown `origem` or bad `filtros` (fields `filtros.<campo>`), 403 without the report's role
 * - `GET fila-exportacao` (`page`, `pageSize` default 10, `status`) → the caller's items of the last 7 days
 * - `GET fila-exportacao/notificacaoDownloads` → number: finished (SUCESSO) items not downloaded yet
 * - `GET fila-exportacao/{id}` → `{conteudo (base64), nomeArquivo, miniType}` (files up to 20 MB; 413 above)
 * - `GET fila-exportacao/{id}/arquivo` → the file itself, streamed
 * Both downloads set `indVisualizado`; 409 while the item is not SUCESSO, 404 once the file expired.
 */
export const exportsRoutes: DomainRoutes = (api, ctx) => {
  const deps = { database: ctx.database, jobs: ctx.jobs, sources: ctx.exportSources };
  for (const [segment, format] of [
    ['csv', 'CSV'],
    ['excel', 'XLSX'],
  ] as const satisfies readonly (readonly [string, ExportFormat])[]) {
    api.post(
      `/fila-exportacao/${segment}`,
      {
        // the body ({origem, filtros}: exportRequestSchema) is checked by parseExportRequest, then
        // `filtros` by the report's own strict schema: one route schema cannot list every report's filters
        schema: {
          tags,
          summary: `Solicita uma exportação ${format}`,
          description: 'Corpo `{origem, filtros}`: `origem` o relatório e a aba (`relatorio/estoque`…), `filtros` a consulta do relatório (validada pelo esquema do relatório; 400 em `filtros.<campo>`).',
          security,
          response: { 201: exportCreatedSchema, ...AUTH_ERRORS },
        },
      },
      async (request, reply) => reply.code(201).send({ id: await requestExport(deps, requireAuth(request), format, parseExportRequest(request.body)) }),
    );
  }

  api.get(
    '/fila-exportacao',
    { schema: { tags, summary: 'Exportações do usuário nos últimos 7 dias (paginado)', security, querystring: exportListQuerySchema, response: { 200: exportPageSchema, ...AUTH_ERRORS } } },
    async (request) => listExports(ctx.db, requireAuth(request), request.query),
  );

  api.get(
    '/fila-exportacao/notificacaoDownloads',
    { schema: { tags, summary: 'Exportações concluídas ainda não baixadas (o número do selo)', security, response: { 200: z.number().int(), ...AUTH_ERRORS } } },
    async (request) => countUnviewed(ctx.db, requireAuth(request)),
  );

  api.get(
    '/fila-exportacao/:id',
    { schema: { tags, summary: 'O arquivo de uma exportação, em base64', security, params: idParams(), response: { 200: exportFileSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema } } },
    async (request) => readExportFile(ctx.db, ctx.config.dataDir, requireAuth(request), request.params.id),
  );

  api.get(
    '/fila-exportacao/:id/arquivo',
    { schema: { tags, summary: 'O arquivo de uma exportação', security, params: idParams(), response: { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema } } },
    async (request, reply) => {
      const file = await openExportFile(ctx.db, ctx.config.dataDir, requireAuth(request), request.params.id);
      // a file, not JSON: the untyped reply (the response schemas describe only the error bodies)
      return (reply as FastifyReply).type(file.mimeType).header('content-length', file.size).header('content-disposition', attachment(file.fileName)).send(file.stream);
    },
  );
};
