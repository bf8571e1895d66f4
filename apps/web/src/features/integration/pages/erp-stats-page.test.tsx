import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { IntegrationStats } from '@acervo/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { Language } from '../../../shared/i18n-types.ts';
import { ErpStatsPage } from './erp-stats-page.tsx';

const stats: IntegrationStats = {
  tipoIntegracao: 'SIMULADOR',
  porcentagem: 87.5,
  entidades: [
    { entidade: 'PRODUTO', descricao: 'Produtos', ultimaSincronizacao: '2026-11-26T14:05:00.000Z', periodoMinutos: 60, defasagemMinutos: 17, registros: 6000, erros: 0, emDia: true, ultimaTentativa: null, ultimoErro: null },
    { entidade: 'ESTOQUE', descricao: 'Estoque', ultimaSincronizacao: null, periodoMinutos: null, defasagemMinutos: null, registros: 0, erros: 2, emDia: false, ultimaTentativa: null, ultimoErro: null },
  ],
  dias: [],
  diario: [],
};

function renderPage(language: Language) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(stats), { status: 200 })));
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
  renderWithProviders(<ErpStatsPage />, { language });
}

afterEach(() => vi.unstubAllGlobals());

/** Issue 15: the statistics body stayed Portuguese in English, and the time followed the browser's zone. */
describe('ERP statistics page', () => {
  it('pt-BR: Em dia, há 17 min, São Paulo time', async () => {
    renderPage('pt-BR');
    expect(await screen.findByText('Em dia: 87,50%')).toBeTruthy();
    expect(screen.getByText('Produtos')).toBeTruthy();
    expect(screen.getByText('há 17 min · período 1 h')).toBeTruthy();
    expect(screen.getByText('26/11/2026 11:05')).toBeTruthy();
    expect(screen.getByText('Nunca sincronizada')).toBeTruthy();
  });

  it('en-US: every text of the body in English', async () => {
    renderPage('en-US');
    expect(await screen.findByText('In time: 87.50%')).toBeTruthy();
    expect(screen.getByText('Products')).toBeTruthy();
    expect(screen.getByText('Stock')).toBeTruthy();
    expect(screen.getByText('17 min ago · period 1 h')).toBeTruthy();
    expect(screen.getByText('Never synced')).toBeTruthy();
    expect(screen.getByText('no scheduled task')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Last sync' })).toBeTruthy();
    expect(screen.getByText('6,000')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Em dia|há |Registros|Nunca/);
  });
});
