import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OrderProduct, SessionUser } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../shared/toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));

import { renderRoutes } from '../../../test/render.tsx';
import { OrderCreatePage } from './order-create-page.tsx';

const user: SessionUser = { id: 7, idEmpresa: 1, nome: 'Vendedor', nomPerfil: 'Vendedor', login: 'vendedor', roles: ['ROLE_VISUALIZAR_PEDIDOS', 'ROLE_CRIAR_PEDIDOS'], token: 't', indNewPassword: false };
const dom: OrderProduct = { idProduto: 11, isbn13: '9788535902778', titulo: 'Dom Casmurro', editora: null, precoUnitarioCentavos: 4990, percentualDescontoMaximo: 10, disponivel: 2, ativo: true };
const bras: OrderProduct = { idProduto: 12, isbn13: '9788535911664', titulo: 'Memórias póstumas de Brás Cubas', editora: null, precoUnitarioCentavos: 3990, percentualDescontoMaximo: null, disponivel: 50, ativo: true };
const quincas: OrderProduct = { ...bras, idProduto: 13, isbn13: '9788535911671', titulo: 'Quincas Borba' };

/**
 * Serves the form's GETs and records the POSTs; `post` answers them. The product searches wait for
 * `gate` when given (a slow network).
 */
function serve(post: (body: unknown, headers: Headers) => Response, gate?: Promise<void>) {
  const posts: { body: unknown; key: string | null }[] = [];
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (data: unknown) => new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        const headers = new Headers(init.headers);
        posts.push({ body: JSON.parse(String(init.body)), key: headers.get('Idempotency-Key') });
        return post(JSON.parse(String(init.body)), headers);
      }
      if (url.pathname.endsWith('/usuario/vendedor')) return json([{ id: 7, nome: 'Vendedor', codigoVendedorErp: null }]);
      if (url.pathname.endsWith('/forma-pagamento')) return json([{ id: 3, descricao: 'Boleto 28 dias' }]);
      if (url.pathname.endsWith('/transportadora')) return json([]);
      if (url.pathname.endsWith('/tipo-operacao-fiscal')) return json([{ id: 5, descricao: '5102 — Venda' }]);
      if (url.pathname.endsWith('/cliente')) return json({ itens: [{ id: 21, nome: 'Livraria Ipê Ltda', nomeFantasia: null, documento: '11222333000181', uf: 'SP', municipio: 'Campinas' }], page: 0, size: 20, totalPage: 1, totalItens: 1, proxima: false });
      if (url.pathname.endsWith('/pedido-venda/produto')) {
        const term = url.searchParams.get('term') ?? '';
        searches.push(term);
        await gate;
        return json(term === dom.isbn13 ? [dom] : term === bras.isbn13 ? [bras] : term === 'machado' ? [bras, quincas] : []);
      }
      return json({});
    }),
  );
  return { posts, searches };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

const entry = () => screen.getByLabelText('Código de barras ou título') as HTMLInputElement;
async function typeEnter(text: string) {
  fireEvent.change(entry(), { target: { value: text } });
  fireEvent.keyDown(entry(), { key: 'Enter' });
}

describe('OrderCreatePage', () => {
  it('adds by scan (again: one more unit), by title search with the arrows, keeps focus in the entry box and warns over stock', async () => {
    serve(() => new Response('{}'));
    renderRoutes([{ path: '/pedido/pedido-venda/cadastrar', element: <OrderCreatePage /> }], '/pedido/pedido-venda/cadastrar', { user });
    await typeEnter(dom.isbn13);
    await screen.findByText('1. Dom Casmurro');
    await waitFor(() => expect(document.activeElement).toBe(entry()));
    expect(entry().value).toBe('');
    await typeEnter(dom.isbn13);
    await waitFor(() => expect((screen.getAllByLabelText('Qtd.')[0] as HTMLInputElement).value).toBe('2'));
    expect(screen.queryByText(/Acima do estoque/)).toBeNull();
    await typeEnter(dom.isbn13);
    await screen.findByText('Acima do estoque disponível (2)');

    await typeEnter('machado');
    await screen.findByRole('listbox', { name: 'Resultados da busca' });
    fireEvent.keyDown(entry(), { key: 'ArrowDown' });
    fireEvent.keyDown(entry(), { key: 'Enter' });
    await screen.findByText('2. Quincas Borba');
    // 3 × 49,90 + 1 × 39,90
    expect(screen.getByText(/Total do pedido/).textContent).toContain('189,60');
  }, 40_000);

  it('takes scans sent before the previous answer: each code leaves the box on Enter, none is dropped or joined to the next', async () => {
    let open!: () => void;
    const { searches } = serve(() => new Response('{}'), new Promise<void>((resolve) => (open = resolve)));
    renderRoutes([{ path: '/pedido/pedido-venda/cadastrar', element: <OrderCreatePage /> }], '/pedido/pedido-venda/cadastrar', { user });
    // a scanner types into whatever the box holds, then Enter, with no answer yet
    for (const code of [dom.isbn13, bras.isbn13, dom.isbn13]) {
      await typeEnter(entry().value + code);
      expect(entry().value).toBe('');
    }
    fireEvent.change(entry(), { target: { value: 'quinc' } });
    open();
    await screen.findByText('2. Memórias póstumas de Brás Cubas');
    await waitFor(() => expect((screen.getAllByLabelText('Qtd.')[0] as HTMLInputElement).value).toBe('2'));
    expect(searches).toEqual([dom.isbn13, bras.isbn13, dom.isbn13]);
    expect(screen.getByText('1. Dom Casmurro')).toBeTruthy();
    // what was typed while the answers came is kept
    expect(entry().value).toBe('quinc');
  }, 40_000);

  it('sends with the Idempotency-Key and shows the server 400 under the line it names', async () => {
    const { posts } = serve(() => new Response(JSON.stringify({ message: 'Linha 1: o desconto máximo deste produto é 10%', messages: [{ field: 'itens.0.descontoPercentual', message: 'Linha 1: o desconto máximo deste produto é 10%' }] }), { status: 400 }));
    renderRoutes([{ path: '/pedido/pedido-venda/cadastrar', element: <OrderCreatePage /> }], '/pedido/pedido-venda/cadastrar', { user });
    // client picked from the search
    const client = document.getElementById('order-idCliente') as HTMLInputElement;
    fireEvent.mouseDown(client);
    fireEvent.click(await screen.findByText(/Livraria Ipê Ltda/));
    await typeEnter(dom.isbn13);
    await screen.findByText('1. Dom Casmurro');
    // the seller defaults to the signed-in seller; the single payment form and the first operation are chosen
    await waitFor(() => expect(screen.getByText('Boleto 28 dias')).toBeTruthy());
    fireEvent.keyDown(entry(), { key: 'Enter', ctrlKey: true });
    await screen.findByText('Linha 1: o desconto máximo deste produto é 10%');
    expect(posts).toHaveLength(1);
    expect(posts[0].key).toMatch(/.{8,}/);
    expect(posts[0].body).toEqual({ idCliente: 21, idVendedor: 7, idFormaPagamento: 3, idTransportadora: null, idTipoOperacaoFiscal: 5, itens: [{ idProduto: 11, quantidade: 1, precoUnitarioCentavos: 4990, descontoPercentual: 0 }], observacao: null });
    // a retry of the same order reuses the key
    fireEvent.keyDown(entry(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1].key).toBe(posts[0].key);
  }, 40_000);
});
