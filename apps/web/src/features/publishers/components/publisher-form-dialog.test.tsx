import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Publisher } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../shared/toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));

import { renderWithProviders } from '../../../test/render.tsx';
import { PublisherFormDialog } from './publisher-form-dialog.tsx';

const EXISTING: Publisher = {
  id: 5,
  nome: 'Editora Ipê',
  cnpj: '11444777000161',
  indMetabooks: false,
  indBookinfo: true,
  ativo: true,
  idErp: null,
  selos: [
    { id: 8, nome: 'Ipê Kids', ativo: true },
    { id: 9, nome: 'Ipê Velho', ativo: false },
  ],
  quantidadeProdutos: 3,
};

/** Fake API: records PUT/POST bodies; answers 409 on `cnpj` when `conflict`. */
function serve(conflict = false) {
  const bodies: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/auditoria')) return json({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false });
      const body = JSON.parse(String(init?.body));
      bodies.push({ method: init?.method ?? 'GET', path: url.pathname.replace('/api/core-api/', ''), body });
      if (conflict) return json({ message: 'Já existe uma editora com este CNPJ.', messages: [{ field: 'cnpj', message: 'Já existe uma editora com este CNPJ.' }] }, 409);
      return json({ ...EXISTING, ...body, selos: [] });
    }),
  );
  return bodies;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

describe('PublisherFormDialog', { timeout: 30_000 }, () => {
  it('edits a publisher: masked CNPJ shown, imprints editable as a list (remove, add), the whole list sent with ids', async () => {
    const bodies = serve();
    renderWithProviders(<PublisherFormDialog open publisher={EXISTING} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar editora' }, { timeout: 8000 });
    expect((within(dialog).getByRole('textbox', { name: 'CNPJ' }) as HTMLInputElement).value).toBe('11.444.777/0001-61');
    expect((within(dialog).getByRole('textbox', { name: 'Selo 2' }) as HTMLInputElement).value).toBe('Ipê Velho');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover selo 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar selo' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Selo 2' }), { target: { value: 'Ipê Novo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Editora salva com sucesso!'));
    expect(bodies[0]).toMatchObject({
      method: 'PUT',
      path: 'editora/5',
      body: { nome: 'Editora Ipê', cnpj: '11444777000161', indMetabooks: false, indBookinfo: true, ativo: true, selos: [{ id: 8, nome: 'Ipê Kids', ativo: true }, { nome: 'Ipê Novo', ativo: true }] },
    });
  });

  it('masks the CNPJ as typed, refuses a wrong check digit before calling, and shows a 409 under CNPJ', async () => {
    const bodies = serve(true);
    renderWithProviders(<PublisherFormDialog open publisher={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova editora' }, { timeout: 8000 });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Nova Casa' } });
    const cnpj = within(dialog).getByRole('textbox', { name: 'CNPJ' }) as HTMLInputElement;
    fireEvent.change(cnpj, { target: { value: '11444777000162' } });
    expect(cnpj.value).toBe('11.444.777/0001-62');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('CNPJ inválido')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.change(cnpj, { target: { value: '11444777000161' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Já existe uma editora com este CNPJ.')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ method: 'POST', path: 'editora', body: { nome: 'Nova Casa', cnpj: '11444777000161', selos: [] } });
  });
});
