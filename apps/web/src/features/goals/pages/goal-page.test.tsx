import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GoalSaveRequest, GoalYear } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../shared/toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));
// the chart needs a laid-out SVG, which jsdom has not; the grid and the saving are under test here
vi.mock('../components/goal-chart.tsx', () => ({ GoalChart: () => <div data-testid="goal-chart" /> }));

import { renderRoutes } from '../../../test/render.tsx';
import { GoalPage, yearFromSearch } from './goal-page.tsx';

const empresas = [
  { id: 1, nome: 'Distribuidora Acervo Ltda' },
  { id: 2, nome: 'Editora Acervo S.A.' },
];

/** Serves GET meta (the stored goals of each year) and PUT meta (applies the items); records each call. */
function serve(initial: GoalYear['itens']) {
  let stored = [...initial];
  const puts: GoalSaveRequest[] = [];
  const gets: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/auditoria')) return new Response(JSON.stringify({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false }));
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as GoalSaveRequest;
        puts.push(body);
        for (const item of body.itens) {
          stored = stored.filter((g) => !(g.idEmpresa === item.idEmpresa && g.ano === item.ano && g.mes === item.mes));
          if (item.valor !== null) stored.push({ ...item, valor: item.valor });
        }
        return new Response(JSON.stringify({ ano: body.ano, empresas, itens: stored.filter((g) => g.ano === body.ano) }));
      }
      gets.push(url.search);
      const ano = Number(url.searchParams.get('ano'));
      return new Response(JSON.stringify({ ano, empresas, itens: stored.filter((g) => g.ano === ano) }));
    }),
  );
  return { puts, gets };
}

function render(path = '/system/goal?ano=2026') {
  return renderRoutes([{ path: '/system/goal', element: <GoalPage /> }, { path: '/', element: <p>Início</p> }], path);
}

const cell = (mes: string, empresa: string) => screen.getByLabelText(`Meta de ${mes} de 2026 – ${empresa}`) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

describe('yearFromSearch', () => {
  it('takes a four-digit year within 2000-2100, the current year otherwise', () => {
    expect(yearFromSearch('2027', 2026)).toBe(2027);
    for (const value of [null, '', 'abc', '1999', '2101', '20266', '2026.5']) expect(yearFromSearch(value, 2026)).toBe(2026);
  });
});

