import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Company } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../shared/toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));

import { renderWithProviders } from '../../../test/render.tsx';
import { pasteText } from '../../../test/paste.ts';
import { CompanyFormDialog } from './company-form-dialog.tsx';

const EXISTING: Company = { id: 3, nome: 'Livraria Sem ERP', description: null, cnpj: '11444777000161', codigoErp: 'DEMO01', ativo: true, acessoApi: false };

/** Fake API: answers a save with the company and, when given, the server's `aviso`. */
function serve(aviso?: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/auditoria')) return json({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false });
      const body = JSON.parse(String(init?.body));
      return json({ ...EXISTING, ...body, description: null, ...(aviso ? { aviso } : {}) });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

describe('CompanyFormDialog (issue 15, defect 6)', { timeout: 30_000 }, () => {
  it('a save whose ERP code the ERP does not know shows the success toast and a warning toast naming the code', async () => {
    serve({ tipo: 'CODIGO_ERP_DESCONHECIDO', codigoErp: 'NAOEXISTE', mensagem: 'Empresa salva, mas o ERP não conhece o código "NAOEXISTE": ela não será sincronizada até o código existir no ERP.' });
    const saved = vi.fn();
    renderWithProviders(<CompanyFormDialog open company={EXISTING} onClose={() => undefined} onSaved={saved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar empresa' }, { timeout: 8000 });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Código ERP' }), { target: { value: 'NAOEXISTE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Empresa salva com sucesso!'));
    expect(toastMock.warning).toHaveBeenCalledWith('Empresa salva, mas o ERP não conhece o código "NAOEXISTE": ela não será sincronizada até o código existir no ERP.');
    expect(toastMock.error).not.toHaveBeenCalled();
    expect(saved).toHaveBeenCalledWith({ ...EXISTING, codigoErp: 'NAOEXISTE' });
  });

  it('a save the ERP knows shows no warning', async () => {
    serve();
    renderWithProviders(<CompanyFormDialog open company={EXISTING} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar empresa' }, { timeout: 8000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Empresa salva com sucesso!'));
    expect(toastMock.warning).not.toHaveBeenCalled();
  });
});

describe('CompanyFormDialog (issue 15, defect 10)', { timeout: 30_000 }, () => {
  it('keeps a 300-character name whole and says the length limit under it instead of cutting it to 150', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CompanyFormDialog open company={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova empresa' }, { timeout: 8000 });
    const name = within(dialog).getByRole('textbox', { name: /Nome/ });
    const long = 'Editora '.repeat(40).slice(0, 300);
    expect(pasteText(name, long)).toHaveLength(300);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(dialog).getByText('Deve ter no máximo 150 caracteres')).toBeTruthy());
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
