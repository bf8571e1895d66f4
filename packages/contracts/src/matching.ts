import { z } from 'zod';
import { listQuerySchema, pagedListSchema, text } from './common.ts';

/**
 * Matching tables (issue 8 part 3, SPEC section 2 "matching and lookup screens"): each ERP code the
 * sync stored for the selected company, matched to Acervo's code. Decisions in
 * `docs/catalogue-matching.md`.
 * - CATEGORIA_BISAC: an ERP subject (ASSUNTO, by ERP id) → a BISAC heading (`categoria_bisac.codigo`)
 * - EDITORA: an ERP imprint (SELO, by ERP id; the ERP has no publisher register, its imprints name
 *   their publisher) → an Acervo publisher (`editora.id`, sent as digits in `codigoAcervo`), with
 *   the company's Metabooks and Bookinfo flags
 * - CONTRIBUICAO: an ERP contribution type (TIPO_CONTRIBUICAO) → `contribuicao.codigo` (ONIX list 17)
 * - ENCADERNACAO: an ERP product type (TIPO_PRODUTO) → `encadernacao.codigo` (ONIX list 150)
 * - SITUACAO: an availability code of the ERP's products → `produto_situacao.codigo` (ONIX list 65)
 */
export const MATCH_KINDS = ['CATEGORIA_BISAC', 'EDITORA', 'CONTRIBUICAO', 'ENCADERNACAO', 'SITUACAO'] as const;
/** A kind of matching table. */
export type MatchKind = (typeof MATCH_KINDS)[number];

/** API path (under `/api/core-api/`) of each matching table. */
export const MATCH_API_PATHS: Record<MatchKind, string> = {
  CATEGORIA_BISAC: 'correspondencia-categoria-bisac',
  EDITORA: 'correspondencia-editora',
  CONTRIBUICAO: 'correspondencia-contribuicao',
  ENCADERNACAO: 'correspondencia-encadernacao',
  SITUACAO: 'correspondencia-situacao',
};

/**
 * One ERP code of a matching table: `codigoErp` (ERP id, or the availability code), its ERP
 * description (`descricaoErp`; null while the ERP record is a placeholder) and detail
 * (`detalheErp`: the imprint's publisher name and CNPJ, the ERP's own BISAC/ONIX code), `registros`
 * the company's ERP products that name it, the proposal (`sugestao`: Acervo's code the ERP's own
 * code or publisher name points at, when it exists), and the saved match (`codigoAcervo` and
 * `descricaoAcervo`, null while unmatched). EDITORA's `codigoAcervo` is the publisher id in digits.
 */
export const matchItemSchema = z.object({
  codigoErp: z.string(),
  descricaoErp: z.string().nullable(),
  detalheErp: z.string().nullable(),
  registros: z.number().int(),
  correspondido: z.boolean(),
  codigoAcervo: z.string().nullable(),
  descricaoAcervo: z.string().nullable(),
  sugestao: z.object({ codigo: z.string(), descricao: z.string() }).nullable(),
  indMetabooks: z.boolean(),
  indBookinfo: z.boolean(),
  dataAlteracao: z.string().nullable(),
});
/** One row of a matching table. */
export type MatchItem = z.infer<typeof matchItemSchema>;
/** Page of `GET correspondencia-*`. */
export const matchPageSchema = pagedListSchema(matchItemSchema);

/**
 * `GET correspondencia-*?page&pageSize&term&pendentes`: unmatched codes first, then by `registros`
 * (descending) and code; `term` matches the ERP code, description and detail (accents and case
 * ignored); `pendentes=true` lists only the unmatched, `false` only the matched.
 */
export const matchListQuerySchema = listQuerySchema.extend({
  pendentes: z.enum(['true', 'false'], { error: 'Valor inválido: use true ou false' }).optional(),
});
/** Query of `GET correspondencia-*`. */
export type MatchListQuery = z.infer<typeof matchListQuerySchema>;

/**
 * Body of `PUT correspondencia-*`: the ERP code and Acervo's code (EDITORA: the publisher id in
 * digits); `indMetabooks` / `indBookinfo` only for EDITORA (default: the publisher's own flags).
 */
export const matchSaveRequestSchema = z.strictObject({
  codigoErp: text({ min: 1, max: 50 }),
  codigoAcervo: text({ min: 1, max: 20 }),
  indMetabooks: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  indBookinfo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
});
/** Parsed body of a match save. */
export type MatchSaveRequest = z.infer<typeof matchSaveRequestSchema>;

