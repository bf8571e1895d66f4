import { z } from 'zod';
import { idNomeSchema, idSchema, integer, listQuerySchema, pagedListSchema, text } from './common.ts';
import { REQUIRED } from './roles.ts';
import { isoDaySchema } from './integration.ts';

/**
 * Stock replacement (issue 18, Parts 2–3; SPEC 2 "Replacement calculation" and "Replacement
 * history", SPEC 3 "Replacement" and "Replacement template"). Wire shapes of the calculation, its
 * stored result and explanation, the templates, and the generated replacements with their approval
 * flow. Quantities are units (integers); money is integer BRL cents; `nivelServico` is a percentage;
 * lead time and projection are months. Formulas and defaults: docs/replenishment.md.
 */

/** Weighting (forecast) methods of the calculation; `AUTOMATICO` picks one per title (Part 1). */
export const REPLENISHMENT_METHODS = ['MEDIA_SIMPLES', 'MEDIA_PONDERADA', 'SUAVIZACAO_EXPONENCIAL', 'CROSTON', 'SBA', 'TSB', 'SAZONAL', 'AUTOMATICO'] as const;
/** One weighting method. */
export type ReplenishmentMethod = (typeof REPLENISHMENT_METHODS)[number];

/** Basis of the calculation: this company's stock, or the network of all the user's companies. */
export const REPLENISHMENT_BASES = ['EMPRESA', 'REDE'] as const;
/** One basis. */
export type ReplenishmentBasis = (typeof REPLENISHMENT_BASES)[number];

/**
 * Statuses of a generated replacement and the transitions allowed (docs/replenishment.md):
 * GERADA → APROVADA | REPROVADA (justification required) | CANCELADA. The last three are final.
 */
export const REPLACEMENT_STATUSES = ['GERADA', 'APROVADA', 'REPROVADA', 'CANCELADA'] as const;
/** One replacement status. */
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];
/** Actions of `PUT reposicao/{id}/{acao}` and the status each leads to. */
export const REPLACEMENT_ACTIONS = { aprovar: 'APROVADA', reprovar: 'REPROVADA', cancelar: 'CANCELADA' } as const satisfies Record<string, ReplacementStatus>;
/** One action. */
export type ReplacementAction = keyof typeof REPLACEMENT_ACTIONS;

/** Defaults of the calculation inputs (written in docs/replenishment.md). */
export const REPLENISHMENT_DEFAULTS = {
  base: 'EMPRESA',
  quantidadeMinimaPedido: 1,
  periodosProjecao: 1,
  metodoPonderacao: 'AUTOMATICO',
  somenteComReposicao: true,
  considerarDevolucoes: true,
  prazoEntregaMeses: 1,
  nivelServico: 90,
} as const;

/** Limits of the inputs. */
export const REPLENISHMENT_LIMITS = {
  /** Longest sales period, months (the forecasts use at most 60 months of history). */
  maxPeriodMonths: 60,
  maxProjection: 24,
  maxLeadTime: 12,
  minServiceLevel: 50,
  maxServiceLevel: 99,
  maxQuantity: 1_000_000,
  maxSituations: 30,
  /** How long a calculation's result is kept when no replacement was generated from it, hours. */
  resultRetentionHours: 24,
} as const;

/** pt-BR messages of the replenishment endpoints (SPEC 8 toasts among them). */
export const REPLENISHMENT_MESSAGES = {
  cancelled: 'Reposição cancelada com sucesso!',
  approved: 'Reposição aprovada com sucesso!',
  disapproved: 'Reposição reprovada com sucesso!',
  quantityUpdated: 'Quantidade atualizada com sucesso!',
  generated: 'Reposição gerada com sucesso!',
  templateSaved: 'Modelo salvo com sucesso!',
  templateDeleted: 'Modelo excluído com sucesso!',
  dateOrder: 'A data final deve ser igual ou posterior à data inicial',
  periodTooLong: `O período de vendas deve ter no máximo ${REPLENISHMENT_LIMITS.maxPeriodMonths} meses`,
  templateNotFound: 'Modelo de reposição não encontrado',
  templateNameTaken: 'Já existe um modelo com este nome nesta empresa',
  calculationNotFound: 'Cálculo não encontrado ou expirado; calcule novamente',
  calculationEmpty: 'O cálculo não tem itens com quantidade a pedir',
  justificationRequired: 'Informe a justificativa da reprovação',
  /** 409 of an action on a replacement that is not GERADA (the current status is named). */
  invalidTransition: (from: string, action: string) => `Não é possível ${action} uma reposição ${from.toLowerCase()}`,
  /** 409 of an item edit on a replacement that is not GERADA. */
  itemNotEditable: 'Somente reposições geradas podem ter a quantidade alterada',
  orderMultiple: (multiple: number) => `A quantidade deve ser múltipla de ${multiple}`,
} as const;

