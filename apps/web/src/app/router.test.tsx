import { describe, expect, it } from 'vitest';
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

  it('renders an allowed, not yet built route as a placeholder with its title', async () => {
    // the Terminal got its screen (issue 16); the replenishment history is still to come
    const planner = { ...seller, roles: [...seller.roles, 'ROLE_VISUALIZAR_REPOSICAO_HISTORICO'] };
    renderRoutes(appRoutes(planner.roles), '/replacement/history', { user: planner });
    expect(await screen.findByRole('heading', { name: 'Histórico' })).toBeTruthy();
    expect(screen.getByText('Em construção')).toBeTruthy();
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
