import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard, SessionUser } from '@acervo/contracts';

// the chart needs a laid-out SVG, which jsdom has not; the cards are under test here
vi.mock('../components/trend-chart.tsx', () => ({ TrendChart: () => <div data-testid="trend-chart" /> }));

import { renderRoutes } from '../../../test/render.tsx';
import { HomePage } from './home-page.tsx';

const user: SessionUser = { id: 1, idEmpresa: 1, nome: 'Administrador', nomPerfil: 'Administrador', login: 'admin', roles: ['ROLE_VISUALIZAR_RELATORIO_FATURAMENTO'], token: 't', indNewPassword: false };

const period = (valor: number, before: number, percentual: number | null) => ({
  dataInicio: '2026-11-01',
  dataFim: '2026-11-19',
  valorCentavos: valor,
  quantidade: 1234,
  notas: 56,
  ticketMedioCentavos: 22_045,
  comparacao: { dataInicio: '2026-10-01', dataFim: '2026-10-19', valorCentavos: before, percentual },
});

function answer(comparacao: Dashboard['comparacao']): Dashboard {
  return {
    idEmpresa: 1,
    data: '2026-11-19',
    comparacao,
    dia: { ...period(250_000, 200_000, 25), dataInicio: '2026-11-19', dataFim: '2026-11-19' },
    mes: period(12_345_678, 13_000_000, -5.03),
    meta: { valorCentavos: 20_000_000, realizadoCentavos: 12_345_678, percentual: 61.73, projecaoCentavos: 18_044_452, diasUteis: 19, diasUteisDecorridos: 13, diasUteisRestantes: 6 },
    porEmpresa: [],
    tendencia: [{ mes: '2026-11', valorCentavos: 12_345_678, valorAnoAnteriorCentavos: 1 }],
    maisVendidos: [{ chave: '9788500000001', titulo: 'O sapo que queria ser grande', quantidade: 190, valorCentavos: 570_000, estoque: 40, disponivel: 35 }],
  };
}

/** Serves GET dashboard and the user's companies; records the dashboard queries. */
function serve() {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/dashboard')) {
        queries.push(url.searchParams);
        return new Response(JSON.stringify(answer((url.searchParams.get('comparacao') ?? 'SEMANA_ANTERIOR') as Dashboard['comparacao'])));
      }
      return new Response(JSON.stringify([{ id: 1, nome: 'Distribuidora Acervo Ltda' }]));
    }),
  );
  return queries;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as { __acervoEarly?: unknown }).__acervoEarly;
  localStorage.clear();
});

/** What index.html's script leaves after sending the dashboard request early (build/signed-in-preload.ts). */
function earlyAnswer(answer: unknown, at = Date.now()): void {
  (window as unknown as { __acervoEarly: unknown }).__acervoEarly = { dashboard: { at, answer: Promise.resolve(answer) } };
}

describe('HomePage', () => {
  it('shows the dashboard cards in BRL with coloured changes, and fetches again with another comparison', async () => {
    const queries = serve();
    renderRoutes([{ path: '/', element: <HomePage /> }], '/', { user });
    const month = await screen.findByTestId('dashboard-month');
    expect(within(month).getByTestId('dashboard-month-valor').textContent?.replace(/\s/g, ' ')).toBe('R$ 123.456,78');
    expect(within(month).getByTestId('change').dataset.trend).toBe('down');
    expect(within(month).getByTestId('change').textContent).toBe('-5,0%');
    expect(within(screen.getByTestId('dashboard-day')).getByTestId('change').dataset.trend).toBe('up');
    expect(screen.getByTestId('dashboard-goal-percent').textContent).toBe('61,7%');
    expect(screen.getByText('13 de 19 (faltam 6)')).toBeTruthy();
    expect(screen.getByText('O sapo que queria ser grande')).toBeTruthy();
    expect(queries[0].get('idEmpresa')).toBe('1');
    expect(queries[0].get('comparacao')).toBe('SEMANA_ANTERIOR');

    fireEvent.mouseDown(screen.getByTestId('dashboard-comparison'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ano anterior' }));
    await waitFor(() => expect(queries.some((q) => q.get('comparacao') === 'ANO_ANTERIOR')).toBe(true));
  });

  it("shows the early answer of index.html's script without asking again, and allows the early request after an answer", async () => {
    const queries = serve();
    earlyAnswer({ ...answer('SEMANA_ANTERIOR'), mes: period(99_900, 1, null) });
    renderRoutes([{ path: '/', element: <HomePage /> }], '/', { user });
    const month = await screen.findByTestId('dashboard-month');
    expect(within(month).getByTestId('dashboard-month-valor').textContent?.replace(/\s/g, ' ')).toBe('R$ 999,00');
    expect(queries).toHaveLength(0);

    fireEvent.mouseDown(screen.getByTestId('dashboard-comparison'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ano anterior' }));
    await waitFor(() => expect(queries.map((q) => q.get('comparacao'))).toEqual(['ANO_ANTERIOR']));
    await waitFor(() => expect(localStorage.getItem('acervo:early:dashboard')).toBe('1'));
  });

  it("asks normally when the early answer is another company's (another tab switched), refused (null) or stale", async () => {
    for (const early of [() => earlyAnswer({ ...answer('SEMANA_ANTERIOR'), idEmpresa: 2 }), () => earlyAnswer(null), () => earlyAnswer(answer('SEMANA_ANTERIOR'), Date.now() - 60_000)]) {
      const queries = serve();
      early();
      const view = renderRoutes([{ path: '/', element: <HomePage /> }], '/', { user });
      const month = await screen.findByTestId('dashboard-month');
      expect(within(month).getByTestId('dashboard-month-valor').textContent?.replace(/\s/g, ' ')).toBe('R$ 123.456,78');
      expect(queries).toHaveLength(1);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('keeps the welcome card and never asks for the dashboard without the billing report role', async () => {
    const queries = serve();
    renderRoutes([{ path: '/', element: <HomePage /> }], '/', { user: { ...user, roles: ['ROLE_VISUALIZAR_TERMINAL'] } });
    expect(await screen.findByRole('heading', { name: 'Bem-vindo(a), Administrador!' })).toBeTruthy();
    expect(await screen.findByText('Use o menu lateral para acessar as telas disponíveis para o seu perfil.')).toBeTruthy();
    expect(screen.queryByTestId('dashboard')).toBeNull();
    expect(queries).toHaveLength(0);
  });
});
