import { z } from 'zod';
import { idSchema, integer, listQuerySchema, pagedListSchema, text } from './common.ts';
import { isoDaySchema } from './integration.ts';
import { INVALID_ISBN_MESSAGE, INVALID_ISSN_MESSAGE, normalizeIsbn13, normalizeIssn } from './product-save.ts';

/**
 * Opportunities (issue 16 part 3; SPEC 3 "Opportunity": EAN, ISSN, description, quantity, user,
 * date, reason, observation): a lost sale (`VENDA_PERDIDA`, a customer asked and left without the
 * book) or a purchase suggestion (`SUGESTAO_COMPRA`), registered at the Terminal, stored per
 * company with the user and the time. `GET oportunidade` serves the opportunities report; the
 * lost sales feed the replenishment's stockout correction.
 */

/** The two kinds of opportunity. */
export const OPPORTUNITY_TYPES = ['VENDA_PERDIDA', 'SUGESTAO_COMPRA'] as const;
/** One kind of opportunity. */
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];

/** SPEC 8 success message of `POST oportunidade` ("opportunity forwarded"), also the web toast in pt-BR. */
export const OPPORTUNITY_FORWARDED_MESSAGE = 'Oportunidade encaminhada com sucesso!';
/** 400 (field `descricao`) when neither a description nor a catalogue product is given. */
export const OPPORTUNITY_DESCRIPTION_REQUIRED_MESSAGE = 'Informe a descrição do título ou escolha um produto do catálogo';
/** 400 (field `idProduto`) for a product id the catalogue does not have. */
export const OPPORTUNITY_PRODUCT_NOT_FOUND_MESSAGE = 'Produto não encontrado no catálogo';
/** 400 (field `idMotivo`) for a reason that does not exist or is inactive. */
export const OPPORTUNITY_REASON_INVALID_MESSAGE = 'Motivo não encontrado ou inativo';
/** 400 (field `idEmpresa`) for a company filter outside the caller's companies. */
export const OPPORTUNITY_COMPANY_MESSAGE = 'Empresa sem acesso';
/** 400 on `dataFim` before `dataInicio`. */
export const OPPORTUNITY_DATE_RANGE_MESSAGE = 'A data final deve ser igual ou posterior à inicial';
/** Message of a `tipo` other than the two kinds. */
export const INVALID_OPPORTUNITY_TYPE_MESSAGE = 'Tipo inválido: use VENDA_PERDIDA ou SUGESTAO_COMPRA';

/** Longest description (`oportunidade.descricao`, a title as typed or the catalogue's). */
export const OPPORTUNITY_DESCRIPTION_MAX_LENGTH = 300;
/** Longest observation. */
export const OPPORTUNITY_OBSERVATION_MAX_LENGTH = 1000;
/** Largest quantity one registration may carry. */
export const OPPORTUNITY_MAX_QUANTITY = 9999;
/** Days back `oportunidadesAbertas` of the Terminal detail counts (issue 16 part 2). */
export const OPEN_OPPORTUNITY_DAYS = 90;

/** `''`, white space only → null; anything else unchanged. */
const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Optional text, blank or null = none (stored NULL). */
function optionalText(max: number, multiline = false) {
  return z.preprocess(blankToNull, text({ max, multiline }).nullable().optional());
}

/** Optional ISBN-13 / EAN-13 / ISBN-10 (hyphens and spaces allowed), answered as the 13-digit key; blank = none. */
const optionalEan = z.preprocess(
  blankToNull,
  text({ max: 20 })
    .transform((value, ctx) => {
      const ean = normalizeIsbn13(value);
      if (ean === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_ISBN_MESSAGE });
        return z.NEVER;
      }
      return ean;
    })
    .nullable()
    .optional(),
);

/** Optional ISSN (`NNNN-NNNC`, hyphen optional, check digit verified), answered as `NNNN-NNNC`; blank = none. */
const optionalIssn = z.preprocess(
  blankToNull,
  text({ max: 20 })
    .transform((value, ctx) => {
      const issn = normalizeIssn(value);
      if (issn === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_ISSN_MESSAGE });
        return z.NEVER;
      }
      return issn;
    })
    .nullable()
    .optional(),
);

/** One of the two kinds, with the pt-BR message. */
export const opportunityTypeSchema = z.enum(OPPORTUNITY_TYPES, { error: INVALID_OPPORTUNITY_TYPE_MESSAGE });

