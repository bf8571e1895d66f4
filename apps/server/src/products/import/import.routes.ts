import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { PRODUCT_IMPORT_MAX_BYTES, PRODUCT_IMPORT_MESSAGES, REQUIRED, errorBodySchema, idParams, productImportQuerySchema, productImportSchema } from '@acervo/contracts';
import type { ApiInstance, AppContext, DomainRoutes } from '../../shared/context.ts';
import { AUTH_ERRORS } from '../../shared/api-schemas.ts';
import { requireAuth } from '../../auth/auth-guard.ts';
import { auditActor } from '../../audit/audit.service.ts';
import { fieldError } from '../../shared/errors.ts';
import { acceptUploads, receiveUpload, type UploadMessages } from '../../shared/upload.ts';
import type { DomainQueue, JobQueue } from '../../jobs/job-queue.ts';
import type { Db } from '../../db/client.ts';
import { ImportFileError } from './import-file.ts';
import { PRODUCT_IMPORT_QUEUE, confirmImport, createPreview, getImport, runImport, writeRejectedXlsx, writeTemplateXlsx, type ProductImportJob } from './import.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** pt-BR answers of the import upload (`shared/upload.ts`). */
const IMPORT_UPLOAD_MESSAGES: UploadMessages = {
  notMultipart: PRODUCT_IMPORT_MESSAGES.missingFile,
  missing: PRODUCT_IMPORT_MESSAGES.missingFile,
  empty: PRODUCT_IMPORT_MESSAGES.empty,
  tooLarge: PRODUCT_IMPORT_MESSAGES.tooLarge,
};

/** Largest upload in bytes: `PRODUCT_IMPORT_MAX_BYTES` env (tests, operators) or 150 MiB. */
function maxBytes(): number {
  const n = Number(process.env.PRODUCT_IMPORT_MAX_BYTES);
  return Number.isInteger(n) && n > 0 ? n : PRODUCT_IMPORT_MAX_BYTES;
}

/**
 * Starts this process's poller of the import queue (one import written at a time); the background
 * work (`schedules/background.ts`) of the server and the worker calls it through PRODUCT_IMPORT_QUEUES.
 */
export async function startProductImportWorker(queue: JobQueue, db: Db, pollingIntervalMs?: number): Promise<void> {
  await queue.work<ProductImportJob>(
    PRODUCT_IMPORT_QUEUE,
    async (jobs, signal) => {
      for (const job of jobs) await runImport(db, job.data.idImportacao, signal, job.data.ator);
    },
    { concurrency: 1, batchSize: 1, pollingIntervalMs },
  );
}

/**
 * The import's queue, listed by the composition root (`domains.ts`, DOMAIN_QUEUES): declared by
 * every process before the queue starts (a job runs at most 2 h, no retry), worked by
 * `startProductImportWorker`.
 */
export const PRODUCT_IMPORT_QUEUES: DomainQueue[] = [
  {
    name: PRODUCT_IMPORT_QUEUE,
    definition: { retryLimit: 0, expireInSeconds: 2 * 60 * 60 },
    work: ({ queue, database }, { pollingIntervalMs }) => startProductImportWorker(queue, database.db, pollingIntervalMs),
  },
];

function xlsxDownload(reply: import('fastify').FastifyReply, fileName: string, write: (out: PassThrough) => Promise<void>) {
  const out = new PassThrough();
  write(out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).send(out);
}

function registerImportRoutes(api: ApiInstance, ctx: AppContext): void {
  const config = { role: REQUIRED.produtos };
  const tags = ['produtos'];
  const security = [{ bearer: [] }];

  api.get(
    '/produto/importacao/modelo',
    { schema: { tags, summary: 'Modelo XLSX da importação de produtos', security, response: { ...AUTH_ERRORS } }, config },
    async (_request, reply) => xlsxDownload(reply, 'modelo-importacao-produtos.xlsx', writeTemplateXlsx),
  );

  api.post(
    '/produto/importacao',
    {
      schema: {
        tags,
        summary: 'Envia um arquivo CSV, XLSX ou ONIX (campo multipart `arquivo`) e cria a prévia',
        security,
        response: { 201: z.object({ id: z.number().int() }), ...AUTH_ERRORS, 400: errorBodySchema, 413: errorBodySchema },
      },
      config,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const tmp = path.join(os.tmpdir(), `acervo-importacao-${randomUUID()}`);
      try {
        // streamed to a temporary file: a 150 MB upload never sits in memory
        const { fileName } = await receiveUpload(request, { maxBytes: maxBytes(), messages: IMPORT_UPLOAD_MESSAGES }, (file) => pipeline(file, fs.createWriteStream(tmp)));
        try {
          const id = await createPreview(ctx.db, tmp, fileName, auth.userId);
          return reply.status(201).send({ id });
        } catch (err) {
          if (err instanceof ImportFileError) throw fieldError('arquivo', err.message);
          throw err;
        }
      } finally {
        await fs.promises.rm(tmp, { force: true });
      }
    },
  );

  api.get(
    '/produto/importacao/:id',
    {
      schema: { tags, summary: 'Prévia e progresso de uma importação (linhas paginadas)', security, params: idParams(), querystring: productImportQuerySchema, response: { 200: productImportSchema, ...AUTH_ERRORS, 404: errorBodySchema } },
      config,
    },
    async (request) => getImport(ctx.db, request.params.id, request.query),
  );

  api.post(
    '/produto/importacao/:id/confirmar',
    {
      schema: { tags, summary: 'Confirma a importação: grava as linhas válidas em segundo plano', security, params: idParams(), response: { 202: z.object({ id: z.number().int() }), ...AUTH_ERRORS, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request, reply) => {
      const id = request.params.id;
      await confirmImport(ctx.database, ctx.jobs, id, auditActor(requireAuth(request)));
      ctx.jobs.notify(PRODUCT_IMPORT_QUEUE);
      return reply.status(202).send({ id });
    },
  );

  api.get(
    '/produto/importacao/:id/rejeitados',
    { schema: { tags, summary: 'Linhas rejeitadas de uma importação (XLSX)', security, params: idParams(), response: { ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request, reply) => {
      const id = request.params.id;
      await getImport(ctx.db, id, { page: 0, pageSize: 1 }); // 404 before the download starts
      return xlsxDownload(reply, `importacao-${id}-rejeitados.xlsx`, (out) => writeRejectedXlsx(ctx.db, id, out));
    },
  );
}

/**
 * Product import routes (issue 8 part 4; role VISUALIZAR_PRODUTOS_CADASTRAR, like the catalogue):
 * - `GET produto/importacao/modelo` — XLSX template (every column with a format note, an example row)
 * - `POST produto/importacao` — multipart, file in `arquivo` (CSV, XLSX, ONIX 3.0/2.1): 201 `{id}`
 *   of the preview; 400 `{messages:[{field:'arquivo'}]}` for a missing, empty, unknown, malformed
 *   or wrongly-headed file; 413 above the size cap (150 MB); nothing is written then
 * - `GET produto/importacao/{id}?page&pageSize&apenasErros` — `productImportSchema`; 404
 * - `POST produto/importacao/{id}/confirmar` — 202; queues the write; 409 when already confirmed;
 *   400 when no row is valid
 * - `GET produto/importacao/{id}/rejeitados` — XLSX of the rejected rows; 404
 * The multipart parser is registered in this scope only.
 */
export const productImportRoutes: DomainRoutes = async (api, ctx) => {
  await api.register(async (scope) => {
    await acceptUploads(scope, maxBytes());
    registerImportRoutes(scope as unknown as ApiInstance, ctx);
  });
};
