import { z } from 'zod';
import { idNomeSchema, idSchema, integer } from './common.ts';

/**
 * Goals (issue 6, part 6; SPEC 2 "Goals: monthly goals per company, January to December"): one
 * goal in BRL per company per month, in integer cents on the wire and in the database.
 * Decisions are in docs/goals.md.
 */

/** First and last year a goal may be set for. */
export const GOAL_MIN_YEAR = 2000;
export const GOAL_MAX_YEAR = 2100;

/**
 * Largest monthly goal of one company, in cents: R$ 20.000.000,00. Bounded so that every request
 * integer stays within PostgreSQL's `integer` (the request-schema rule of the contracts); the column
 * is a `bigint`, so raising it later needs no migration.
 */
export const GOAL_MAX_CENTS = 2_000_000_000;

/** Most goals one `PUT meta` carries: 12 months of up to 200 companies. */
export const GOAL_MAX_ITEMS = 2_400;

/** Message of a goal value out of bounds or not in whole cents. */
export const GOAL_VALUE_MESSAGE = 'Informe um valor em centavos entre R$ 0,00 e R$ 20.000.000,00';
/** Message of an item whose `ano` differs from the body's. */
export const GOAL_YEAR_MISMATCH_MESSAGE = 'O ano da meta deve ser o ano informado';
/** Message of the second goal for the same company and month in one request. */
export const GOAL_DUPLICATE_MESSAGE = 'Meta repetida para a mesma empresa e mês';
/** Message of a goal for a company whose goals the caller cannot edit (not linked, or no goals role there). */
export const GOAL_COMPANY_MESSAGE = 'Empresa não permitida: você não tem acesso às metas desta empresa';

/** A year of goals (`ano`), 2000-2100. */
export const goalYearSchema = integer({ min: GOAL_MIN_YEAR, max: GOAL_MAX_YEAR, rangeMessage: `Informe um ano entre ${GOAL_MIN_YEAR} e ${GOAL_MAX_YEAR}` });
/** A month (`mes`), 1 = January … 12 = December. */
export const goalMonthSchema = integer({ min: 1, max: 12, rangeMessage: 'Informe um mês entre 1 e 12' });
/**
 * A goal value (`valor`) in integer cents, 0 … GOAL_MAX_CENTS. Only a JSON number is taken: unlike
 * `integer()` (whose digit texts serve path and query values), a text such as '1000' or '10,00' is
 * refused, so an amount in reais sent as text can never be read as cents; 12.5 is refused too.
 */
export const goalValueSchema = z
  .number({ error: 'Deve ser um número inteiro de centavos' })
  .min(0, { message: GOAL_VALUE_MESSAGE, abort: true })
  .max(GOAL_MAX_CENTS, { message: GOAL_VALUE_MESSAGE, abort: true })
  .int('Deve ser um número inteiro de centavos');

/** One goal as `GET meta` answers it: company, year, month (1-12) and value in cents. */
export const goalSchema = z.object({
  idEmpresa: z.number().int(),
  ano: z.number().int(),
  mes: z.number().int(),
  valor: z.number().int(),
});
/** One goal. */
export type Goal = z.infer<typeof goalSchema>;

/** `GET meta?ano=2026`. */
export const goalQuerySchema = z.strictObject({ ano: goalYearSchema });
/** Query of `GET meta`. */
export type GoalQuery = z.infer<typeof goalQuerySchema>;

/**
 * `GET meta?ano=` answer: `empresas` are the rows of the grid (the caller's active companies in
 * which their profile grants ROLE_VISUALIZAR_METAS, by name), `itens` the goals set for that year
 * (a month without an item has no goal).
 */
export const goalYearResponseSchema = z.object({
  ano: z.number().int(),
  empresas: z.array(idNomeSchema),
  itens: z.array(goalSchema),
});
/** Answer of `GET meta`. */
export type GoalYear = z.infer<typeof goalYearResponseSchema>;

/**
 * One goal of `PUT meta`: `valor` in cents sets (creates or replaces) the goal of that company and
 * month; `valor: null` removes it.
 */
export const goalItemRequestSchema = z.strictObject({
  idEmpresa: idSchema,
  ano: goalYearSchema,
  mes: goalMonthSchema,
  valor: goalValueSchema.nullable(),
});
/** One goal of `PUT meta`. */
export type GoalItemRequest = z.infer<typeof goalItemRequestSchema>;

/**
 * `PUT meta {ano, itens}`: the goals to change in year `ano`, all or nothing. A month absent from
 * `itens` keeps what it had (so the grid sends only the cells it changed). Each item's `ano` must
 * equal `ano` (400 on `itens.N.ano`) and a company and month may appear once (400 on `itens.N.mes`).
 * The server also answers 400 on `itens.N.idEmpresa` for a company whose goals the caller cannot
 * edit.
 */
export const goalSaveRequestSchema = z
  .strictObject({
    ano: goalYearSchema,
    itens: z.array(goalItemRequestSchema).max(GOAL_MAX_ITEMS, `Envie no máximo ${GOAL_MAX_ITEMS} metas por vez`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.itens.forEach((item, index) => {
      if (item.ano !== body.ano) ctx.addIssue({ code: 'custom', path: ['itens', index, 'ano'], message: GOAL_YEAR_MISMATCH_MESSAGE });
      const key = `${item.idEmpresa}-${item.mes}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['itens', index, 'mes'], message: GOAL_DUPLICATE_MESSAGE });
      seen.add(key);
    });
  });
/** Body of `PUT meta`. */
export type GoalSaveRequest = z.infer<typeof goalSaveRequestSchema>;

/** Wire names of the audit snapshot of one company-year of goals: `mes01` … `mes12` (value in cents). */
export function goalAuditField(mes: number): string {
  return `mes${String(mes).padStart(2, '0')}`;
}

/** Audit record id of a company's goals of one year: `<idEmpresa>-<ano>` (entity `meta`). */
export function goalAuditRecordId(idEmpresa: number, ano: number): string {
  return `${idEmpresa}-${ano}`;
}
