import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLES, type SessionUser } from '@acervo/contracts';
import { renderRoutes } from '../../../../test/render.tsx';
import { saveSession } from '../../../../shared/session/session-storage.ts';
import { ProductForm } from './product-form.tsx';

const admin: SessionUser = { id: 1, idEmpresa: 1, nome: 'Administrador', nomPerfil: 'Admin', login: 'admin', roles: [...ROLES], token: 't', indNewPassword: false };

const emptyPage = { itens: [], page: 0, size: 20, totalPage: 0, totalItens: 0, proxima: false };

/** Serves the pickers (contributor roles) and answers `POST produto` with `postAnswer`; records the POST bodies. */
function serve(postAnswer: { status: number; body: unknown }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === '/api/core-api/produto') {
        posts.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(postAnswer.body), { status: postAnswer.status });
      }
      if (url.pathname === '/api/core-api/contribuicao') {
        const itens = [
          { id: 1, codigo: 'A01', nome: 'Autor', ativo: true },
          { id: 2, codigo: 'B06', nome: 'Tradutor', ativo: true },
        ];
        return new Response(JSON.stringify({ ...emptyPage, itens, totalPage: 1, totalItens: 2 }), { status: 200 });
      }
      return new Response(JSON.stringify(emptyPage), { status: 200 });
    }),
  );
  return posts;
}

async function renderNew() {
  await saveSession(admin);
  const result = renderRoutes([{ path: '/product/produto-cadastrar', element: <ProductForm detail={null} /> }, { path: '/product/:id', element: <p>produto aberto</p> }], '/product/produto-cadastrar', { user: admin });
  await screen.findByRole('heading', { name: 'Novo produto' });
  return result;
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductForm (new product)', { timeout: 60_000 }, () => {
  it('validates with the server schema on submit: ISBN and title required, nothing sent', async () => {
    const posts = serve({ status: 201, body: {} });
    await renderNew();
    fireEvent.click(screen.getAllByRole('button', { name: /Salvar/ })[0]);
    await waitFor(() => expect(input('produto-titulo').getAttribute('aria-invalid')).toBe('true'));
    expect(input('isbn13').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Campo obrigatório').length).toBeGreaterThan(0);
    expect(posts).toEqual([]);
  });

  it('shows the ISBN-10 → ISBN-13 conversion and the expected check digit while typing', async () => {
    serve({ status: 201, body: {} });
    await renderNew();
    fireEvent.change(input('isbn13'), { target: { value: '85-359-0277-5' } });
    expect(await screen.findByText('ISBN-10 válido — será salvo como ISBN-13 9788535902778')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Converter para ISBN-13' }));
    expect(input('isbn13').value).toBe('9788535902778');
    expect(input('isbn10').value).toBe('8535902775');
    fireEvent.change(input('isbn13'), { target: { value: '9788535902779' } });
    expect(await screen.findByText('Dígito verificador inválido: o correto é 8')).toBeTruthy();
  });

  it('proposes the SEO slug from the title until the slug is edited', async () => {
    serve({ status: 201, body: {} });
    await renderNew();
    fireEvent.change(input('produto-titulo'), { target: { value: 'Memórias Póstumas de Brás Cubas' } });
    await waitFor(() => expect(input('produto-slugSeo').value).toBe('memorias-postumas-de-bras-cubas'));
    fireEvent.change(input('produto-slugSeo'), { target: { value: 'bras-cubas' } });
    fireEvent.change(input('produto-titulo'), { target: { value: 'Quincas Borba' } });
    await waitFor(() => expect(input('produto-titulo').value).toBe('Quincas Borba'));
    expect(input('produto-slugSeo').value).toBe('bras-cubas');
  });

  it('keeps contributors in order: add, move by button and by Alt+Arrow, remove; the body carries that order', async () => {
    const posts = serve({ status: 409, body: { message: 'x', messages: [{ field: 'isbn13', message: 'Já existe um produto com este ISBN: "Dom Casmurro" (id 12)' }] } });
    await renderNew();
    const add = screen.getByRole('button', { name: 'Adicionar contribuidor' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.change(input('autores-0-nome'), { target: { value: 'Ana' } });
    fireEvent.change(input('autores-1-nome'), { target: { value: 'Bia' } });
    fireEvent.change(input('autores-2-nome'), { target: { value: 'Caio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mover Caio para cima' }));
    await waitFor(() => expect(input('autores-1-nome').value).toBe('Caio'));
    expect(input('autores-2-nome').value).toBe('Bia');
    // Alt+ArrowDown on Ana's input moves Ana to the second place
    fireEvent.keyDown(input('autores-0-nome'), { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(input('autores-0-nome').value).toBe('Caio'));
    expect(input('autores-1-nome').value).toBe('Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Remover Bia' }));
    await waitFor(() => expect(document.getElementById('autores-2-nome')).toBeNull());

    // Ana's row came with A01 (the first row added) and kept it while moving; Caio gets one by search
    const role = input('autores-0-tipo');
    fireEvent.change(role, { target: { value: 'B06' } });
    const option = await screen.findByRole('option', { name: 'B06 – Tradutor' });
    fireEvent.click(option);

    fireEvent.change(input('isbn13'), { target: { value: '9788535902778' } });
    fireEvent.change(input('produto-titulo'), { target: { value: 'Dom Casmurro' } });
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: /Salvar/ })[0]);
    });
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0] as { autores: unknown }).autores).toEqual([
      { tipoContribuicao: 'B06', nomeCompleto: 'Caio', nomeInvertido: null },
      { tipoContribuicao: 'A01', nomeCompleto: 'Ana', nomeInvertido: null },
    ]);

    // the 409 names the existing product under the ISBN and links to it
    const alert = await screen.findByRole('alert', { name: '' }).catch(() => screen.getAllByRole('alert').find((a) => a.textContent?.includes('Dom Casmurro')));
    expect(alert?.textContent).toContain('Já existe um produto com este ISBN: "Dom Casmurro" (id 12)');
    const link = within(alert as HTMLElement).getByRole('link', { name: 'Abrir o produto existente' });
    expect(link.getAttribute('href')).toBe('/product/12');
    expect(input('isbn13').getAttribute('aria-invalid')).toBe('true');
  });
});
