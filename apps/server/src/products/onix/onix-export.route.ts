import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { REQUIRED, productListQuerySchema } from '@acervo/contracts';
import { requireCompany } from '../../auth/auth-guard.ts';
import { companies } from '../../companies/companies.schema.ts';
import { AUTH_ERRORS } from '../../shared/api-schemas.ts';
import type { ApiInstance, AppContext } from '../../shared/context.ts';
import { toListRequest } from '../products.service.ts';
import { onixExportFileName, streamOnixExport, type OnixSender } from './onix-export.ts';

/**
 * `GET produto/onix?{filters of GET produto}` — the filtered catalogue as an ONIX for Books 3.0
 * reference-tag file (docs/onix-export.md), streamed: `Content-Type: application/xml;
 * charset=utf-8`, `Content-Disposition: attachment; filename="acervo-onix-YYYYMMDD-HHMMSS.xml"`.
 * Same role and filters as the catalogue list (`VISUALIZAR_PRODUTOS_CADASTRAR`; paging and sort
 * parameters are accepted and ignored: products come in id order). The sender of the header is
 * the caller's selected company. 401 without a session, 403 without the role, 400 for a bad
 * filter (before anything is streamed); a database failure after the first bytes aborts the
 * response (the client sees a truncated download).
 */
export function registerOnixExportRoute(api: ApiInstance, ctx: AppContext): void {
  api.get(
    '/produto/onix',
    {
      schema: {
        tags: ['produtos'],
        summary: 'Exporta o catálogo filtrado em ONIX 3.0 (XML, download)',
        security: [{ bearer: [] }],
        querystring: productListQuerySchema,
        produces: ['application/xml'],
        response: { ...AUTH_ERRORS },
      },
      config: { role: REQUIRED.produtos },
    },
    async (request, reply) => {
      const { filters } = toListRequest(request.query);
      const companyId = requireCompany(request);
      const [company] = await ctx.db.select({ name: companies.name, cnpj: companies.cnpj }).from(companies).where(eq(companies.id, companyId));
      const sender: OnixSender = { name: company?.name ?? 'Acervo', cnpj: company?.cnpj || null };
      const now = new Date();
      const chunks = streamOnixExport(ctx.db, filters, sender, { sentAt: now });
      // The first chunk is read before answering, so a failing query still gets a JSON error.
      const first = await chunks.next();
      async function* body() {
        if (!first.done) yield Buffer.from(first.value, 'utf8');
        for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
      }
      const stream = Readable.from(body(), { objectMode: false });
      stream.on('error', (err) => request.log.error({ err }, 'ONIX export aborted'));
      // Typed replies only know the JSON error bodies; a stream is sent as is (no serializer).
      return (reply as FastifyReply)
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${onixExportFileName(now)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