const quantityInput = integer({ min: 0, max: REPLENISHMENT_LIMITS.maxQuantity });

/** Best sellers filter: the top N titles by quantity sold in the period, or ABC classes by net value (A = first 80 %, B = next 15 %, C = rest; `valor` 'B' keeps A and B). */
export const bestSellersSchema = z
  .strictObject({
    tipo: z.enum(['TOP', 'ABC'], { error: 'Use TOP ou ABC' }),
    valor: z.union([integer({ min: 1, max: REPLENISHMENT_LIMITS.maxQuantity }), z.enum(['A', 'B', 'C'])], { error: `Use um número de 1 a ${REPLENISHMENT_LIMITS.maxQuantity.toLocaleString('pt-BR')} (TOP) ou A, B ou C (ABC)` }),
  })
  .superRefine((value, ctx) => {
    if (value.tipo === 'TOP' && typeof value.valor !== 'number') ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Para TOP, informe quantos títulos (um número)' });
    if (value.tipo === 'ABC' && typeof value.valor !== 'string') ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Para ABC, informe a classe: A, B ou C' });
  });

/**
 * The calculation inputs, shared by `POST reposicao/calculo` and the templates (every field but the
 * dates optional; the defaults are `REPLENISHMENT_DEFAULTS`):
 * - `base`: EMPRESA (the selected company's stock) or REDE (stock of all the user's companies);
 * - `dataInicio`, `dataFim`: the sales period (days, inclusive; at most 60 months);
 * - `situacoes`: ONIX availability codes (list 65) of the titles to include; empty = all;
 * - `maisVendidos`: see `bestSellersSchema`;
 * - `estoqueMinimo`: the order-up-to level never falls below it (nor below the product's own minimum);
 * - `quantidadeMinimaPedido`: the order multiple; suggestions round **up** to it;
 * - `tipoProduto`: ERP product type id; `somenteSaldoMenorQue`: only titles whose available balance is below it;
 * - `periodosProjecao`: months the order must cover after the lead time;
 * - `metodoPonderacao`; `somenteComReposicao`: only lines with a suggestion > 0;
 * - `idEditora`: supplier (catalogue publisher); `considerarDevolucoes`: net returns from demand;
 * - `prazoEntregaMeses`: lead time (months, 0–12); `nivelServico`: service level percent (50–99).
 */
export const replenishmentInputSchema = z.strictObject({
  base: z.enum(REPLENISHMENT_BASES, { error: 'Use EMPRESA ou REDE' }).optional(),
  dataInicio: isoDaySchema,
  dataFim: isoDaySchema,
  situacoes: z.array(text({ max: 10, min: 1 })).max(REPLENISHMENT_LIMITS.maxSituations).optional(),
  maisVendidos: bestSellersSchema.nullable().optional(),
  estoqueMinimo: quantityInput.nullable().optional(),
  quantidadeMinimaPedido: integer({ min: 1, max: 100_000 }).optional(),
  tipoProduto: idSchema.nullable().optional(),
  somenteSaldoMenorQue: integer({ min: -REPLENISHMENT_LIMITS.maxQuantity, max: REPLENISHMENT_LIMITS.maxQuantity }).nullable().optional(),
  periodosProjecao: integer({ min: 1, max: REPLENISHMENT_LIMITS.maxProjection }).optional(),
  metodoPonderacao: z.enum(REPLENISHMENT_METHODS, { error: `Método inválido: use ${REPLENISHMENT_METHODS.join(', ')}` }).optional(),
  somenteComReposicao: z.boolean().optional(),
  idEditora: idSchema.nullable().optional(),
  considerarDevolucoes: z.boolean().optional(),
  prazoEntregaMeses: integer({ min: 0, max: REPLENISHMENT_LIMITS.maxLeadTime }).optional(),
  nivelServico: integer({ min: REPLENISHMENT_LIMITS.minServiceLevel, max: REPLENISHMENT_LIMITS.maxServiceLevel }).optional(),
});
/** Calculation inputs. */
export type ReplenishmentInput = z.infer<typeof replenishmentInputSchema>;

