import { describe, expect, it } from 'vitest';
import { opportunityApiFilters, tabOf, viewOf } from './opportunity-api.ts';

describe('opportunities report URL state', () => {
  it('defaults to the purchase-suggestion tab and the synthetic view, and ignores unknown values from an edited link', () => {
    expect(tabOf({})).toBe('SUGESTAO_COMPRA');
    expect(tabOf({ tipo: 'VENDA_PERDIDA' })).toBe('VENDA_PERDIDA');
    expect(tabOf({ tipo: 'DROP' })).toBe('SUGESTAO_COMPRA');
    expect(viewOf({})).toBe('sintetica');
    expect(viewOf({ visao: 'analitica' })).toBe('analitica');
    expect(viewOf({ visao: 'tabela' })).toBe('sintetica');
  });

  it('sends the companies as repeated ids (digits only), trimmed texts, and leaves tab, view and blanks out', () => {
    expect(opportunityApiFilters({ tipo: 'VENDA_PERDIDA', visao: 'analitica', idEmpresa: '2, 1,x,', dataInicio: '2026-01-01', ean: ' 978 ', descricao: '  ' })).toEqual({
      idEmpresa: ['2', '1'],
      dataInicio: '2026-01-01',
      ean: '978',
    });
    expect(opportunityApiFilters({})).toEqual({});
  });
});
