import { z } from 'zod';
import { integer, pagedListSchema } from './common.ts';

/**
 * Product import (issue 8 part 4): `POST produto/importacao` reads a CSV, XLSX or ONIX file into a
 * preview (nothing of the catalogue is written), `GET produto/importacao/{id}` shows it row by row
 * (paged) with its progress, `POST produto/importacao/{id}/confirmar` queues the write,
 * `GET produto/importacao/{id}/rejeitados` downloads the rejected rows as XLSX and
 * `GET produto/importacao/modelo` the XLSX template. Design: docs/product-import.md.
 */

/** Kinds of file the import reads. */
export const PRODUCT_IMPORT_FORMATS = ['CSV', 'XLSX', 'ONIX'] as const;
export type ProductImportFormat = (typeof PRODUCT_IMPORT_FORMATS)[number];

/**
 * Life of an import: PREVIA (read, waiting for confirmation) → NA_FILA (confirmed, job queued) →
 * PROCESSANDO (the job is writing) → CONCLUIDA, or ERRO (the job failed; the batches already
 * committed stay written and are counted in `gravados`).
 */
export const PRODUCT_IMPORT_STATUSES = ['PREVIA', 'NA_FILA', 'PROCESSANDO', 'CONCLUIDA', 'ERRO'] as const;
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];

/** What a valid row will do: create a product, or update the one with its ISBN. */
export const PRODUCT_IMPORT_ACTIONS = ['CRIAR', 'ALTERAR'] as const;

/** One problem of a row: the column (wire field name, `arquivo` for ONIX mapping) and the pt-BR reason. */
export const productImportErrorSchema = z.object({ coluna: z.string(), motivo: z.string() });
export type ProductImportError = z.infer<typeof productImportErrorSchema>;

/**
 * One row of the preview. `linha` is the spreadsheet row (the header is row 1) or, for ONIX, the
 * line the `<Product>` starts on. `acao` is null when the row has errors (it will not be written).
 * `resultado` after the write: GRAVADA, REJEITADA (with the reason in `erros`) or null before it.
 */
export const productImportRowSchema = z.object({
  linha: z.number().int(),
  isbn13: z.string().nullable(),
  titulo: z.string().nullable(),
  acao: z.enum(PRODUCT_IMPORT_ACTIONS).nullable(),
  erros: z.array(productImportErrorSchema),
  resultado: z.enum(['GRAVADA', 'REJEITADA']).nullable(),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

/**
 * An import with its counts and progress, and one page of its rows.
 * - `total` rows read; `novas` / `atualizacoes` valid rows that create / update; `comErro` rows
 *   refused by the preview;
 * - progress of the write: `processados` valid rows handled so far (of `novas + atualizacoes`),
 *   `percentual` 0–100, `linhasPorSegundo` the write rate so far, `gravados`, `rejeitados` (rows
 *   with errors, from the preview or refused by the database);
 * - `avisos` pt-BR notes on how the file was read (encoding, delimiter, ONIX parts ignored).
 */
export const productImportSchema = z.object({
  id: z.number().int(),
  nomeArquivo: z.string(),
  formato: z.enum(PRODUCT_IMPORT_FORMATS),
  status: z.enum(PRODUCT_IMPORT_STATUSES),
  total: z.number().int(),
  novas: z.number().int(),
  atualizacoes: z.number().int(),
  comErro: z.number().int(),
  processados: z.number().int(),
  gravados: z.number().int(),
  rejeitados: z.number().int(),
  percentual: z.number(),
  linhasPorSegundo: z.number(),
  avisos: z.array(z.string()),
  mensagem: z.string().nullable(),
  criadoEm: z.string(),
  iniciadoEm: z.string().nullable(),
  concluidoEm: z.string().nullable(),
  expiraEm: z.string(),
  linhas: pagedListSchema(productImportRowSchema),
});
export type ProductImport = z.infer<typeof productImportSchema>;

/** Query of `GET produto/importacao/{id}`: the page of rows, and `apenasErros=true` for rows with errors only. */
export const productImportQuerySchema = z.strictObject({
  page: integer({ min: 0, max: 1_000_000 }).default(0),
  pageSize: integer({ min: 1, max: 200 }).default(50),
  apenasErros: z.enum(['true', 'false'], { error: 'Valor inválido: use true ou false' }).optional(),
});
export type ProductImportQuery = z.infer<typeof productImportQuerySchema>;

/** Largest upload accepted (bytes): 150 MiB; larger answers 413 and nothing is written. */
export const PRODUCT_IMPORT_MAX_BYTES = 150 * 1024 * 1024;

/** Columns that name the publisher and imprint by name instead of `idEditora` / `idSelo`. */
export const PRODUCT_IMPORT_NAME_COLUMNS = ['editora', 'selo'] as const;

/** pt-BR messages of refused files (400, or 413 for the size). */
export const PRODUCT_IMPORT_MESSAGES = {
  missingFile: 'O campo é obrigatório, insira o arquivo',
  empty: 'O arquivo está vazio',
  tooLarge: 'O arquivo passa do limite de 150 MB',
  unknownFormat: 'Formato de arquivo não reconhecido: envie CSV, XLSX ou ONIX (XML)',
  noRows: 'O arquivo não tem linhas de produto',
  notFound: 'Importação não encontrada ou expirada',
  notPreview: 'Esta importação já foi confirmada',
  nothingToWrite: 'Nenhuma linha válida para gravar',
} as const;