/** Body of `POST reposicao/calculo`: the inputs, plus the template they came from (recorded, not re-read). */
export const replenishmentCalculationRequestSchema = replenishmentInputSchema.extend({ idModelo: idSchema.nullable().optional() });
/** Body of `POST reposicao/calculo`. */
export type ReplenishmentCalculationRequest = z.infer<typeof replenishmentCalculationRequestSchema>;

/**
 * What a calculation line and a replacement item share (the item is a copy of the line taken when
 * the replacement was generated): the title (catalogue product id, SKU = the ERP product id, ISBN,
 * title, authors), its supplier (catalogue publisher), the available balance, the suggested and
 * ordered units, unit cover price and unit cost in cents (cost null when unknown) and the method.
 */
const replenishmentLineBaseSchema = z.object({
  idProduto: z.number().int(),
  sku: z.string().nullable(),
  isbn13: z.string().nullable(),
  titulo: z.string(),
  autores: z.string().nullable(),
  idEditora: z.number().int().nullable(),
  editora: z.string().nullable(),
  saldoDisponivel: z.number().int(),
  quantidadeSugerida: z.number().int(),
  quantidadePedido: z.number().int(),
  valorCapaCentavos: z.number().int().nullable(),
  valorCustoCentavos: z.number().int().nullable(),
  metodo: z.enum(REPLENISHMENT_METHODS),
});

/**
 * One line of a calculation's result: the shared fields (`replenishmentLineBaseSchema`) plus the
 * stock terms and the level. Balances in units: `saldoAtual` physical; `saldoDisponivel` =
 * physical − reserved − blocked + on order (the issue's "available"); `saldoRede` the same summed over
 * the user's other companies; `quantidadeSugerida` the engine's suggestion; `quantidadePedido` what
 * will be ordered (starts equal, editable in the screen before generating). `valorCapaCentavos` and
 * `valorCustoCentavos` are unit cover price and unit cost (the ERP product's; cost null when unknown).
 * `demandaMedia` units per month (2 decimals), `nivelReposicao` the order-up-to level.
 */
export const replenishmentItemSchema = replenishmentLineBaseSchema.extend({
  situacao: z.string().nullable(),
  saldoAtual: z.number().int(),
  saldoRede: z.number().int(),
  quantidadePedidaCompra: z.number().int(),
  quantidadeReservada: z.number().int(),
  quantidadeBloqueada: z.number().int(),
  estoqueMinimo: z.number().int().nullable(),
  estoqueMaximo: z.number().int().nullable(),
  demandaMedia: z.number(),
  nivelReposicao: z.number().int(),
});
/** One result line. */
export type ReplenishmentItem = z.infer<typeof replenishmentItemSchema>;

/** Totals of a calculation (or of one supplier): lines, suggested and ordered units, ordered value at cover price and at cost. */
export const replenishmentTotalsSchema = z.object({
  itens: z.number().int(),
  itensComSugestao: z.number().int(),
  quantidadeSugerida: z.number().int(),
  quantidadePedido: z.number().int(),
  valorCapaCentavos: z.number().int(),
  valorCustoCentavos: z.number().int(),
});
/** Totals. */
export type ReplenishmentTotals = z.infer<typeof replenishmentTotalsSchema>;

/** Totals of one supplier (`GET reposicao/calculo/{id}/fornecedores`). */
export const replenishmentSupplierTotalsSchema = replenishmentTotalsSchema.extend({ idEditora: z.number().int().nullable(), editora: z.string().nullable() });
/** Totals of one supplier. */
export type ReplenishmentSupplierTotals = z.infer<typeof replenishmentSupplierTotalsSchema>;

/** A page of result lines. */
export const replenishmentItemPageSchema = pagedListSchema(replenishmentItemSchema);

/** Answer of `POST reposicao/calculo` (201) and `GET reposicao/calculo/{id}`: the stored calculation, its inputs, totals and first page (10 lines, by suggestion desc). */
export const replenishmentCalculationSchema = z.object({
  id: z.number().int(),
  idEmpresa: z.number().int(),
  criadoEm: z.string(),
  expiraEm: z.string().nullable(),
  parametros: replenishmentCalculationRequestSchema,
  totais: replenishmentTotalsSchema,
  itens: replenishmentItemPageSchema,
  /** Milliseconds the calculation took (shown under the totals). */
  duracaoMs: z.number().int(),
});
/** A stored calculation. */
export type ReplenishmentCalculation = z.infer<typeof replenishmentCalculationSchema>;

