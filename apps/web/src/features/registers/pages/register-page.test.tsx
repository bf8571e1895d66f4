import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REGISTERS, REGISTER_KEYS, type RegisterRecord } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../shared/toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));

import { renderRoutes } from '../../../test/render.tsx';
import { createI18n } from '../../../app/i18n.ts';
import { ROUTE_MODULES } from '../../../app/route-modules.ts';
import { registerPageComponent } from './register-page.tsx';

type Call = { method: string; path: string; search: string; body: unknown };

/** A fake register API over `rows`: GET paged, POST, PUT, PUT inativa, DELETE (409 for ids in `inUse`). */
function serve(apiPath: string, rows: RegisterRecord[], inUse: number[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace('/api/core-api/', '');
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, search: url.search, body });
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (path === 'auditoria') return json({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false });
      const toggle = path.match(new RegExp(`^${apiPath}/inativa/(\\d+)$`));
      if (toggle) {
        const row = rows.find((r) => r.id === Number(toggle[1]))!;
        row.ativo = !row.ativo;
        return json({ id: row.id, ativo: row.ativo });
      }
      const one = path.match(new RegExp(`^${apiPath}/(\\d+)$`));
      if (one && method === 'DELETE') {
        if (inUse.includes(Number(one[1]))) return json({ message: 'O registro não pode ser excluído porque está em uso por produtos.', messages: [] }, 409);
        rows.splice(rows.findIndex((r) => r.id === Number(one[1])), 1);
        return json({ message: 'Registro excluído com sucesso!' });
      }
      if (one && method === 'PUT') {
        const row = rows.find((r) => r.id === Number(one[1]))!;
        Object.assign(row, body);
        return json(row);
      }
      if (method === 'POST') {
        const row = { id: 100 + rows.length, ativo: true, ...body };
        rows.push(row);
        return json(row);
      }
      const term = url.searchParams.get('term')?.toLowerCase();
      const itens = rows.filter((r) => !term || r.nome.toLowerCase().includes(term));
      return json({ itens, page: 0, size: 10, totalPage: 1, totalItens: itens.length, proxima: false });
    }),
  );
  return calls;
}

function render(key: 'ageRange' | 'bindings', path: string) {
  const Page = registerPageComponent(key);
  return renderRoutes([{ path: path.split('?')[0], element: <Page /> }], path);
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

describe('the register definitions on the web', () => {
  it('gives every register a route module, a title and the four SPEC 8 success messages in both languages', () => {
    for (const lng of ['pt-BR', 'en-US'] as const) {
      const i18n = createI18n(lng);
      for (const key of REGISTER_KEYS) {
        const { routeId } = REGISTERS[key];
        expect(ROUTE_MODULES[routeId], routeId).toBeTypeOf('function');
        for (const text of ['title', 'saved', 'deleted', 'activated', 'deactivated', 'newTitle', 'editTitle', 'deleteTitle', 'editLabel']) {
          const k = `registers.${routeId}.${text}`;
          expect(i18n.exists(k), `${lng} ${k}`).toBe(true);
        }
      }
    }
    const pt = createI18n('pt-BR');
    expect(pt.t('registers.ageRange.saved')).toBe('Faixa etária salva com sucesso!');
    expect(pt.t('registers.targetAudience.deleted')).toBe('Público-alvo excluído com sucesso!');
    expect(pt.t('registers.contributions.newTitle')).toBe('Novo tipo de contribuição');
  });

  it('builds one page component per register, the same one each time', () => {
    expect(registerPageComponent('ageRange')).toBe(registerPageComponent('ageRange'));
    expect(registerPageComponent('ageRange')).not.toBe(registerPageComponent('productLine'));
  });
});

describe('RegisterPage', { timeout: 30_000 }, () => {
  it('lists a register without code (no Código column), searches through the URL, and creates a record in the modal', async () => {
    const calls = serve('faixa-etaria', [{ id: 1, nome: 'Infantil', ativo: true }]);
    render('ageRange', '/product/faixa-etaria');
    expect(await screen.findByText('Infantil', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Faixas etárias' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Código' })).toBeNull();
    expect(calls.find((c) => c.path === 'faixa-etaria')?.search).toContain('sorter=nome%2Casc');

    fireEvent.click(screen.getByRole('button', { name: 'Nova faixa etária' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova faixa etária' });
    expect(within(dialog).queryByLabelText(/Código/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Campo obrigatório')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Nome/), { target: { value: '  Jovem adulto ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Faixa etária salva com sucesso!'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: 'faixa-etaria', body: { nome: 'Jovem adulto', ativo: true } });
    expect(await screen.findByText('Jovem adulto')).toBeTruthy();
  });

  it('shows the code of a coded lookup, sorts by it by default, sends it upper-cased on edit', async () => {
    const calls = serve('encadernacao', [{ id: 7, codigo: 'BC', nome: 'Brochura', ativo: true }]);
    render('bindings', '/system/encadernacao');
    expect(await screen.findByText('Brochura', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Código' })).toBeTruthy();
    expect(calls.find((c) => c.path === 'encadernacao')?.search).toContain('sorter=codigo%2Casc');
    fireEvent.click(screen.getByRole('button', { name: 'Editar Brochura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar encadernação' });
    const code = within(dialog).getByLabelText(/Código/) as HTMLInputElement;
    expect(code.value).toBe('BC');
    fireEvent.change(code, { target: { value: 'bx' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: 'encadernacao/7', body: { codigo: 'BX', nome: 'Brochura', ativo: true } }));
    expect(toastMock.success).toHaveBeenCalledWith('Encadernação salva com sucesso!');
  });

  it('toggles the active switch with the server state, deletes after the SPEC 8 confirmation, and keeps a record in use', async () => {
    const calls = serve('faixa-etaria', [
      { id: 1, nome: 'Infantil', ativo: true },
      { id: 2, nome: 'Adulto', ativo: true },
    ], [2]);
    render('ageRange', '/product/faixa-etaria');
    fireEvent.click(await screen.findByRole('switch', { name: 'Infantil ativo' }, { timeout: 8000 }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Faixa etária inativada com sucesso!'));
    expect(calls.some((c) => c.method === 'PUT' && c.path === 'faixa-etaria/inativa/1')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir Adulto' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir faixa etária' });
    expect(within(confirm).getByText('Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === 'faixa-etaria/2')).toBe(true));
    expect(toastMock.success).not.toHaveBeenCalledWith('Faixa etária excluída com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Adulto')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Infantil' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Excluir faixa etária' })).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Faixa etária excluída com sucesso!'));
    await waitFor(() => expect(screen.queryByText('Infantil')).toBeNull());
  });
});
