import { goalValueSchema, type GoalItemRequest, type GoalYear } from '@acervo/contracts';
import { formatCents, parseMoneyText } from './money.ts';

/**
 * The goals grid's state as plain data, kept out of React so it can be tested alone: the saved
 * goals (cents by cell), the texts the user typed (drafts) and what follows from both (the value
 * of each cell, which cells changed, which are invalid, totals, the `PUT meta` items).
 */

/** The twelve months, 1 = January. */
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Key of one cell: `<idEmpresa>:<mes>`. */
export type CellKey = `${number}:${number}`;

/** Key of the cell of `idEmpresa` in month `mes`. */
export function cellKey(idEmpresa: number, mes: number): CellKey {
  return `${idEmpresa}:${mes}`;
}

/** The saved goals of a year by cell, in cents. */
export function savedGoals(year: GoalYear): Map<CellKey, number> {
  return new Map(year.itens.map((g) => [cellKey(g.idEmpresa, g.mes), g.valor]));
}

/** What one cell holds: its text, its value in cents (null = no goal), and whether it changed or is wrong. */
export interface CellState {
  text: string;
  /** Cents, null for an empty cell; the saved value while the text is invalid. */
  value: number | null;
  /** The typed value differs from the saved one. */
  dirty: boolean;
  /** Why the text cannot be saved (pt-BR), or null. */
  error: string | null;
}

/** Message of a cell whose text is not money. */
export const INVALID_MONEY_MESSAGE = 'Valor inválido: use o formato R$ 1.234,56';

/**
 * One cell from its saved value and its draft text (undefined = not touched). A value over the
 * goal bound is refused with the contract's message (`goalValueSchema`, the server's rule).
 */
export function cellState(saved: number | undefined, draft: string | undefined): CellState {
  const stored = saved ?? null;
  if (draft === undefined) return { text: formatCents(stored), value: stored, dirty: false, error: null };
  const parsed = parseMoneyText(draft);
  if (parsed === 'invalid') return { text: draft, value: stored, dirty: true, error: INVALID_MONEY_MESSAGE };
  if (parsed !== null) {
    const checked = goalValueSchema.safeParse(parsed);
    if (!checked.success) return { text: draft, value: stored, dirty: true, error: checked.error.issues[0].message };
  }
  return { text: draft, value: parsed, dirty: parsed !== stored, error: null };
}

/** The text a cell shows once it loses focus: money text formatted, anything else as typed. */
export function normalizeDraft(draft: string): string {
  const parsed = parseMoneyText(draft);
  return parsed === 'invalid' || (parsed !== null && !goalValueSchema.safeParse(parsed).success) ? draft : formatCents(parsed);
}

/** One `PUT meta` item and the cell it came from (to put a server error back on its cell). */
export interface SheetItem {
  key: CellKey;
  item: GoalItemRequest;
}

/** What the sheet would save: the changed cells as items, and the cells that cannot be saved. */
export interface SheetChanges {
  items: SheetItem[];
  invalid: CellKey[];
}

/**
 * The changes of the sheet, row by row (companies in grid order) and month by month: every dirty
 * valid cell becomes `{idEmpresa, ano, mes, valor}` (`valor: null` for an emptied cell).
 */
export function sheetChanges(ano: number, companyIds: readonly number[], saved: ReadonlyMap<CellKey, number>, drafts: ReadonlyMap<CellKey, string>): SheetChanges {
  const items: SheetItem[] = [];
  const invalid: CellKey[] = [];
  for (const idEmpresa of companyIds) {
    for (const mes of MONTHS) {
      const key = cellKey(idEmpresa, mes);
      const state = cellState(saved.get(key), drafts.get(key));
      if (state.error) invalid.push(key);
      else if (state.dirty) items.push({ key, item: { idEmpresa, ano, mes, valor: state.value } });
    }
  }
  return { items, invalid };
}

/** Totals of the sheet as shown (typed values count, an invalid cell counts as its saved value). */
export interface SheetTotals {
  /** Year total of each company, by id. */
  byCompany: Map<number, number>;
  /** Total of each month over the companies, index 0 = January. */
  byMonth: number[];
  total: number;
}

/** Sums the sheet in integer cents. */
export function sheetTotals(companyIds: readonly number[], saved: ReadonlyMap<CellKey, number>, drafts: ReadonlyMap<CellKey, string>): SheetTotals {
  const byCompany = new Map<number, number>();
  const byMonth = MONTHS.map(() => 0);
  let total = 0;
  for (const idEmpresa of companyIds) {
    let row = 0;
    for (const mes of MONTHS) {
      const value = cellState(saved.get(cellKey(idEmpresa, mes)), drafts.get(cellKey(idEmpresa, mes))).value ?? 0;
      row += value;
      byMonth[mes - 1] += value;
    }
    byCompany.set(idEmpresa, row);
    total += row;
  }
  return { byCompany, byMonth, total };
}