/** Sortable fields of the result lines. */
export const REPLENISHMENT_ITEM_SORT_FIELDS = ['titulo', 'isbn13', 'editora', 'saldoAtual', 'saldoDisponivel', 'saldoRede', 'quantidadePedidaCompra', 'quantidadeReservada', 'quantidadeBloqueada', 'demandaMedia', 'quantidadeSugerida', 'quantidadePedido', 'valorCapaCentavos', 'valorCustoCentavos'] as const;

/** Query of `GET reposicao/calculo/{id}/itens`: list query (`term` over title, ISBN, SKU and author), `idEditora`, `somenteComSugestao`. Default sort quantidadeSugerida desc. */
export const replenishmentItemQuerySchema = listQuerySchema.omit({ status: true }).extend({
  idEditora: idSchema.optional(),
  somenteComSugestao: z.enum(['true', 'false']).optional(),
});
/** Query of the result lines. */
export type ReplenishmentItemQuery = z.infer<typeof replenishmentItemQuerySchema>;

/** Body of `PUT reposicao/calculo/{id}/itens/{idProduto}`: the quantity to order of one line before generating (must respect the order multiple). */
export const replenishmentItemUpdateSchema = z.strictObject({ quantidadePedido: quantityInput });

/**
 * Why AUTOMATICO chose its method (`motivo` of the `metodo` step): `SEM_DEMANDA` no sale in the history
 * (forecast 0); `TSB` intermittent or lumpy demand (TSB with the median size, averaged with the last 12
 * months); `SAZONAL` Holt-Winters won the hold-out of the last 12 months; `SUAVIZACAO` exponential
 * smoothing averaged with the last 12 months; `USUARIO` the method was asked for (not AUTOMATICO).
 */
export const REPLENISHMENT_METHOD_REASONS = ['SEM_DEMANDA', 'TSB', 'SAZONAL', 'SUAVIZACAO', 'USUARIO'] as const;

const stepNumber = z.number();
const stepUnits = z.number().int();

/**
 * One step of an explanation in structured form: `chave` names the sentence (the web's i18n key
 * `replenishment.steps.<chave>`), `valores` its raw numbers (units; `media*` units a month, not rounded;
 * months `YYYY-MM`; percentages 0–100), so each language words and formats them. Steps, in order:
 * - `historico`: months of history, first and last month, units sold, mean a month, returns netted;
 * - `correcaoRuptura` (only when the stockout correction changed a month): lost sales, months without stock, units added;
 * - `metodo`: the method used, whether AUTOMATICO chose it, and why (`motivo`, with the class, ADI, CV² and the spike cap);
 * - `horizonte`: months (lead time + projection), mean a month, horizon mean, service level, its quantile;
 * - `nivel`: the level = max(quantile, minimum asked, product minimum) (a minimum null when not set);
 * - `disponivel`: physical − reserved − blocked + on order = available; units covered by approved replacements;
 * - `semNecessidade` (need ≤ 0) or `necessidade` (need rounded up to the multiple);
 * - `maximo` (only when the product maximum cut the order): maximum, rounded order, what fits;
 * - `sugestao`: the suggested units.
 */
