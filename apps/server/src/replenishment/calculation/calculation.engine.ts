import type { ReplenishmentExplanation, ReplenishmentExplanationStep, ReplenishmentMethod } from '@acervo/contracts';
import { forecastSeries, forecastTotal, type HorizonForecast, type SeriesForecast } from '../forecast/forecast.ts';
import { countDistribution, quantiles } from '../forecast/distribution.ts';
import { correctStockouts, type StockoutCorrection } from '../forecast/stockout.ts';
import { periodOf } from '../forecast/history-csv.ts';

/*
 * The replenishment arithmetic of one line (issue 18 Part 2; docs/replenishment.md "Part 2"), pure:
 * no database, so the bulk calculation (possibly in worker threads) and the explanation of one line
 * run exactly the same code on the same stored numbers.
 *
 *   available  = physical − reserved − blocked + on order
 *   horizon    = lead time + projection (months)
 *   quantile   = the service-level quantile of the demand over the horizon (negative binomial of Part 1)
 *   level      = max(quantile, minimum stock asked, the product's minimum stock)
 *   need       = level − available − covered (units of approved replacements the ERP does not show yet)
 *   suggested  = 0 when need ≤ 0, else need rounded UP to the order multiple; when the product has a
 *                maximum stock and available + covered + suggested would exceed it, the largest
 *                multiple with available + covered + suggested ≤ maximum (0 at least)
 */

/** Settings shared by every line of one calculation. */
export interface LineSettings {
  /** `metodoPonderacao` asked. */
  method: ReplenishmentMethod;
  /** Lead time, months (0–12). */
  leadTimeMonths: number;
  /** Months to project after the lead time (≥ 1). */
  projectionMonths: number;
  /** Service level, percent (50–99). */
  serviceLevel: number;
  /** Order multiple (≥ 1). */
  multiple: number;
  /** `estoqueMinimo` of the inputs (units) or null. */
  minStock: number | null;
}

/** What one line needs: its demand history, the stockout facts and the stock terms (units). */
export interface LineInput {
  /** Monthly net demand as sold, oldest first (≥ 1 month, values ≥ 0). */
  history: readonly number[];
  /** Lost sales (VENDA_PERDIDA) per month, aligned with `history`; absent = none. */
  lostSales?: readonly number[] | null;
  /** 0-based months of `history` without available stock; absent = none known. */
  noStockMonths?: readonly number[] | null;
  available: number;
  covered: number;
  productMinStock: number | null;
  productMaxStock: number | null;
}

/** The result of one line. */
export interface LineResult {
  /** The point method used (AUTOMATICO's choice, or the method asked). */
  method: ReplenishmentMethod;
  /** Mean demand per month over the horizon (units/month, not rounded). */
  meanDemand: number;
  /** Service-level quantile of the demand over the horizon (units). */
  quantile: number;
  /** The effective minimum (max of the asked and the product's), null when neither. */
  minStock: number | null;
  level: number;
  need: number;
  suggested: number;
  /** How the suggestion was bounded: 'MULTIPLO' rounded up, 'MAXIMO' capped by the maximum stock, null when need ≤ 0. */
  rounding: 'MULTIPLO' | 'MAXIMO' | null;
}

/** The stockout-corrected history and its corrections. */
export function correctedHistory(input: Pick<LineInput, 'history' | 'lostSales' | 'noStockMonths'>): { values: number[]; corrections: StockoutCorrection[] } {
  const lost = input.lostSales;
  const noStock = input.noStockMonths;
  if (!lost?.some((v) => v > 0) && !noStock?.length) return { values: [...input.history], corrections: [] };
  const noStockSet = new Set(noStock ?? []);
  const stock = input.history.map((_, i) => ({ noStock: noStockSet.has(i), lostSales: lost?.[i] ?? 0 }));
  return correctStockouts(input.history, stock);
}

/** Horizon in months: lead time + projection. */
export function horizonMonths(settings: LineSettings): number {
  return settings.leadTimeMonths + settings.projectionMonths;
}

/**
 * The service-level quantile of the horizon total: the smallest integer k with P(demand ≤ k) ≥ level
 * for the moment-matched negative binomial of `forecastSeries` (docs/replenishment.md, "Distribution").
 */
export function serviceLevelQuantile(forecast: SeriesForecast | HorizonForecast, serviceLevelPercent: number): number {
  const d = countDistribution(forecast.total.mean, forecast.total.variance);
  return quantiles(d, [serviceLevelPercent / 100])[0];
}

/**
 * Rounds a need up to the order multiple and caps it at the maximum stock (module comment).
 * @returns the suggested units and how they were bounded
 */