/** Answer of `PUT correspondencia-*`: the saved row and how many catalogue products it changed. */
export const matchSaveResponseSchema = z.object({ item: matchItemSchema, produtosAtualizados: z.number().int() });
/** Answer of a match save. */
export type MatchSaveResponse = z.infer<typeof matchSaveResponseSchema>;

/** One choice of Acervo's code for a picker (`GET correspondencia-*\/opcoes?term`). */
export const matchOptionSchema = z.object({ codigo: z.string(), descricao: z.string() });
/** One picker choice. */
export type MatchOption = z.infer<typeof matchOptionSchema>;
/** Answer of `GET correspondencia-*\/opcoes`: at most 20 active choices matching `term`. */
export const matchOptionListSchema = z.array(matchOptionSchema);
/** Query of `GET correspondencia-*\/opcoes`. */
export const matchOptionQuerySchema = z.strictObject({ term: text({ max: 200 }).optional() });

/** 404 message of a save naming an ERP code the company's ERP data does not have. */
export const MATCH_ERP_CODE_NOT_FOUND_MESSAGE = 'Código do ERP não encontrado para a empresa selecionada';
/** 400 message (field `codigoAcervo`) of a save naming an Acervo code that does not exist or is inactive. */
export const MATCH_TARGET_NOT_FOUND_MESSAGE = 'Código do Acervo não cadastrado ou inativo';

/**
 * A BISAC heading: `codigo` (3 letters + 6 digits), `secao` (its first 3 letters), `descricao`
 * (pt-BR), `descricaoEn` (English, null when the imported file had none).
 */
export const bisacCategorySchema = z.object({ codigo: z.string(), secao: z.string(), descricao: z.string(), descricaoEn: z.string().nullable() });
/** One BISAC heading. */
export type BisacCategory = z.infer<typeof bisacCategorySchema>;
/** Page of `GET categoria-bisac`. */
export const bisacCategoryPageSchema = pagedListSchema(bisacCategorySchema);
/**
 * `GET categoria-bisac?page&pageSize&term&secao&principais`: ordered by code; `term` matches code
 * and both headings (accents and case ignored); `secao` (3 letters) one section's headings (the
 * subcategory picker); `principais=true` only each section's `XXX000000` heading (the category picker).
 */
export const bisacCategoryListQuerySchema = listQuerySchema.extend({
  secao: text({ max: 3 })
    .regex(/^[A-Za-z]{3}$/, 'Deve ter 3 letras')
    .optional(),
  principais: z.enum(['true', 'false'], { error: 'Valor inválido: use true ou false' }).optional(),
});
/** Query of `GET categoria-bisac`. */
export type BisacCategoryListQuery = z.infer<typeof bisacCategoryListQuerySchema>;

/** A code of the imported file that appears more than once: its lines, its headings, and whether it was imported. */
export const bisacDuplicateSchema = z.object({
  codigo: z.string(),
  linhas: z.array(z.number().int()),
  descricoes: z.array(z.string()),
  importado: z.boolean(),
  motivo: z.string(),
});
/** A row of the imported file whose code (or heading) is malformed: not imported. */
export const bisacMalformedSchema = z.object({ linha: z.number().int(), codigo: z.string(), motivo: z.string() });

/**
 * Answer of `POST categoria-bisac/importacao` (multipart, file in `arquivo`, JSON or CSV):
 * `registros` rows read; `importados` codes written or already equal (`inseridos` + `atualizados`
 * + `inalterados`); every duplicated code (`duplicados`: the same heading spelt differently is
 * imported once, from its first row; two different headings are not imported) and every malformed
 * row (`malformados`, 1-based `linha`: the JSON array position, or the CSV line with the header as 1).
 */
export const bisacImportReportSchema = z.object({
  arquivo: z.string(),
  formato: z.enum(['JSON', 'CSV']),
  registros: z.number().int(),
  importados: z.number().int(),
  inseridos: z.number().int(),
  atualizados: z.number().int(),
  inalterados: z.number().int(),
  duplicados: z.array(bisacDuplicateSchema),
  malformados: z.array(bisacMalformedSchema),
});
/** The BISAC import report. */
export type BisacImportReport = z.infer<typeof bisacImportReportSchema>;
