import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { SessionUser } from '@acervo/contracts';
import { renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

const seller: SessionUser = {
  id: 2,
  idEmpresa: 1,
  nome: 'Vendedor Demo',
  nomPerfil: 'Vendedor',
  login: 'vendedor',
  roles: ['ROLE_VISUALIZAR_TERMINAL', 'ROLE_VISUALIZAR_RELATORIO_FATURAMENTO'],
  token: 't',
  indNewPassword: false,
};

describe('app routes', () => {
  it('registers only allowed routes: a forbidden one shows "Pagina não encontrada"', async () => {
    renderRoutes(appRoutes(seller.roles), '/product/catalog', { user: seller });
    expect(await screen.findByRole('heading', { name: 'Pagina não encontrada' })).toBeTruthy();
  });

  it('renders an allowed route: the replenishment history (issue 18) is its own screen, no longer a placeholder', async () => {
    const planner = { ...seller, roles: [...seller.roles, 'ROLE_VISUALIZAR_REPOSICAO_HISTORICO'] };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false }), { headers: { 'content-type': 'application/json' } })));
    renderRoutes(appRoutes(planner.roles), '/replacement/history', { user: planner });
    expect(await screen.findByRole('heading', { name: 'Histórico de reposição' })).toBeTruthy();
    expect(screen.queryByText('Em construção')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows only the allowed groups in the side menu', async () => {
    renderRoutes(appRoutes(seller.roles), '/', { user: seller });
    expect(await screen.findByRole('heading', { name: 'Bem-vindo(a), Vendedor Demo!' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(nav.textContent).toContain('Produto');
    expect(nav.textContent).toContain('Relatórios');
    expect(nav.textContent).not.toContain('Sistema');
    expect(nav.textContent).not.toContain('Pedidos');
  });
});
