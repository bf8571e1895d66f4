import { describe, expect, it } from 'vitest';
import type { RegisterRecord } from '@acervo/contracts';
import { defaultReasonId, typedDefaults } from './components/opportunity-dialog.tsx';
import { monthLabel } from './components/sales-chart.tsx';

const reasons: RegisterRecord[] = [
  { id: 5, nome: 'Edição esgotada', ativo: true },
  { id: 3, nome: 'Preço', ativo: true },
  { id: 1, nome: 'Sem estoque', ativo: true },
  { id: 2, nome: 'Título não cadastrado', ativo: true },
];

describe('opportunity dialog defaults', () => {
  it('turns a typed ISBN (10 or 13, hyphens allowed) into the EAN and any other text into the description', () => {
    expect(typedDefaults('85-359-0277-5')).toEqual({ ean: '9788535902778', descricao: '' });
    expect(typedDefaults(' 978-85-359-0277-8 ')).toEqual({ ean: '9788535902778', descricao: '' });
    // a wrong check digit is not an EAN: it stays as typed, as the description
    expect(typedDefaults('9788535902770')).toEqual({ ean: '', descricao: '9788535902770' });
    expect(typedDefaults('  o cortiço  ')).toEqual({ ean: '', descricao: 'o cortiço' });
    expect(typedDefaults('x'.repeat(400)).descricao).toHaveLength(300);
  });

  it('preselects "sem estoque" for a lost sale of a catalogue title and "título não cadastrado" for a typed one, whatever the accents', () => {
    expect(defaultReasonId(reasons, 'VENDA_PERDIDA', { kind: 'product', idProduto: 9, titulo: 'X' })).toBe('1');
    expect(defaultReasonId(reasons, 'VENDA_PERDIDA', { kind: 'typed', text: 'X' })).toBe('2');
    expect(defaultReasonId([{ id: 7, nome: 'TITULO NAO CADASTRADO', ativo: true }, ...reasons], 'VENDA_PERDIDA', { kind: 'typed', text: 'X' })).toBe('7');
    // a suggestion, or a register without those names: the first reason; none: empty
    expect(defaultReasonId(reasons, 'SUGESTAO_COMPRA', { kind: 'product', idProduto: 9, titulo: 'X' })).toBe('5');
    expect(defaultReasonId([{ id: 8, nome: 'Outro', ativo: true }], 'VENDA_PERDIDA', { kind: 'product', idProduto: 9, titulo: 'X' })).toBe('8');
    expect(defaultReasonId([], 'VENDA_PERDIDA', { kind: 'typed', text: 'X' })).toBe('');
  });
});

describe('sales chart', () => {
  it('labels a YYYY-MM month in the interface language, whatever the browser zone', () => {
    expect(monthLabel('2026-01', 'pt-BR')).toMatch(/^jan\.? (de )?26$/);
    expect(monthLabel('2025-12', 'en-US')).toBe('Dec 25');
  });
});

describe('search text', () => {
  it('turns control characters into spaces and cuts at the server limit, so hostile pastes never answer 400', async () => {
    const { searchText } = await import('./pages/terminal-page.tsx');
    expect(searchText('  dom\tcasmurro\r\n')).toBe('dom casmurro');
    expect(searchText('a\u0000b')).toBe('a b');
    expect(searchText('x'.repeat(1000))).toHaveLength(200);
    expect(searchText(`100% _raro_ "O'Neil"`)).toBe(`100% _raro_ "O'Neil"`);
  });
});