/**
 * Body of `POST oportunidade` (strict):
 * - `idProduto`: the catalogue product (`produto.id`), or null/absent for a title the catalogue
 *   does not have; when given, an absent `ean` / `descricao` take the product's ISBN-13 / title;
 * - `ean`: ISBN-13, EAN-13 or ISBN-10 (hyphens and spaces allowed; check digit verified), stored
 *   as the 13 digits;
 * - `issn`: `NNNN-NNNC` (check digit verified);
 * - `descricao`: the title as the customer named it, 1–300 characters; required without `idProduto`;
 * - `quantidade`: 1–9999 copies;
 * - `tipo`: `VENDA_PERDIDA` | `SUGESTAO_COMPRA`;
 * - `idMotivo`: an active reason of the register `motivo-oportunidade`;
 * - `observacao`: free text, up to 1,000 characters, line breaks kept.
 */
export const opportunityRequestSchema = z.strictObject({
  idProduto: z.preprocess(blankToNull, idSchema.nullable().optional()),
  ean: optionalEan,
  issn: optionalIssn,
  descricao: optionalText(OPPORTUNITY_DESCRIPTION_MAX_LENGTH),
  quantidade: integer({ min: 1, max: OPPORTUNITY_MAX_QUANTITY }),
  tipo: opportunityTypeSchema,
  idMotivo: idSchema,
  observacao: optionalText(OPPORTUNITY_OBSERVATION_MAX_LENGTH, true),
});
/** Parsed body of `POST oportunidade`. */
export type OpportunityRequest = z.infer<typeof opportunityRequestSchema>;
/** What the registration form sends before parsing. */
export type OpportunityRequestInput = z.input<typeof opportunityRequestSchema>;

/**
 * One registered opportunity as `GET oportunidade` lists it and `POST oportunidade` answers it.
 * `data` is the registration instant (ISO 8601 UTC; the screens show it in America/Sao_Paulo);
 * `usuario` is null when the user who registered it was deleted; `titulo` is the catalogue
 * title of `idProduto` (null without one).
 */
export const opportunitySchema = z.object({
  id: z.number().int(),
  idEmpresa: z.number().int(),
  empresa: z.string(),
  idProduto: z.number().int().nullable(),
  titulo: z.string().nullable(),
  ean: z.string().nullable(),
  issn: z.string().nullable(),
  descricao: z.string(),
  quantidade: z.number().int(),
  tipo: z.enum(OPPORTUNITY_TYPES),
  idMotivo: z.number().int(),
  motivo: z.string(),
  observacao: z.string().nullable(),
  idUsuario: z.number().int().nullable(),
  usuario: z.string().nullable(),
  data: z.string(),
});
/** One opportunity. */
export type Opportunity = z.infer<typeof opportunitySchema>;

/** `POST oportunidade` answer (201): the SPEC 8 success message and the opportunity stored. */
export const opportunityCreatedSchema = z.object({ message: z.string(), oportunidade: opportunitySchema });
/** Answer of `POST oportunidade`. */
export type OpportunityCreated = z.infer<typeof opportunityCreatedSchema>;

/** Fields `GET oportunidade` sorts by (`sorter=campo,asc|desc`; default `data,desc`). */
export const OPPORTUNITY_SORT_FIELDS = ['data', 'descricao', 'quantidade', 'tipo', 'motivo', 'empresa', 'usuario'] as const;

/**
 * Query of `GET oportunidade`: page, pageSize, sorter (OPPORTUNITY_SORT_FIELDS) and
 * - `term`: description, title or EAN contains this text (case and accents ignored);
 * - `idProduto`: of this catalogue product, or registered without one under its ISBN-13;
 * - `ean`: this ISBN-13 / EAN-13 / ISBN-10 (normalised to 13 digits);
 * - `tipo`, `idMotivo`;
 * - `idEmpresa`: one of the caller's companies (default: all of them);
 * - `dataInicio` / `dataFim`: days `YYYY-MM-DD` in America/Sao_Paulo, both inclusive.
 */
export const opportunityListQuerySchema = listQuerySchema.omit({ status: true }).extend({
  idProduto: idSchema.optional(),
  ean: optionalEan,
  tipo: opportunityTypeSchema.optional(),
  idMotivo: idSchema.optional(),
  idEmpresa: idSchema.optional(),
  dataInicio: isoDaySchema.optional(),
  dataFim: isoDaySchema.optional(),
});
/** Query of `GET oportunidade`. */
export type OpportunityListQuery = z.infer<typeof opportunityListQuerySchema>;

/** Page of `GET oportunidade`. */
export const opportunityPageSchema = pagedListSchema(opportunitySchema);

/** The reasons register seeded in every database (migration 0012), in this order. */
export const DEFAULT_OPPORTUNITY_REASONS = ['Sem estoque', 'Título não cadastrado', 'Preço', 'Prazo de entrega', 'Edição esgotada'] as const;
