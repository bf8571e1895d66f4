import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReplenishmentExplanation } from '@acervo/contracts';

// the chart needs a laid-out SVG, which jsdom has not: its summary (what a screen reader hears) is under test
vi.mock('./explanation-chart.tsx', () => ({ ExplanationChart: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} /> }));

import { renderWithProviders } from '../../../test/render.tsx';
import { ExplanationPanel } from './explanation-panel.tsx';

const quantis = (base: number) => [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => base + i);
const explanation: ReplenishmentExplanation = {
  idProduto: 11,
  titulo: 'Dom Casmurro',
  historico: [
    { mes: '2026-08', quantidade: 3, corrigido: 3, semEstoque: false, vendasPerdidas: 0 },
    { mes: '2026-09', quantidade: 0, corrigido: 4, semEstoque: true, vendasPerdidas: 1 },
    { mes: '2026-10', quantidade: 5, corrigido: 5, semEstoque: false, vendasPerdidas: 0 },
  ],
  metodo: 'TSB',
  metodoPedido: 'AUTOMATICO',
  classe: 'INTERMITENTE',
  parametros: { alpha: 0.1, pesos: [0.25, 0.75] },
  previsao: [
    { mes: '2026-11', media: 3.2, quantis: quantis(1) },
    { mes: '2026-12', media: 3.2, quantis: quantis(1) },
  ],
  horizonte: { meses: 2, prazoEntregaMeses: 1, periodosProjecao: 1, media: 6.4, quantis: quantis(2) },
  nivelServico: 90,
  quantilNivel: 10,
  correcaoRuptura: { mesesSemEstoque: 1, vendasPerdidas: 1, acrescimo: 4 },
  estoque: { fisico: 4, reservado: 1, bloqueado: 1, pedidoCompra: 0, disponivel: 2, rede: 7, cobertoPorReposicaoAprovada: 0 },
  estoqueMinimo: null,
  estoqueMaximo: 30,
  nivelReposicao: 10,
  necessidade: 8,
  multiplo: 5,
  quantidadeSugerida: 10,
  passos: ['Média 3,2/mês × 2 meses = 6,4', 'Necessidade 10 − 2 = 8, arredondado para 10 (múltiplo 5)'],
};

/** The value shown beside a label of the panel's numbers. */
function valueOf(label: string): string {
  const dt = screen.getAllByText(label, { selector: 'dt' })[0];
  return dt.nextElementSibling?.textContent ?? '';
}

describe('ExplanationPanel', () => {
  it('lists the arithmetic in words and every number behind the suggestion', () => {
    renderWithProviders(<ExplanationPanel explanation={explanation} />);
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(explanation.passos);
    expect(valueOf('Método')).toBe('TSB');
    expect(valueOf('Método pedido')).toBe('Automático');
    expect(valueOf('Parâmetros: pesos')).toBe('0,25 · 0,75');
    expect(valueOf('Horizonte (prazo + projeção)')).toBe('2 meses (1 + 1)');
    expect(valueOf('Demanda média no horizonte')).toBe('6,4 (q10 2 · q90 10)');
    expect(valueOf('Demanda no nível de serviço')).toBe('10');
    expect(valueOf('Acréscimo por ruptura')).toBe('4');
    expect(valueOf('= Disponível')).toBe('2');
    expect(valueOf('Estoque mínimo')).toBe('—');
    expect(valueOf('Estoque máximo')).toBe('30');
    expect(valueOf('Nível de reposição')).toBe('10');
    expect(valueOf('Necessidade (nível − disponível)')).toBe('8');
    expect(valueOf('Múltiplo')).toBe('5');
    expect(valueOf('Sugestão')).toBe('10');
  });

  it('describes the chart with the history and the forecast band, in the interface language', async () => {
    renderWithProviders(<ExplanationPanel explanation={explanation} />, { language: 'en-US' });
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Monthly demand and forecast. 3-month history (total 8); mean forecast 3.2 a month, between 1 and 9');
    expect(within(screen.getByTestId('replenishment-explanation')).getByText('Step by step')).toBeTruthy();
    expect(valueOf('Method asked')).toBe('Automatic');
  });
});
