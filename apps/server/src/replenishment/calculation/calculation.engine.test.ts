import { describe, expect, it } from 'vitest';
import { REPLENISHMENT_METHODS, replenishmentExplanationSchema } from '@acervo/contracts';
import { computeLine, explainLine, lineForecast, roundSuggestion, serviceLevelQuantile, type ExplainedLine, type LineInput, type LineSettings } from './calculation.engine.ts';

const settings = (method: LineSettings['method']): LineSettings => ({ method, leadTimeMonths: 1, projectionMonths: 2, serviceLevel: 95, multiple: 4, minStock: 6 });

describe('calculation engine', () => {
  it('the no-demand shortcut gives what the full forecast gives, for every method', () => {
    const input: LineInput = { history: new Array(24).fill(0), available: 1, covered: 0, productMinStock: 9, productMaxStock: null };
    for (const method of REPLENISHMENT_METHODS) {
      const s = settings(method);
      const { forecast } = lineForecast(input, s);
      expect(forecast.total.mean, method).toBe(0);
      expect(serviceLevelQuantile(forecast, s.serviceLevel), method).toBe(0);
      // level = max(0, asked 6, product 9) = 9; need 9 − 1 = 8 → 8 (multiple 4)
      expect(computeLine(input, s), method).toEqual({ method: forecast.chosen, meanDemand: 0, quantile: 0, minStock: 9, level: 9, need: 8, suggested: 8, rounding: 'MULTIPLO' });
    }
  });

  it('the bulk path (horizon total only) gives what the full forecast gives, for every method', () => {
    // deterministic series of every class: smooth, erratic, intermittent, lumpy, seasonal (36+ months), with lost sales
    let seed = 7;
    const draw = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const inputs: LineInput[] = [];
    for (const length of [6, 24, 40]) {
      for (const sells of [0.1, 0.4, 0.95]) {
        for (const size of [1, 8, 60]) {
          const history = Array.from({ length }, (_, i) => (draw() < sells ? Math.round(1 + draw() * size * (1 + (length >= 36 ? Math.sin((i * Math.PI) / 6) : 0))) : 0));
          const lostSales = draw() < 0.3 ? history.map(() => (draw() < 0.2 ? Math.round(draw() * 5) : 0)) : null;
          inputs.push({ history, lostSales, available: Math.round(draw() * 20) - 3, covered: draw() < 0.2 ? 4 : 0, productMinStock: draw() < 0.3 ? 5 : null, productMaxStock: draw() < 0.3 ? 40 : null });
        }
      }
    }
    for (const method of REPLENISHMENT_METHODS) {
      const s = settings(method);
      for (const input of inputs) {
        const { forecast } = lineForecast(input, s);
        const line = computeLine(input, s);
        expect(line.method, method).toBe(forecast.chosen);
        expect(line.meanDemand, method).toBe(forecast.total.mean / 3);
        expect(line.quantile, `${method} ${input.history.join(',')}`).toBe(serviceLevelQuantile(forecast, s.serviceLevel));
      }
    }
  });

  it('a lost sale alone is demand: no shortcut', () => {
    const history = new Array(12).fill(0);
    const lostSales = [...history];
    lostSales[11] = 5;
    expect(computeLine({ history, lostSales, available: 0, covered: 0, productMinStock: null, productMaxStock: null }, settings('MEDIA_SIMPLES')).meanDemand).toBeGreaterThan(0);
  });

  it('rounds up to the multiple, caps at the maximum including what is covered', () => {
    // need 7, multiple 5 → 10
    expect(roundSuggestion(7, 5, 3, 0, null)).toEqual({ suggested: 10, rounding: 'MULTIPLO' });
    // 3 available + 2 covered + 10 = 15 > 12 → ⌊(12 − 3 − 2)/5⌋·5 = 5
    expect(roundSuggestion(7, 5, 3, 2, 12)).toEqual({ suggested: 5, rounding: 'MAXIMO' });
    // no room: 0
    expect(roundSuggestion(7, 5, 12, 0, 12)).toEqual({ suggested: 0, rounding: 'MAXIMO' });
    expect(roundSuggestion(0, 5, 3, 0, null)).toEqual({ suggested: 0, rounding: null });
  });

  describe('explanation steps', () => {
    const explained = (over: Partial<ExplainedLine>): ExplainedLine => ({
      idProduto: 7,
      titulo: 'Dom Casmurro',
      historyStart: '2026-01',
      history: [2, 2, 2, 2, 2, 2],
      lostSales: [0, 0, 0, 3, 0, 0],
      physical: 5,
      reserved: 1,
      blocked: 1,
      onOrder: 0,
      available: 3,
      network: 0,
      covered: 0,
      productMinStock: null,
      productMaxStock: 7,
      considerReturns: true,
      ...over,
    });
    const fixed: LineSettings = { method: 'MEDIA_SIMPLES', leadTimeMonths: 1, projectionMonths: 2, serviceLevel: 90, multiple: 5, minStock: 10 };

    it('gives each pt-BR sentence its i18n key and the numbers in it, one to one', () => {
      const e = replenishmentExplanationSchema.parse(explainLine(explained({}), fixed));
      expect(e.passosEstruturados.map((s) => s.chave)).toEqual(['historico', 'correcaoRuptura', 'metodo', 'horizonte', 'nivel', 'disponivel', 'necessidade', 'maximo', 'sugestao']);
      expect(e.passosEstruturados).toHaveLength(e.passos.length);
      const [historico, ruptura, metodo, horizonte, nivel, disponivel, necessidade, maximo, sugestao] = e.passosEstruturados;
      // 12 units over 6 months (2026-01 … 2026-06), returns netted
      expect(historico.valores).toEqual({ meses: 6, inicio: '2026-01', fim: '2026-06', vendidas: 12, media: 2, devolucoesDescontadas: true });
      // 3 lost sales in April: April 2 → 5, +3 units
      expect(ruptura.valores).toEqual({ vendasPerdidas: 3, mesesSemEstoque: 0, acrescimo: 3 });
      expect(metodo.valores).toMatchObject({ metodo: 'MEDIA_SIMPLES', automatico: false, motivo: 'USUARIO', mesesLimitados: 0 });
      // corrected mean 15/6 = 2.5 a month over 3 months = 7.5
      expect(horizonte.valores).toMatchObject({ meses: 3, prazoEntregaMeses: 1, periodosProjecao: 2, mediaMes: 2.5, mediaHorizonte: 7.5, nivelServico: 90, quantil: e.quantilNivel });
      expect(nivel.valores).toEqual({ quantil: e.quantilNivel, estoqueMinimoInformado: 10, estoqueMinimoProduto: null, nivel: e.nivelReposicao });
      // 5 − 1 − 1 + 0 = 3
      expect(disponivel.valores).toEqual({ fisico: 5, reservado: 1, bloqueado: 1, pedidoCompra: 0, disponivel: 3, coberto: 0 });
      const need = e.nivelReposicao - 3;
      expect(necessidade.valores).toEqual({ nivel: e.nivelReposicao, disponivel: 3, coberto: 0, necessidade: need, arredondado: Math.ceil(need / 5) * 5, multiplo: 5 });
      // maximum 7: 3 + the rounded need passes it; the largest multiple of 5 with 3 + x ≤ 7 is 0
      expect(maximo.valores).toMatchObject({ maximo: 7, disponivel: 3, sugestao: 0, multiplo: 5 });
      expect(sugestao.valores).toEqual({ sugestao: 0 });
      expect(e.passos[0]).toBe('Histórico de 6 meses (2026-01 a 2026-06): 12 unidades vendidas, devoluções descontadas, média 2/mês.');
    });

    it('names AUTOMATICO\'s reason by its rule, and "nothing to order" when the need is not positive', () => {
      const auto = { ...fixed, method: 'AUTOMATICO' as const, minStock: null };
      const none = explainLine(explained({ history: new Array(12).fill(0), lostSales: null, physical: 3, reserved: 0, blocked: 0, available: 3 }), auto);
      expect(none.passosEstruturados.map((s) => s.chave)).toEqual(['historico', 'metodo', 'horizonte', 'nivel', 'disponivel', 'semNecessidade', 'sugestao']);
      expect(none.passosEstruturados[1].valores).toMatchObject({ automatico: true, motivo: 'SEM_DEMANDA', classe: 'SEM_DEMANDA', adi: null });
      expect(none.passosEstruturados[5].valores).toEqual({ nivel: 0, disponivel: 3, coberto: 0, necessidade: -3 });
      // one sale every third month: intermittent → TSB
      const sparse = explainLine(explained({ history: [0, 0, 4, 0, 0, 4, 0, 0, 4, 0, 0, 4], lostSales: null }), auto);
      expect(sparse.passosEstruturados[1].valores).toMatchObject({ metodo: 'TSB', automatico: true, motivo: 'TSB', classe: 'INTERMITENTE', adi: 3 });
      const smooth = explainLine(explained({ history: [5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6], lostSales: null }), auto);
      expect(smooth.passosEstruturados[1].valores).toMatchObject({ metodo: 'SUAVIZACAO_EXPONENCIAL', motivo: 'SUAVIZACAO', classe: 'SUAVE' });
    });
  });
});
