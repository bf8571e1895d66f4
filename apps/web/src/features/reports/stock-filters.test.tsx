import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { StockFilters } from './stock-filters.tsx';

const options = { editoras: [{ id: 1, nome: 'Editora Um' }], assuntos: [], situacoes: [], tiposProduto: [] };

/** Pretends the screen is a phone (every `max-width` media query matches). */
function phone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }));
}

afterEach(() => vi.unstubAllGlobals());

describe('StockFilters on a phone', () => {
  it('shows barcode and description, folds the rest under "Mais filtros" counting the applied ones, and unfolds on demand', () => {
    phone();
    renderWithProviders(<StockFilters value={{ fisicoMenorQue: '5', idEditora: '1' }} options={options} onApply={() => undefined} onClear={() => undefined} />);
    expect(screen.getByLabelText('Código de barras')).toBeTruthy();
    expect(screen.queryByLabelText('Estoque físico menor que')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Mais filtros (2 aplicados)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect((screen.getByLabelText('Estoque físico menor que') as HTMLInputElement).value).toBe('5');
    expect(screen.getByRole('button', { name: 'Menos filtros' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows every filter at once on a wide screen', () => {
    renderWithProviders(<StockFilters value={{}} options={options} onApply={() => undefined} onClear={() => undefined} />);
    expect(screen.getByLabelText('Estoque físico menor que')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mais filtros/ })).toBeNull();
  });
});
