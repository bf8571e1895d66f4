import type { TFunction } from 'i18next';
import type { ReplenishmentExplanation, ReplenishmentExplanationStep } from '@acervo/contracts';

/**
 * The explanation's steps in the interface language (issue 18): each structured step of
 * `passosEstruturados` (`chave` + `valores`) through the `replenishment.steps.*` texts, numbers with
 * `Intl.NumberFormat` of the language (at most 2 decimals), months as the language's short month
 * and year ("jan. de 2026", "Jan 2026"). An explanation without structured steps (an older server)
 * shows the server's pt-BR `passos` as they are.
 * @param e the explanation
 * @param t the translation function of the current language
 * @param language BCP 47 language of the numbers and months (`pt-BR`, `en-US`)
 * @returns one sentence per step, in order
 */
export function explanationStepTexts(e: Pick<ReplenishmentExplanation, 'passos' | 'passosEstruturados'>, t: TFunction, language: string): string[] {
  const structured = e.passosEstruturados ?? [];
  if (structured.length === 0) return e.passos;
  return structured.map((step) => stepText(step, t, language));
}

/**
 * One structured step as a sentence (see `explanationStepTexts`).
 * @param step the step (`replenishmentExplanationStepSchema`)
 * @param t the translation function
 * @param language the language of the numbers and months
 */
export function stepText(step: ReplenishmentExplanationStep, t: TFunction, language: string): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const n = (v: number) => number.format(v);
  const monthName = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const month = (mes: string) => monthName.format(new Date(`${mes.slice(0, 7)}-15T12:00:00Z`));
  const k = (key: string, values: Record<string, unknown> = {}) => t(`replenishment.steps.${key}`, values);
  const months = (count: number) => k('months', { count, n: n(count) });
  // "− 2" / "+ 2" after the available balance when approved replacements cover units, else nothing
  const covered = (units: number, sign: '−' | '+') => (units ? ` ${sign} ${n(units)}` : '');
  switch (step.chave) {
    case 'historico': {
      const v = step.valores;
      return k('historico', { months: months(v.meses), start: month(v.inicio), end: month(v.fim), sold: n(v.vendidas), returns: v.devolucoesDescontadas ? k('returnsNetted') : '', mean: n(v.media) });
    }
    case 'correcaoRuptura': {
      const v = step.valores;
      return k('correcaoRuptura', {
        lost: k('lostSales', { count: v.vendasPerdidas, n: n(v.vendasPerdidas) }),
        noStock: v.mesesSemEstoque ? k('noStock', { months: months(v.mesesSemEstoque) }) : '',
        raise: n(v.acrescimo),
      });
    }
    case 'metodo': {
      const v = step.valores;
      const demandClass = v.classe ? t(`replenishment.classes.${v.classe}`, { defaultValue: v.classe }) : '';
      const numbers = k('classNumbers', { adi: v.adi === null ? '∞' : n(v.adi), cv2: v.cv2 === null ? '—' : n(v.cv2) });
      const cap = v.mesesLimitados > 0 ? k('spikeCap', { count: v.mesesLimitados, n: n(v.mesesLimitados), cap: n(v.limitePico) }) : '';
      const why = v.automatico ? k('chosenAuto', { reason: k(`reasons.${v.motivo}`, { demandClass, numbers, cap }) }) : k('chosenByUser');
      return k('metodo', { method: t(`replenishment.methods.${v.metodo}`), why });
    }
    case 'horizonte': {
      const v = step.valores;
      return k('horizonte', { months: months(v.meses), lead: n(v.prazoEntregaMeses), projection: n(v.periodosProjecao), mean: n(v.mediaMes), total: n(v.mediaHorizonte), level: n(v.nivelServico), quantile: n(v.quantil) });
    }
    case 'nivel': {
      const v = step.valores;
      const parts = [n(v.quantil)];
      if (v.estoqueMinimoInformado !== null) parts.push(k('minAsked', { value: n(v.estoqueMinimoInformado) }));
      if (v.estoqueMinimoProduto !== null) parts.push(k('minProduct', { value: n(v.estoqueMinimoProduto) }));
      return parts.length > 1 ? k('nivelMaximo', { parts: parts.join(', '), level: n(v.nivel) }) : k('nivel', { level: n(v.nivel) });
    }
    case 'disponivel': {
      const v = step.valores;
      return k('disponivel', {
        physical: n(v.fisico),
        reserved: n(v.reservado),
        blocked: n(v.bloqueado),
        onOrder: n(v.pedidoCompra),
        available: n(v.disponivel),
        covered: v.coberto ? k('coveredNote', { count: v.coberto, n: n(v.coberto) }) : '',
      });
    }
    case 'semNecessidade': {
      const v = step.valores;
      return k('semNecessidade', { level: n(v.nivel), available: n(v.disponivel), covered: covered(v.coberto, '−'), need: n(v.necessidade) });
    }
    case 'necessidade': {
      const v = step.valores;
      return k('necessidade', { level: n(v.nivel), available: n(v.disponivel), covered: covered(v.coberto, '−'), need: n(v.necessidade), rounded: n(v.arredondado), multiple: n(v.multiplo) });
    }
    case 'maximo': {
      const v = step.valores;
      return k('maximo', { max: n(v.maximo), available: n(v.disponivel), covered: covered(v.coberto, '+'), rounded: n(v.arredondado), suggested: n(v.sugestao), multiple: n(v.multiplo) });
    }
    case 'sugestao':
      return k('sugestao', { suggested: n(step.valores.sugestao) });
  }
}
