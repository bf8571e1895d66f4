import { describe, expect, it } from 'vitest';
import { GOAL_VALUE_MESSAGE, type GoalYear } from '@acervo/contracts';
import { INVALID_MONEY_MESSAGE, cellKey, cellState, normalizeDraft, savedGoals, sheetChanges, sheetTotals } from './goal-sheet.ts';

const year: GoalYear = {
  ano: 2026,
  empresas: [
    { id: 1, nome: 'A' },
    { id: 2, nome: 'B' },
  ],
  itens: [
    { idEmpresa: 1, ano: 2026, mes: 1, valor: 100_00 },
    { idEmpresa: 2, ano: 2026, mes: 12, valor: 5 },
  ],
};

describe('cellState', () => {
  it('shows the saved value formatted until the cell is typed in', () => {
    expect(cellState(12345, undefined)).toEqual({ text: 'R$ 123,45', value: 12345, dirty: false, error: null });
    expect(cellState(undefined, undefined)).toEqual({ text: '', value: null, dirty: false, error: null });
  });
  it('is dirty only when the typed value differs from the saved one', () => {
    expect(cellState(12345, '123,45').dirty).toBe(false);
    expect(cellState(12345, '123,46')).toMatchObject({ value: 12346, dirty: true, error: null });
    expect(cellState(12345, '')).toMatchObject({ value: null, dirty: true });
    expect(cellState(undefined, '')).toMatchObject({ value: null, dirty: false });
  });
  it('refuses text that is not money, and a value over the bound with the server message', () => {
    expect(cellState(100, 'dez reais')).toMatchObject({ value: 100, error: INVALID_MONEY_MESSAGE });
    expect(cellState(undefined, '20.000.000,01')).toMatchObject({ error: GOAL_VALUE_MESSAGE });
    expect(cellState(undefined, '20.000.000,00').error).toBeNull();
  });
});

describe('normalizeDraft', () => {
  it('formats money text and leaves anything else as typed', () => {
    expect(normalizeDraft('1234,5')).toBe('R$ 1.234,50');
    expect(normalizeDraft('')).toBe('');
    expect(normalizeDraft('abc')).toBe('abc');
    expect(normalizeDraft('99.999.999,00')).toBe('99.999.999,00');
  });
});

describe('sheetChanges', () => {
  it('sends only the changed valid cells, an emptied cell as null, in grid order, and lists the invalid ones', () => {
    const saved = savedGoals(year);
    const drafts = new Map([
      [cellKey(2, 3), '300'],
      [cellKey(1, 1), ''],
      [cellKey(1, 2), 'R$ 0,00'],
      [cellKey(2, 12), '0,05'], // unchanged
      [cellKey(2, 4), 'x'],
    ]);
    const { items, invalid } = sheetChanges(2026, [1, 2], saved, drafts);
    expect(items.map((i) => i.item)).toEqual([
      { idEmpresa: 1, ano: 2026, mes: 1, valor: null },
      { idEmpresa: 1, ano: 2026, mes: 2, valor: 0 },
      { idEmpresa: 2, ano: 2026, mes: 3, valor: 30000 },
    ]);
    expect(items.map((i) => i.key)).toEqual(['1:1', '1:2', '2:3']);
    expect(invalid).toEqual(['2:4']);
  });
});

describe('sheetTotals', () => {
  it('sums rows, months and the year in integer cents with the typed values', () => {
    const totals = sheetTotals([1, 2], savedGoals(year), new Map([[cellKey(2, 1), '0,10']]));
    expect(totals.byCompany.get(1)).toBe(10000);
    expect(totals.byCompany.get(2)).toBe(15);
    expect(totals.byMonth[0]).toBe(10010);
    expect(totals.byMonth[11]).toBe(5);
    expect(totals.total).toBe(10015);
  });
});
