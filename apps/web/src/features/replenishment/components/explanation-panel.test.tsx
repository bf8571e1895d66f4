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
  parametros: { alpha: 0.1, pesos: [0.25, 0.75], motivo: 'demanda intermitente (ADI 1.50, CV² 0.06)' },
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
  passosEstruturados: [
    { chave: 'historico', valores: { meses: 3, inicio: '2026-08', fim: '2026-10', vendidas: 1234, media: 8 / 3, devolucoesDescontadas: true } },
    { chave: 'correcaoRuptura', valores: { vendasPerdidas: 1, mesesSemEstoque: 1, acrescimo: 4 } },
    { chave: 'metodo', valores: { metodo: 'TSB', automatico: true, motivo: 'TSB', classe: 'INTERMITENTE', adi: 1.5, cv2: 0.0625, mesesLimitados: 2, limitePico: 12 } },
    { chave: 'horizonte', valores: { meses: 2, prazoEntregaMeses: 1, periodosProjecao: 1, mediaMes: 3.2, mediaHorizonte: 6.4, nivelServico: 90, quantil: 10 } },
    { chave: 'nivel', valores: { quantil: 10, estoqueMinimoInformado: 4, estoqueMinimoProduto: null, nivel: 10 } },
    { chave: 'disponivel', valores: { fisico: 4, reservado: 1, bloqueado: 1, pedidoCompra: 0, disponivel: 2, coberto: 1 } },
    { chave: 'necessidade', valores: { nivel: 10, disponivel: 2, coberto: 1, necessidade: 7, arredondado: 10, multiplo: 5 } },
    { chave: 'sugestao', valores: { sugestao: 10 } },
  ],
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
    expect(steps).toEqual([
      'Histórico de 3 meses (ago. de 2026 a out. de 2026): 1.234 unidades vendidas, devoluções descontadas, média 2,67/mês.',
      'Correção de ruptura: 1 venda perdida registrada e 1 mês sem estoque elevam a demanda em 4 unidades.',
      'Método: TSB (escolhido automaticamente: demanda intermitente (ADI 1,5, CV² 0,06): TSB (probabilidade de venda atualizada todo mês, que cai quando o título para de vender, × mediana das vendas dos últimos 24 meses), com média 50 % TSB e 50 % média dos últimos 12 meses; 2 meses acima de 12 (2 × mediana dos meses com venda) limitados a 12).',
      'Horizonte de 2 meses (prazo de entrega 1 + projeção 1): média 3,2/mês × 2 meses = 6,4; com nível de serviço de 90 %, a demanda do horizonte é 10 (quantil 90 %).',
      'Nível de reposição = máx(10, estoque mínimo informado 4) = 10.',
      'Disponível = físico 4 − reservado 1 − bloqueado 1 + pedido de compra 0 = 2; 1 já coberta por reposição aprovada ainda não vista no estoque do ERP.',
      'Necessidade = 10 − 2 − 1 = 7, arredondado para 10 (múltiplo 5).',
      'Sugestão de compra: 10.',
    ]);
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

  it('writes the steps in English with English numbers, never the server\'s pt-BR sentences', () => {
    renderWithProviders(<ExplanationPanel explanation={explanation} />, { language: 'en-US' });
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      '3 months of history (Aug 2026 to Oct 2026): 1,234 units sold, returns netted, mean 2.67/month.',
      'Stockout correction: 1 registered lost sale and 1 month without stock raise the demand by 4 units.',
      'Method: TSB (chosen automatically: intermittent demand (ADI 1.5, CV² 0.06): TSB (the chance of a sale, updated every month, falling when the title stops selling, × the median sale of the last 24 months), averaged 50% TSB and 50% the mean of the last 12 months; 2 months above 12 (2 × the median month with sales) capped at 12).',
      'Horizon of 2 months (lead time 1 + projection 1): mean 3.2/month × 2 months = 6.4; at a 90% service level the horizon demand is 10 (90% quantile).',
      'Order-up-to level = max(10, minimum stock entered 4) = 10.',
      'Available = physical 4 − reserved 1 − blocked 1 + on order 0 = 2; 1 already covered by an approved replacement not yet in the ERP stock.',
      'Need = 10 − 2 − 1 = 7, rounded up to 10 (multiple of 5).',
      'Suggested order: 10.',
    ]);
    // the server's reason sentence (pt-BR) is not listed among the parameters
    expect(screen.queryByText(/motivo/)).toBeNull();
  });

  it('shows the server\'s sentences when the answer has no structured steps', () => {
    renderWithProviders(<ExplanationPanel explanation={{ ...explanation, passosEstruturados: [] }} />, { language: 'en-US' });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(explanation.passos);
  });
});