export const replenishmentExplanationStepSchema = z.discriminatedUnion('chave', [
  z.object({ chave: z.literal('historico'), valores: z.object({ meses: stepUnits, inicio: z.string(), fim: z.string(), vendidas: stepNumber, media: stepNumber, devolucoesDescontadas: z.boolean() }) }),
  z.object({ chave: z.literal('correcaoRuptura'), valores: z.object({ vendasPerdidas: stepUnits, mesesSemEstoque: stepUnits, acrescimo: stepNumber }) }),
  z.object({
    chave: z.literal('metodo'),
    valores: z.object({
      metodo: z.enum(REPLENISHMENT_METHODS),
      automatico: z.boolean(),
      motivo: z.enum(REPLENISHMENT_METHOD_REASONS),
      classe: z.string().nullable(),
      adi: stepNumber.nullable(),
      cv2: stepNumber.nullable(),
      /** Months AUTOMATICO lowered to the spike cap (0 = none) and the cap (units). */
      mesesLimitados: stepUnits,
      limitePico: stepNumber,
    }),
  }),
  z.object({
    chave: z.literal('horizonte'),
    valores: z.object({ meses: stepUnits, prazoEntregaMeses: stepUnits, periodosProjecao: stepUnits, mediaMes: stepNumber, mediaHorizonte: stepNumber, nivelServico: stepUnits, quantil: stepNumber }),
  }),
  z.object({ chave: z.literal('nivel'), valores: z.object({ quantil: stepNumber, estoqueMinimoInformado: stepUnits.nullable(), estoqueMinimoProduto: stepUnits.nullable(), nivel: stepUnits }) }),
  z.object({
    chave: z.literal('disponivel'),
    valores: z.object({ fisico: stepUnits, reservado: stepUnits, bloqueado: stepUnits, pedidoCompra: stepUnits, disponivel: stepUnits, coberto: stepUnits }),
  }),
  z.object({ chave: z.literal('semNecessidade'), valores: z.object({ nivel: stepUnits, disponivel: stepUnits, coberto: stepUnits, necessidade: stepUnits }) }),
  z.object({ chave: z.literal('necessidade'), valores: z.object({ nivel: stepUnits, disponivel: stepUnits, coberto: stepUnits, necessidade: stepUnits, arredondado: stepUnits, multiplo: stepUnits }) }),
  z.object({ chave: z.literal('maximo'), valores: z.object({ maximo: stepUnits, disponivel: stepUnits, coberto: stepUnits, arredondado: stepUnits, sugestao: stepUnits, multiplo: stepUnits }) }),
  z.object({ chave: z.literal('sugestao'), valores: z.object({ sugestao: stepUnits }) }),
]);
/** One structured explanation step. */
export type ReplenishmentExplanationStep = z.infer<typeof replenishmentExplanationStepSchema>;
/** The keys of the structured steps. */
export type ReplenishmentExplanationStepKey = ReplenishmentExplanationStep['chave'];

/**
 * `GET reposicao/calculo/{id}/itens/{idProduto}/explicacao`: every number behind a line.
 * - `historico`: the monthly net demand used (oldest first), with `corrigido` the stockout-corrected value
 *   and `semEstoque` whether the title had no available stock that month, `vendasPerdidas` registered lost sales;
 * - `metodo` (the method used), `metodoPedido` (asked; AUTOMATICO shows its choice), `classe` (Syntetos–Boylan), `parametros` (the method's: alpha, window, weights...);
 * - `previsao`: per future month mean and quantiles q10…q90; `horizonte`: months (lead time + projection) with the mean and quantiles of their sum;
 * - `nivelServico`, `quantilNivel` (demand over the horizon at the service level), `estoqueMinimo`, `estoqueMaximo`,
 *   `nivelReposicao`, the stock terms, `necessidade` (level − available), `multiplo`, `quantidadeSugerida`;
 * - `passos`: the arithmetic in words (pt-BR), one sentence per step (kept for clients that show text as is);
 * - `passosEstruturados`: the same steps, one to one, as an i18n key (`chave`) and its numbers (`valores`),
 *   so a screen writes them in its own language and number format (`replenishmentExplanationStepSchema`).
 */
export const replenishmentExplanationSchema = z.object({
  idProduto: z.number().int(),
  titulo: z.string(),
  historico: z.array(z.object({ mes: z.string(), quantidade: z.number(), corrigido: z.number(), semEstoque: z.boolean(), vendasPerdidas: z.number().int() })),
  metodo: z.enum(REPLENISHMENT_METHODS),
  metodoPedido: z.enum(REPLENISHMENT_METHODS),
  classe: z.string().nullable(),
  parametros: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.number()), z.null()])),
  previsao: z.array(z.object({ mes: z.string(), media: z.number(), quantis: z.array(z.number()) })),
  horizonte: z.object({ meses: z.number().int(), prazoEntregaMeses: z.number().int(), periodosProjecao: z.number().int(), media: z.number(), quantis: z.array(z.number()) }),
  nivelServico: z.number().int(),
  quantilNivel: z.number(),
  correcaoRuptura: z.object({ mesesSemEstoque: z.number().int(), vendasPerdidas: z.number().int(), acrescimo: z.number() }),
  estoque: z.object({ fisico: z.number().int(), reservado: z.number().int(), bloqueado: z.number().int(), pedidoCompra: z.number().int(), disponivel: z.number().int(), rede: z.number().int(), cobertoPorReposicaoAprovada: z.number().int() }),
  estoqueMinimo: z.number().int().nullable(),
  estoqueMaximo: z.number().int().nullable(),
  nivelReposicao: z.number().int(),
  necessidade: z.number().int(),
  multiplo: z.number().int(),
  quantidadeSugerida: z.number().int(),
  passos: z.array(z.string()),
  passosEstruturados: z.array(replenishmentExplanationStepSchema),
});
/** The explanation of one line. */
export type ReplenishmentExplanation = z.infer<typeof replenishmentExplanationSchema>;

