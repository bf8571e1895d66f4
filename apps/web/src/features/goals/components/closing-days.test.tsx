import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClosingDaysSave } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../shared/toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));

import { renderWithProviders } from '../../../test/render.tsx';
import { ClosingDays } from './closing-days.tsx';

/** Serves GET/PUT dashboard/dias-fechamento over an in-memory year, and an empty audit trail; records the PUT bodies. */
function serve(dias: ClosingDaysSave['dias']) {
  let stored = [...dias];
  const puts: ClosingDaysSave[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/auditoria')) return new Response(JSON.stringify({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false }));
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as ClosingDaysSave;
        puts.push(body);
        stored = body.dias;
      }
      return new Response(JSON.stringify({ ano: 2027, dias: stored }));
    }),
  );
  return puts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

describe('ClosingDays', () => {
  it('lists the year, refuses to add a day without a date, removes one and saves the whole list once', async () => {
    const puts = serve([
      { data: '2027-02-08', descricao: 'Carnaval (segunda-feira)', periodo: 'INTEGRAL' },
      { data: '2027-02-10', descricao: 'Quarta-feira de Cinzas (manhã)', periodo: 'MANHA' },
    ]);
    renderWithProviders(<ClosingDays idEmpresa={1} empresa="Distribuidora Acervo Ltda" ano={2027} />);
    const list = await screen.findByRole('list', { name: 'Dias sem expediente em 2027' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Manhã')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar dias' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remover o dia 10/02/2027' }));
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Balanço' } });
    // no date yet: says why instead of adding
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.getByRole('alert').textContent).toBe('Escolha uma data de 2027.');
    expect(puts).toHaveLength(0);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Dias sem expediente salvos com sucesso!'));
    expect(puts).toEqual([{ ano: 2027, dias: [{ data: '2027-02-08', descricao: 'Carnaval (segunda-feira)', periodo: 'INTEGRAL' }] }]);
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('says when the year has no extra closing day, in English too', async () => {
    serve([]);
    renderWithProviders(<ClosingDays idEmpresa={1} ano={2027} />, { language: 'en-US' });
    expect(await screen.findByText('No extra closing day this year.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Closing days in 2027' })).toBeTruthy();
  });
});
