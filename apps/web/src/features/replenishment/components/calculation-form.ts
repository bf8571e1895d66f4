import dayjs from 'dayjs';
import { z } from 'zod';
import {
  REPLENISHMENT_BASES,
  REPLENISHMENT_DEFAULTS,
  REPLENISHMENT_LIMITS,
  REPLENISHMENT_MESSAGES,
  REPLENISHMENT_METHODS,
  replenishmentCalculationRequestSchema,
  type ReplenishmentCalculationRequest,
  type ReplenishmentInput,
} from '@acervo/contracts';

/**
 * The calculation form's values as the inputs hold them: numbers as typed text ('' = not given),
 * dates ISO `YYYY-MM-DD`, the best-seller filter as kind + value, the supplier as id + its label.
 * `toCalculationRequest` turns them into the body of `POST reposicao/calculo`.
 */
export const calculationFormSchema = z
  .object({
    idModelo: z.string(),
    base: z.enum(REPLENISHMENT_BASES),
    dataInicio: z.string(),
    dataFim: z.string(),
    situacoes: z.array(z.string()),
    maisVendidosTipo: z.enum(['', 'TOP', 'ABC']),
    maisVendidosValor: z.string(),
    estoqueMinimo: z.string(),
    quantidadeMinimaPedido: z.string(),
    tipoProduto: z.string(),
    somenteSaldoMenorQue: z.string(),
    periodosProjecao: z.string(),
    metodoPonderacao: z.enum(REPLENISHMENT_METHODS),
    somenteComReposicao: z.boolean(),
    idEditora: z.string(),
    editora: z.string(),
    considerarDevolucoes: z.boolean(),
    prazoEntregaMeses: z.string(),
    nivelServico: z.string(),
  })
  .superRefine((values, ctx) => {
    // the contract's own rules (bounds, integers, the dates), reported under the field that holds them
    const parsed = replenishmentCalculationRequestSchema.safeParse(rawRequest(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const top = String(issue.path[0] ?? '');
        const field = top === 'maisVendidos' ? 'maisVendidosValor' : top;
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
    if (/^\d{4}-\d{2}-\d{2}$/.test(values.dataInicio) && /^\d{4}-\d{2}-\d{2}$/.test(values.dataFim)) {
      if (values.dataFim < values.dataInicio) ctx.addIssue({ code: 'custom', path: ['dataFim'], message: REPLENISHMENT_MESSAGES.dateOrder });
      else if (dayjs(values.dataFim).diff(dayjs(values.dataInicio), 'month', true) > REPLENISHMENT_LIMITS.maxPeriodMonths) {
        ctx.addIssue({ code: 'custom', path: ['dataInicio'], message: REPLENISHMENT_MESSAGES.periodTooLong });
      }
    }
  });

/** The form's values. */
export type CalculationFormValues = z.infer<typeof calculationFormSchema>;

/** The text of a number input as the request takes it: '' → `empty`, digits → the text (the contract's `integer` reads it). */
function num<E>(text: string, empty: E): string | E {
  const trimmed = text.trim();
  return trimmed === '' ? empty : trimmed;
}

/** The request before the contract parses it: texts where the user typed numbers. */
function rawRequest(v: CalculationFormValues): Record<string, unknown> {
  const maisVendidos = v.maisVendidosTipo === '' ? null : { tipo: v.maisVendidosTipo, valor: v.maisVendidosTipo === 'TOP' ? num(v.maisVendidosValor, '') : v.maisVendidosValor };
  return {
    idModelo: v.idModelo ? v.idModelo : null,
    base: v.base,
    dataInicio: v.dataInicio,
    dataFim: v.dataFim,
    situacoes: v.situacoes,
    maisVendidos,
    estoqueMinimo: num(v.estoqueMinimo, null),
    quantidadeMinimaPedido: num(v.quantidadeMinimaPedido, undefined),
    tipoProduto: num(v.tipoProduto, null),
    somenteSaldoMenorQue: num(v.somenteSaldoMenorQue, null),
    periodosProjecao: num(v.periodosProjecao, undefined),
    metodoPonderacao: v.metodoPonderacao,
    somenteComReposicao: v.somenteComReposicao,
    idEditora: num(v.idEditora, null),
    considerarDevolucoes: v.considerarDevolucoes,
    prazoEntregaMeses: num(v.prazoEntregaMeses, undefined),
    nivelServico: num(v.nivelServico, undefined),
  };
}

/**
 * The body of `POST reposicao/calculo` from valid form values (numbers parsed, empty optional
 * inputs left out or null).
 * @throws ZodError when the values are not valid (the form validates first)
 */
export function toCalculationRequest(values: CalculationFormValues): ReplenishmentCalculationRequest {
  return replenishmentCalculationRequestSchema.parse(rawRequest(values));
}

/** The inputs of a template (`POST/PUT reposicao/modelo` `parametros`): the request without `idModelo`. */
export function toTemplateInputs(values: CalculationFormValues): ReplenishmentInput {
  const { idModelo: _ignored, ...inputs } = toCalculationRequest(values);
  return inputs;
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * Default form values: the last 12 months of sales up to today, and `REPLENISHMENT_DEFAULTS`.
 * @param today the day the form opens (ISO), for tests
 */
export function defaultFormValues(today: string = dayjs().format('YYYY-MM-DD')): CalculationFormValues {
  return {
    idModelo: '',
    base: REPLENISHMENT_DEFAULTS.base,
    dataInicio: dayjs(today).subtract(12, 'month').add(1, 'day').format('YYYY-MM-DD'),
    dataFim: today,
    situacoes: [],
    maisVendidosTipo: '',
    maisVendidosValor: '',
    estoqueMinimo: '',
    quantidadeMinimaPedido: String(REPLENISHMENT_DEFAULTS.quantidadeMinimaPedido),
    tipoProduto: '',
    somenteSaldoMenorQue: '',
    periodosProjecao: String(REPLENISHMENT_DEFAULTS.periodosProjecao),
    metodoPonderacao: REPLENISHMENT_DEFAULTS.metodoPonderacao,
    somenteComReposicao: REPLENISHMENT_DEFAULTS.somenteComReposicao,
    idEditora: '',
    editora: '',
    considerarDevolucoes: REPLENISHMENT_DEFAULTS.considerarDevolucoes,
    prazoEntregaMeses: String(REPLENISHMENT_DEFAULTS.prazoEntregaMeses),
    nivelServico: String(REPLENISHMENT_DEFAULTS.nivelServico),
  };
}

/**
 * Form values of stored inputs (a template's, or a stored calculation's so a reload shows what
 * was calculated): absent fields take the defaults.
 * @param inputs the stored inputs
 * @param idModelo the template they came from ('' for none)
 * @param editora the supplier's name when known (the picker's label)
 */
export function formValuesFromInputs(inputs: ReplenishmentInput, idModelo = '', editora = ''): CalculationFormValues {
  const d = defaultFormValues();
  return {
    idModelo,
    base: inputs.base ?? d.base,
    dataInicio: inputs.dataInicio,
    dataFim: inputs.dataFim,
    situacoes: inputs.situacoes ?? [],
    maisVendidosTipo: inputs.maisVendidos?.tipo ?? '',
    maisVendidosValor: inputs.maisVendidos ? String(inputs.maisVendidos.valor) : '',
    estoqueMinimo: text(inputs.estoqueMinimo),
    quantidadeMinimaPedido: text(inputs.quantidadeMinimaPedido) || d.quantidadeMinimaPedido,
    tipoProduto: text(inputs.tipoProduto),
    somenteSaldoMenorQue: text(inputs.somenteSaldoMenorQue),
    periodosProjecao: text(inputs.periodosProjecao) || d.periodosProjecao,
    metodoPonderacao: inputs.metodoPonderacao ?? d.metodoPonderacao,
    somenteComReposicao: inputs.somenteComReposicao ?? d.somenteComReposicao,
    idEditora: text(inputs.idEditora),
    editora: inputs.idEditora ? editora || `#${inputs.idEditora}` : '',
    considerarDevolucoes: inputs.considerarDevolucoes ?? d.considerarDevolucoes,
    prazoEntregaMeses: text(inputs.prazoEntregaMeses) || d.prazoEntregaMeses,
    nivelServico: text(inputs.nivelServico) || d.nivelServico,
  };
}