describe('GoalPage', () => {
  it('shows the saved goals as R$ with row, month and year totals', async () => {
    const { gets } = serve([
      { idEmpresa: 1, ano: 2026, mes: 1, valor: 123456 },
      { idEmpresa: 2, ano: 2026, mes: 1, valor: 100 },
      { idEmpresa: 2, ano: 2026, mes: 12, valor: 5 },
    ]);
    render();
    await waitFor(() => expect(cell('Janeiro', 'Distribuidora Acervo Ltda').value).toBe('R$ 1.234,56'));
    expect(gets[0]).toBe('?ano=2026');
    expect(cell('Fevereiro', 'Distribuidora Acervo Ltda').value).toBe('');
    expect(screen.getByTestId('goal-total-1').textContent).toBe('R$ 1.234,56');
    expect(screen.getByTestId('goal-total-2').textContent).toBe('R$ 1,05');
    expect(screen.getByTestId('goal-grand-total').textContent).toBe('R$ 1.235,61');
    expect(screen.getByTestId('goal-unsaved').textContent).toBe('Tudo salvo');
  });

  it('saves only the changed cells in cents, shows the SPEC toast and the saved values, and clears the indicator', async () => {
    const { puts } = serve([{ idEmpresa: 1, ano: 2026, mes: 1, valor: 100 }]);
    render();
    await waitFor(() => expect(cell('Janeiro', 'Distribuidora Acervo Ltda').value).toBe('R$ 1,00'));
    fireEvent.change(cell('Março', 'Editora Acervo S.A.'), { target: { value: '1.500,5' } });
    fireEvent.blur(cell('Março', 'Editora Acervo S.A.'));
    expect(cell('Março', 'Editora Acervo S.A.').value).toBe('R$ 1.500,50');
    fireEvent.change(cell('Janeiro', 'Distribuidora Acervo Ltda'), { target: { value: '' } });
    expect(screen.getByTestId('goal-unsaved').textContent).toBe('2 alterações não salvas');
    expect(screen.getByTestId('goal-total-2').textContent).toBe('R$ 1.500,50');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Metas salvas com sucesso!'));
    expect(puts).toEqual([
      {
        ano: 2026,
        itens: [
          { idEmpresa: 1, ano: 2026, mes: 1, valor: null },
          { idEmpresa: 2, ano: 2026, mes: 3, valor: 150050 },
        ],
      },
    ]);
    expect(cell('Março', 'Editora Acervo S.A.').value).toBe('R$ 1.500,50');
    expect(cell('Janeiro', 'Distribuidora Acervo Ltda').value).toBe('');
    expect(screen.getByTestId('goal-unsaved').textContent).toBe('Tudo salvo');
  });

  it('does not save while a cell holds text that is not money: marks it, says why and focuses it', async () => {
    const { puts } = serve([]);
    render();
    await waitFor(() => expect(cell('Abril', 'Editora Acervo S.A.')).toBeTruthy());
    fireEvent.change(cell('Abril', 'Editora Acervo S.A.'), { target: { value: '12,345' } });
    fireEvent.change(cell('Maio', 'Editora Acervo S.A.'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(toastMock.error).toHaveBeenCalledWith('Corrija os valores destacados antes de salvar.');
    expect(puts).toHaveLength(0);
    const wrong = cell('Abril', 'Editora Acervo S.A.');
    expect(wrong.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(wrong.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Valor inválido: use o formato R$ 1.234,56');
    expect(document.activeElement).toBe(wrong);
  });

  it('puts a server field error back on its cell', async () => {
    serve([]);
    render();
    await waitFor(() => expect(cell('Maio', 'Editora Acervo S.A.')).toBeTruthy());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Empresa não permitida', messages: [{ field: 'itens.0.idEmpresa', message: 'Empresa não permitida' }] }), { status: 400 })),
    );
    fireEvent.change(cell('Maio', 'Editora Acervo S.A.'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(cell('Maio', 'Editora Acervo S.A.').getAttribute('aria-invalid')).toBe('true'));
    expect(toastMock.error).toHaveBeenCalledWith('Editora Acervo S.A. – Maio: Empresa não permitida', 400);
    expect(toastMock.success).not.toHaveBeenCalled();
  });

  it('moves by keyboard: Enter goes to the next company in the month, then to the next month; Shift+Enter back; Esc undoes', async () => {
    serve([{ idEmpresa: 1, ano: 2026, mes: 6, valor: 600 }]);
    render();
    await waitFor(() => expect(cell('Junho', 'Distribuidora Acervo Ltda').value).toBe('R$ 6,00'));
    const first = cell('Junho', 'Distribuidora Acervo Ltda');
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('Junho', 'Editora Acervo S.A.'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('Julho', 'Distribuidora Acervo Ltda'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter', shiftKey: true });
    expect(document.activeElement).toBe(cell('Junho', 'Editora Acervo S.A.'));
    fireEvent.change(first, { target: { value: '7' } });
    expect(screen.getByTestId('goal-unsaved').textContent).toBe('1 alteração não salva');
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(first.value).toBe('R$ 6,00');
    expect(screen.getByTestId('goal-unsaved').textContent).toBe('Tudo salvo');
  });

  it('changes year through the address, and asks before dropping unsaved changes', async () => {
    const { gets } = serve([{ idEmpresa: 1, ano: 2027, mes: 2, valor: 200 }]);
    const { router } = render();
    await waitFor(() => expect(cell('Fevereiro', 'Distribuidora Acervo Ltda')).toBeTruthy());
    fireEvent.change(cell('Fevereiro', 'Distribuidora Acervo Ltda'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo ano' }));
    await screen.findByText('Descartar alterações?');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByText('Descartar alterações?')).toBeNull());
    expect(router.state.location.search).toBe('?ano=2026');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo ano' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ano=2027'));
    await waitFor(() => expect((screen.getByLabelText('Meta de Fevereiro de 2027 – Distribuidora Acervo Ltda') as HTMLInputElement).value).toBe('R$ 2,00'));
    expect(gets).toEqual(['?ano=2026', '?ano=2027']);
  });

  it('on a phone shows one card per company, months by name, and Enter walks the months then the next company', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }));
    serve([{ idEmpresa: 2, ano: 2026, mes: 1, valor: 990 }]);
    render();
    await waitFor(() => expect(screen.getByTestId('goal-cards')).toBeTruthy());
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Editora Acervo S.A.' })).toBeTruthy();
    expect(screen.getByTestId('goal-total-2').textContent).toBe('R$ 9,90');
    const december = cell('Dezembro', 'Distribuidora Acervo Ltda');
    december.focus();
    fireEvent.keyDown(december, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('Janeiro', 'Editora Acervo S.A.'));
    expect(cell('Janeiro', 'Editora Acervo S.A.').value).toBe('R$ 9,90');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(december);
  });
});
