import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ExportItem } from '@acervo/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DownloadsDrawer } from './downloads-drawer.tsx';

const base: Omit<ExportItem, 'id' | 'status'> = {
  nomExportacao: 'relatorio/estoque',
  usuario: 'Administrador',
  data: '2026-03-01T02:30:00Z',
  dtaAlteracao: '2026-03-01T02:31:00Z',
  indVisualizado: false,
  formato: 'CSV',
  linhas: 0,
  motivo: null,
  nomeArquivo: null,
  tamanhoBytes: null,
  arquivoDisponivel: false,
};
const items: ExportItem[] = [
  { ...base, id: 4, status: 'PROCESSANDO', linhas: 1500 },
  { ...base, id: 3, status: 'SUCESSO', nomeArquivo: 'relatorio_estoque_20260228-233000.csv', arquivoDisponivel: true },
  { ...base, id: 2, status: 'SUCESSO', indVisualizado: true, nomeArquivo: 'velho.csv', arquivoDisponivel: false },
  { ...base, id: 1, status: 'ERRO', nomExportacao: 'relatorio/outro', motivo: 'Falha ao gerar o arquivo: x' },
];

afterEach(() => vi.unstubAllGlobals());

describe('DownloadsDrawer', () => {
  it('lists origin, user, dates, status and the action as SPEC 2: download only on SUCESSO with a file, the unread dot, progress', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (String(url).includes('notificacaoDownloads')) return new Response('1');
      return new Response(JSON.stringify({ itens: items, page: 0, size: 10, totalPage: 1, totalItens: 4, proxima: false }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DownloadsDrawer open onClose={() => undefined} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Origem', 'Usuário', 'Data de inclusão', 'Data de alteração', 'Status', 'Ação']);
    const rows = await screen.findAllByTestId('export-item');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('Processando')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('export-progress').textContent).toContain('1500');
    expect(within(rows[1]!).getByText('Relatório de estoque')).toBeTruthy();
    expect(within(rows[1]!).getByText('28/02/2026 23:30')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Baixar relatorio_estoque_20260228-233000.csv' })).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('unread-dot')).toBeTruthy();
    expect(within(rows[2]!).queryByTestId('unread-dot')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByText('Arquivo expirado')).toBeTruthy();
    expect(within(rows[3]!).getByText('relatorio/outro')).toBeTruthy();
    expect(within(rows[3]!).getByText('Falha ao gerar o arquivo: x')).toBeTruthy();
    expect(within(rows[3]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/core-api/fila-exportacao');
  });
});