export function roundSuggestion(need: number, multiple: number, available: number, covered: number, maxStock: number | null): { suggested: number; rounding: LineResult['rounding'] } {
  if (need <= 0) return { suggested: 0, rounding: null };
  const up = Math.ceil(need / multiple) * multiple;
  if (maxStock !== null && available + covered + up > maxStock) {
    const room = maxStock - available - covered;
    return { suggested: room > 0 ? Math.floor(room / multiple) * multiple : 0, rounding: 'MAXIMO' };
  }
  return { suggested: up, rounding: 'MULTIPLO' };
}

/** The forecast of one line (stockout-corrected history, the calculation's method and horizon). */
export function lineForecast(input: LineInput, settings: LineSettings): { forecast: SeriesForecast; corrected: ReturnType<typeof correctedHistory> } {
  const corrected = correctedHistory(input);
  const forecast = forecastSeries(corrected.values, { method: settings.method, horizon: horizonMonths(settings) });
  return { forecast, corrected };
}

/**
 * Computes one line: forecast, level, need and suggestion (module comment for the formulas).
 * @param input the line's history and stock terms
 * @param settings the calculation's settings
 */
export function computeLine(input: LineInput, settings: LineSettings): LineResult {
  if (!input.history.some((v) => v > 0) && !input.lostSales?.some((v) => v > 0)) return noDemandResult(input, settings);
  // the horizon total alone (`forecastTotal`): the monthly quantiles only the explanation shows
  // were most of a line's cost; same method, mean and variance as `lineForecast` (tested)
  const forecast = forecastTotal(correctedHistory(input).values, { method: settings.method, horizon: horizonMonths(settings) });
  return resultFrom(forecast, input, settings);
}

/**
 * The line of a title without any demand or lost sale in the period (most of a backlist catalogue),
 * without running the forecast: every method forecasts 0 there (AUTOMATICO classes it SEM_DEMANDA and
 * names TSB), so the quantile is 0 and the level is the minimum stock. Equal to the full path (tested),
 * at a fraction of its cost.
 */
function noDemandResult(input: LineInput, settings: LineSettings): LineResult {
  const minStock = effectiveMinimum(settings.minStock, input.productMinStock);
  const level = minStock ?? 0;
  const need = level - input.available - input.covered;
  const { suggested, rounding } = roundSuggestion(need, settings.multiple, input.available, input.covered, input.productMaxStock);
  return { method: settings.method === 'AUTOMATICO' ? 'TSB' : settings.method, meanDemand: 0, quantile: 0, minStock, level, need, suggested, rounding };
}

function resultFrom(forecast: SeriesForecast | HorizonForecast, input: LineInput, settings: LineSettings): LineResult {
  const horizon = horizonMonths(settings);
  const quantile = serviceLevelQuantile(forecast, settings.serviceLevel);
  const minStock = effectiveMinimum(settings.minStock, input.productMinStock);
  const level = Math.max(quantile, minStock ?? 0);
  const need = level - input.available - input.covered;
  const { suggested, rounding } = roundSuggestion(need, settings.multiple, input.available, input.covered, input.productMaxStock);
  return { method: forecast.chosen, meanDemand: forecast.total.mean / horizon, quantile, minStock, level, need, suggested, rounding };
}

/** max(asked minimum, product minimum), null when neither is set. */
export function effectiveMinimum(asked: number | null, product: number | null): number | null {
  if (asked === null && product === null) return null;
  return Math.max(asked ?? 0, product ?? 0);
}

/** Parameters as JSON can carry them: a non-finite number (ADI of a title that never sold is ∞) becomes null. */
function jsonParameters(p: Record<string, number | string | number[]>): Record<string, number | string | number[] | null> {
  const out: Record<string, number | string | number[] | null> = {};
  for (const [k, v] of Object.entries(p)) {
    if (typeof v === 'number') out[k] = Number.isFinite(v) ? v : null;
    else if (Array.isArray(v)) out[k] = v.map((x) => (Number.isFinite(x) ? x : 0));
    else out[k] = v;
  }
  return out;
}

const fmt = (n: number, digits = 2) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits });

/**
 * Why the method was used, as the `metodo` step names it (`REPLENISHMENT_METHOD_REASONS`): the method
 * asked for, or AUTOMATICO's rule (forecast.ts `chooseAutomatic`): no demand → SEM_DEMANDA; TSB for
 * intermittent and lumpy demand; SAZONAL when Holt-Winters won the hold-out; else SUAVIZACAO.
 */