/** Body of `POST/PUT reposicao/modelo`: a name plus the calculation inputs (dates included; the screen may shift them). */
export const replenishmentTemplateSaveSchema = z.strictObject({ nome: text({ min: 1, max: 100 }), parametros: replenishmentInputSchema });
/** Template body. */
export type ReplenishmentTemplateSave = z.infer<typeof replenishmentTemplateSaveSchema>;
/** One template of `GET reposicao/modelo` (the selected company's); `editora` is the name of the supplier `parametros.idEditora` (null when none). */
export const replenishmentTemplateSchema = z.object({ id: z.number().int(), nome: z.string(), parametros: replenishmentInputSchema, editora: z.string().nullable(), alteradoEm: z.string() });
/** One template. */
export type ReplenishmentTemplate = z.infer<typeof replenishmentTemplateSchema>;

/** Body of `POST reposicao`: generate a replacement from a stored calculation's lines with `quantidadePedido` > 0. */
export const replacementCreateSchema = z.strictObject({ idCalculo: idSchema, descricao: text({ min: 1, max: 200 }) });
/** Body of `POST reposicao`. */
export type ReplacementCreate = z.infer<typeof replacementCreateSchema>;

/** One item of a replacement (SPEC 3: code or EAN, author, publisher, suggested and ordered quantity) plus the stock seen when generated: its id, then the fields it shares with the calculation line it was copied from. */
export const replacementItemSchema = z.object({ id: z.number().int() }).extend(replenishmentLineBaseSchema.shape);
/** One replacement item. */
export type ReplacementItem = z.infer<typeof replacementItemSchema>;

/** One transition of the audit trail: status reached, user, time (DD/MM/YYYY HH:mm is the web's), justification. */
export const replacementTransitionSchema = z.object({ status: z.enum(REPLACEMENT_STATUSES), usuario: z.string(), data: z.string(), justificativa: z.string().nullable() });

/** One purchase order the approval created (one per supplier) and its ERP status. */
export const replacementPurchaseOrderSchema = z.object({ idEditora: z.number().int().nullable(), editora: z.string().nullable(), referencia: z.string(), itens: z.number().int(), quantidade: z.number().int(), status: z.enum(['PENDENTE', 'ENVIADO', 'ERRO']), numeroErp: z.string().nullable() });

/**
 * A replacement (SPEC 3): description, status, generated by, date, approved by, approval date,
 * calculation method (`base`), weighting method, start and end date, situations, calculation type,
 * supplier, "considering" (returns), minimum stock, projection factor, minimum order; the totals.
 */
export const replacementSchema = z.object({
  id: z.number().int(),
  idEmpresa: z.number().int(),
  descricao: z.string(),
  status: z.enum(REPLACEMENT_STATUSES),
  geradoPor: z.string(),
  data: z.string(),
  aprovadoPor: z.string().nullable(),
  dataAprovacao: z.string().nullable(),
  justificativa: z.string().nullable(),
  parametros: replenishmentCalculationRequestSchema,
  /** Name of the supplier the calculation was limited to (`parametros.idEditora`), null when none. */
  editora: z.string().nullable(),
  totais: replenishmentTotalsSchema,
});
/** One replacement of the history list. */
export type Replacement = z.infer<typeof replacementSchema>;

/** `GET reposicao/{id}`: the replacement, its transitions and purchase orders (items come paged from `GET reposicao/{id}/item`). */
export const replacementDetailSchema = replacementSchema.extend({
  transicoes: z.array(replacementTransitionSchema),
  pedidosCompra: z.array(replacementPurchaseOrderSchema),
});
/** A replacement's detail. */
export type ReplacementDetail = z.infer<typeof replacementDetailSchema>;

