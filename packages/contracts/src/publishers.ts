import { z } from 'zod';
import { cnpjField } from './cnpj.ts';
import { idSchema, listQuerySchema, pagedListSchema, text } from './common.ts';

/** An imprint (selo) of a publisher as the API answers it. */
export const imprintSchema = z.object({ id: z.number().int(), nome: z.string(), ativo: z.boolean() });
/** One imprint. */
export type Imprint = z.infer<typeof imprintSchema>;

/**
 * Publisher (editora) as `GET/POST/PUT editora` answer it: `cnpj` stored form (14 characters, no
 * mask; mask it with `formatCnpj`) or null; `indMetabooks` / `indBookinfo` the Metabooks and
 * Bookinfo integration flags; `idErp` the ERP id the sync wrote (read-only); `selos` its imprints
 * by name; `quantidadeProdutos` how many products refer to it.
 */
export const publisherSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cnpj: z.string().nullable(),
  indMetabooks: z.boolean(),
  indBookinfo: z.boolean(),
  ativo: z.boolean(),
  idErp: z.string().nullable(),
  selos: z.array(imprintSchema),
  quantidadeProdutos: z.number().int(),
});
/** One publisher. */
export type Publisher = z.infer<typeof publisherSchema>;

/** Page of `GET editora`. */
export const publisherPageSchema = pagedListSchema(publisherSchema);

/** Fields `GET editora` sorts by. */
export const PUBLISHER_SORT_FIELDS = ['nome', 'cnpj', 'indMetabooks', 'indBookinfo', 'ativo', 'quantidadeProdutos'] as const;

/**
 * `GET editora?page&pageSize&sorter&term&status`: `term` matches the name (accent- and
 * case-insensitive), an imprint name and the CNPJ (with or without its mask).
 */
export const publisherListQuerySchema = listQuerySchema;
/** Query of `GET editora`. */
export type PublisherListQuery = z.infer<typeof publisherListQuerySchema>;

/** Most imprints one publisher save may carry. */
export const MAX_IMPRINTS = 200;

/** Message of two imprints of one publisher with the same name (case and accents ignored). */
export const DUPLICATE_IMPRINT_MESSAGE = 'Selo repetido nesta editora';

/**
 * One imprint of a publisher save: `id` of an existing imprint of this publisher (rename or
 * (de)activate it) or absent for a new one; `nome` 1–300; `ativo` default true.
 */
export const imprintRequestSchema = z.strictObject({
  id: idSchema.optional(),
  nome: text({ min: 1, max: 300 }),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
});

/**
 * Body of `POST editora` / `PUT editora/{id}`: `nome` required (1–300); `cnpj` optional (blank or
 * null = none; numeric or alphanumeric with valid check digits, mask optional, stored
 * normalised); the integration flags (default false); `ativo` (default true; kept on update when
 * absent); `selos` the complete list of imprints (absent = unchanged on update; an existing
 * imprint left out is deleted, 409 when products use it). Strict.
 */
export const publisherRequestSchema = z.strictObject({
  nome: text({ min: 1, max: 300 }),
  cnpj: z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), cnpjField().optional()),
  indMetabooks: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  indBookinfo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  selos: z.array(imprintRequestSchema).max(MAX_IMPRINTS, `No máximo ${MAX_IMPRINTS} selos`).optional(),
});
/** Parsed body of a publisher save. */
export type PublisherRequest = z.infer<typeof publisherRequestSchema>;
/** What the publisher form holds before parsing. */
export type PublisherRequestInput = z.input<typeof publisherRequestSchema>;

/** 409 message (field `nome`) for a name another publisher has (case and accents ignored). */
export const DUPLICATE_PUBLISHER_NAME_MESSAGE = 'Já existe uma editora com este nome.';
/** 409 message (field `cnpj`) for a CNPJ another publisher has. */
export const DUPLICATE_PUBLISHER_CNPJ_MESSAGE = 'Já existe uma editora com este CNPJ.';
/** 409 message of a publisher products still use (the count follows in the answer). */
export const PUBLISHER_IN_USE_MESSAGE = 'A editora não pode ser excluída porque há produtos vinculados a ela. Inative-a em vez de excluí-la.';
/** 409 message (field `selos`) of an imprint removed from the list while products use it. */
export const IMPRINT_IN_USE_MESSAGE = 'O selo está em uso por produtos e não pode ser removido; inative-o.';