export function methodReason(automatic: boolean, used: ReplenishmentMethod, demandClass: string): Extract<ReplenishmentExplanationStep, { chave: 'metodo' }>['valores']['motivo'] {
  if (!automatic) return 'USUARIO';
  if (demandClass === 'SEM_DEMANDA') return 'SEM_DEMANDA';
  if (used === 'TSB') return 'TSB';
  if (used === 'SAZONAL') return 'SAZONAL';
  return 'SUAVIZACAO';
}

/** What the explanation shows of a stored line besides its history. */
export interface ExplainedLine extends LineInput {
  idProduto: number;
  titulo: string;
  /** 'YYYY-MM' of the first month of `history`. */
  historyStart: string;
  physical: number;
  reserved: number;
  blocked: number;
  onOrder: number;
  network: number;
  considerReturns: boolean;
}

/**
 * The explanation of one line (`replenishmentExplanationSchema`): recomputes the line from its stored
 * history and stock terms with the calculation's settings, and writes the arithmetic twice, one to
 * one: in pt-BR words (`passos`) and as i18n keys with their raw numbers (`passosEstruturados`, which
 * the web words in the interface language; docs/replenishment.md "The explanation's steps").
 */
export function explainLine(line: ExplainedLine, settings: LineSettings): ReplenishmentExplanation {
  const { forecast, corrected } = lineForecast(line, settings);
  const r = resultFrom(forecast, line, settings);
  const [year, month] = line.historyStart.split('-').map(Number);
  const start = year * 12 + month - 1;
  const horizon = horizonMonths(settings);
  const lostTotal = (line.lostSales ?? []).reduce((a, b) => a + b, 0);
  const noStock = new Set(line.noStockMonths ?? []);
  const raise = corrected.corrections.reduce((a, c) => a + (c.corrected - c.observed), 0);
  const sold = line.history.reduce((a, b) => a + b, 0);
  // every step twice: the pt-BR sentence (`passos`) and its i18n key with the raw numbers (`passosEstruturados`)
  const passos: string[] = [];
  const passosEstruturados: ReplenishmentExplanationStep[] = [];
  const step = (text: string, structured: ReplenishmentExplanationStep) => {
    passos.push(text);
    passosEstruturados.push(structured);
  };
  const months = (n: number) => `${n} ${n === 1 ? 'mês' : 'meses'}`;
  const first = periodOf(start);
  const last = periodOf(start + line.history.length - 1);
  step(
    `Histórico de ${months(line.history.length)} (${first} a ${last}): ${fmt(sold)} unidades vendidas${line.considerReturns ? ', devoluções descontadas' : ''}, média ${fmt(sold / line.history.length)}/mês.`,
    { chave: 'historico', valores: { meses: line.history.length, inicio: first, fim: last, vendidas: sold, media: sold / line.history.length, devolucoesDescontadas: line.considerReturns } },
  );
  if (corrected.corrections.length > 0) {
    step(
      `Correção de ruptura: ${lostTotal} ${lostTotal === 1 ? 'venda perdida registrada' : 'vendas perdidas registradas'}${noStock.size ? ` e ${months(noStock.size)} sem estoque` : ''} elevam a demanda em ${fmt(raise)} unidades.`,
      { chave: 'correcaoRuptura', valores: { vendasPerdidas: lostTotal, mesesSemEstoque: noStock.size, acrescimo: raise } },
    );
  }
  const automatic = settings.method === 'AUTOMATICO';
  const methodNote = automatic ? `escolhido automaticamente: ${forecast.reason}` : 'escolhido pelo usuário';
  const finite = (v: number) => (Number.isFinite(v) ? v : null);
  step(`Método ${r.method} (${methodNote}).`, {
    chave: 'metodo',
    valores: {
      metodo: r.method,
      automatico: automatic,
      motivo: methodReason(automatic, r.method, forecast.pattern.demandClass),
      classe: forecast.pattern.demandClass,
      adi: finite(forecast.pattern.adi),
      cv2: finite(forecast.pattern.cv2),
      mesesLimitados: automatic ? Number(forecast.parameters.mesesLimitados ?? 0) : 0,
      limitePico: automatic ? Number(forecast.parameters.limitePico ?? 0) : 0,
    },
  });
  step(
    `Horizonte de ${months(horizon)} (prazo de entrega ${settings.leadTimeMonths} + projeção ${settings.projectionMonths}): média ${fmt(r.meanDemand)}/mês × ${months(horizon)} = ${fmt(forecast.total.mean)}; com nível de serviço de ${settings.serviceLevel} %, a demanda do horizonte é ${r.quantile} (quantil ${settings.serviceLevel} %).`,
    {
      chave: 'horizonte',
      valores: { meses: horizon, prazoEntregaMeses: settings.leadTimeMonths, periodosProjecao: settings.projectionMonths, mediaMes: r.meanDemand, mediaHorizonte: forecast.total.mean, nivelServico: settings.serviceLevel, quantil: r.quantile },
    },
  );
  const minParts = [`${r.quantile}`];
  if (settings.minStock !== null) minParts.push(`estoque mínimo informado ${settings.minStock}`);
  if (line.productMinStock !== null) minParts.push(`estoque mínimo do produto ${line.productMinStock}`);
  step(minParts.length > 1 ? `Nível de reposição = máx(${minParts.join(', ')}) = ${r.level}.` : `Nível de reposição = ${r.level}.`, {
    chave: 'nivel',
    valores: { quantil: r.quantile, estoqueMinimoInformado: settings.minStock, estoqueMinimoProduto: line.productMinStock, nivel: r.level },
  });
  step(
    `Disponível = físico ${line.physical} − reservado ${line.reserved} − bloqueado ${line.blocked} + pedido de compra ${line.onOrder} = ${line.available}${line.covered ? `; ${line.covered} já ${line.covered === 1 ? 'coberta' : 'cobertas'} por reposição aprovada ainda não vista no estoque do ERP` : ''}.`,
    { chave: 'disponivel', valores: { fisico: line.physical, reservado: line.reserved, bloqueado: line.blocked, pedidoCompra: line.onOrder, disponivel: line.available, coberto: line.covered } },
  );
  const terms = { nivel: r.level, disponivel: line.available, coberto: line.covered, necessidade: r.need };
  if (r.need <= 0) {
    step(`Necessidade = ${r.level} − ${line.available}${line.covered ? ` − ${line.covered}` : ''} = ${r.need}: nada a pedir.`, { chave: 'semNecessidade', valores: terms });
  } else {
    const up = Math.ceil(r.need / settings.multiple) * settings.multiple;
    step(`Necessidade = ${r.level} − ${line.available}${line.covered ? ` − ${line.covered}` : ''} = ${r.need}, arredondado para ${up} (múltiplo ${settings.multiple}).`, {
      chave: 'necessidade',
      valores: { ...terms, arredondado: up, multiplo: settings.multiple },
    });
    if (r.rounding === 'MAXIMO' && line.productMaxStock !== null) {
      step(
        `Estoque máximo do produto ${line.productMaxStock}: ${line.available}${line.covered ? ` + ${line.covered}` : ''} + ${up} passaria do máximo; reduzido para ${r.suggested} (maior múltiplo de ${settings.multiple} que cabe).`,
        { chave: 'maximo', valores: { maximo: line.productMaxStock, disponivel: line.available, coberto: line.covered, arredondado: up, sugestao: r.suggested, multiplo: settings.multiple } },
      );
    }
  }
  step(`Sugestão de compra: ${r.suggested}.`, { chave: 'sugestao', valores: { sugestao: r.suggested } });
  return {
    idProduto: line.idProduto,
    titulo: line.titulo,
    historico: line.history.map((q, i) => ({
      mes: periodOf(start + i),
      quantidade: q,
      corrigido: corrected.values[i],
      semEstoque: noStock.has(i),
      vendasPerdidas: line.lostSales?.[i] ?? 0,
    })),
    metodo: r.method,
    metodoPedido: settings.method,
    classe: forecast.pattern.demandClass,
    parametros: jsonParameters({ ...forecast.parameters, adi: forecast.pattern.adi, cv2: forecast.pattern.cv2, motivo: forecast.reason }),
    previsao: forecast.months.map((m, i) => ({ mes: periodOf(start + line.history.length + i), media: m.mean, quantis: m.quantiles })),
    horizonte: { meses: horizon, prazoEntregaMeses: settings.leadTimeMonths, periodosProjecao: settings.projectionMonths, media: forecast.total.mean, quantis: forecast.total.quantiles },
    nivelServico: settings.serviceLevel,
    quantilNivel: r.quantile,
    correcaoRuptura: { mesesSemEstoque: noStock.size, vendasPerdidas: lostTotal, acrescimo: raise },
    estoque: {
      fisico: line.physical,
      reservado: line.reserved,
      bloqueado: line.blocked,
      pedidoCompra: line.onOrder,
      disponivel: line.available,
      rede: line.network,
      cobertoPorReposicaoAprovada: line.covered,
    },
    estoqueMinimo: r.minStock,
    estoqueMaximo: line.productMaxStock,
    nivelReposicao: r.level,
    necessidade: r.need,
    multiplo: settings.multiple,
    quantidadeSugerida: r.suggested,
    passos,
    passosEstruturados,
  };
}