/** Query of `GET reposicao`: list query (`term` over the description), `status`, `dataInicio`/`dataFim` (generation day), `idEditora`, `idUsuario` (generated by). Sort `data` desc by default. */
export const replacementListQuerySchema = listQuerySchema.omit({ status: true }).extend({
  status: z.enum(REPLACEMENT_STATUSES, { error: `Status inválido: use ${REPLACEMENT_STATUSES.join(', ')}` }).optional(),
  dataInicio: isoDaySchema.optional(),
  dataFim: isoDaySchema.optional(),
  idEditora: idSchema.optional(),
  idUsuario: idSchema.optional(),
});
/** Query of the history. */
export type ReplacementListQuery = z.infer<typeof replacementListQuerySchema>;
/** Sortable fields of the history. */
export const REPLACEMENT_SORT_FIELDS = ['id', 'descricao', 'status', 'data', 'dataAprovacao', 'quantidadePedido', 'valorCustoCentavos'] as const;
/** A page of the history. */
export const replacementPageSchema = pagedListSchema(replacementSchema);
/** A page of a replacement's items (`GET reposicao/{id}/item`, list query with `term`, sort as the calculation's lines). */
export const replacementItemPageSchema = pagedListSchema(replacementItemSchema);
/** Query of `GET reposicao/{id}/item`: list query, `term` over title, ISBN, SKU, author and publisher. Default sort `titulo` asc. */
export const replacementItemQuerySchema = listQuerySchema.omit({ status: true });
/** Query of `GET reposicao/{id}/item`. */
export type ReplacementItemQuery = z.infer<typeof replacementItemQuerySchema>;
/** Sortable fields of a replacement's items. */
export const REPLACEMENT_ITEM_SORT_FIELDS = ['titulo', 'isbn13', 'sku', 'autores', 'editora', 'saldoDisponivel', 'quantidadeSugerida', 'quantidadePedido', 'valorCapaCentavos', 'valorCustoCentavos'] as const;

/** Body of `PUT reposicao/{id}/item/{idItem}` (GERADA only; 409 otherwise). */
export const replacementItemUpdateSchema = z.strictObject({ quantidadePedido: quantityInput });
/** Body of `PUT reposicao/{id}/reprovar` (justification required); `aprovar` and `cancelar` take an empty body or `{}`. */
export const replacementDisapproveSchema = z.strictObject({ justificativa: text({ min: 1, max: 500, multiline: true }) });

/** Answer of `PUT reposicao/{id}/item/{idItem}`: the SPEC 8 toast (`quantityUpdated`), the item and the replacement's new totals. */
export const replacementItemUpdatedSchema = z.object({ message: z.string(), item: replacementItemSchema, totais: replenishmentTotalsSchema });
/** Answer of `PUT reposicao/{id}/item/{idItem}`. */
export type ReplacementItemUpdated = z.infer<typeof replacementItemUpdatedSchema>;
/** Answer of `PUT reposicao/{id}/aprovar | reprovar | cancelar`: the SPEC 8 toast (`approved`, `disapproved`, `cancelled`) and the replacement as `GET reposicao/{id}`. */
export const replacementActionResultSchema = z.object({ message: z.string(), reposicao: replacementDetailSchema });
/** Answer of a replacement action. */
export type ReplacementActionResult = z.infer<typeof replacementActionResultSchema>;

/**
 * Who may read the pickers of the replenishment screens (`GET reposicao/opcoes/*`): either
 * replenishment role (calculation or history), so a buyer without the publisher, user or stock
 * report roles still picks a supplier, a user and a product type.
 */
export const REPLENISHMENT_LOOKUP_ROLES: readonly string[] = [REQUIRED.reposicaoCalculo, REQUIRED.reposicaoHistorico];

/** Query of the paged pickers `GET reposicao/opcoes/editora|usuario`: `term` over the name, `page`, `pageSize` (sorted by name). */
export const replenishmentLookupQuerySchema = listQuerySchema.pick({ page: true, pageSize: true, size: true, term: true });
/** Query of a paged picker. */
export type ReplenishmentLookupQuery = z.infer<typeof replenishmentLookupQuerySchema>;
/** A page of `{id, nome}` (publishers, users). */
export const replenishmentLookupPageSchema = pagedListSchema(idNomeSchema);
