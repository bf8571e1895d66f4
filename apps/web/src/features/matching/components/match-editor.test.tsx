import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MatchItem, MatchSaveRequest } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../shared/toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));

import { renderWithProviders } from '../../../test/render.tsx';
import { MATCH_SCREENS } from '../matching-kinds.ts';
import { MatchEditor } from './match-editor.tsx';

const unmatched: MatchItem = {
  codigoErp: 'S1',
  descricaoErp: 'Selo Aurora',
  detalheErp: 'Editora Horizonte',
  registros: 2,
  correspondido: false,
  codigoAcervo: null,
  descricaoAcervo: null,
  sugestao: { codigo: '7', descricao: 'Editora Horizonte' },
  indMetabooks: false,
  indBookinfo: false,
  dataAlteracao: null,
};

/** Answers PUT correspondencia-editora (records the bodies) and the options call. */
function serve() {
  const puts: MatchSaveRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as MatchSaveRequest;
        puts.push(body);
        return new Response(JSON.stringify({ item: { ...unmatched, correspondido: true, codigoAcervo: body.codigoAcervo, descricaoAcervo: 'Editora Horizonte' }, produtosAtualizados: 2 }));
      }
      return new Response(JSON.stringify([{ codigo: '7', descricao: 'Editora Horizonte' }]));
    }),
  );
  return puts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

describe('MatchEditor', () => {
  it('starts from the proposal, saves the row alone without flags the user did not touch, and shows the SPEC 8 toast with the count', async () => {
    const puts = serve();
    renderWithProviders(<MatchEditor screen={MATCH_SCREENS.EDITORA} row={unmatched} />);
    expect((screen.getByRole('combobox', { name: 'Editora no Acervo para o código S1' }) as HTMLInputElement).value).toBe('Editora Horizonte');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar a correspondência do código S1' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Correspondência de editora atualizada com sucesso! 2 produtos atualizados.'));
    expect(puts).toEqual([{ codigoErp: 'S1', codigoAcervo: '7' }]);
  });

  it('sends the Metabooks and Bookinfo flags once the user sets them', async () => {
    const puts = serve();
    renderWithProviders(<MatchEditor screen={MATCH_SCREENS.EDITORA} row={unmatched} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bookinfo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar a correspondência do código S1' }));
    await waitFor(() => expect(puts).toEqual([{ codigoErp: 'S1', codigoAcervo: '7', indMetabooks: false, indBookinfo: true }]));
  });

  it('cannot save a row without a chosen code', () => {
    serve();
    renderWithProviders(<MatchEditor screen={MATCH_SCREENS.SITUACAO} row={{ ...unmatched, codigoErp: '99', sugestao: null }} />);
    expect((screen.getByRole('button', { name: 'Salvar a correspondência do código 99' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
