import { REQUIRED, hasRole } from './roles.ts';

/** Menu groups of SPEC section 2 "Side menu", in display order. */
export type MenuGroup = 'home' | 'product' | 'orders' | 'replacement' | 'reports' | 'system';

/** Order in which the side menu shows its groups. */
export const MENU_GROUPS: readonly MenuGroup[] = ['home', 'product', 'orders', 'replacement', 'reports', 'system'];

/**
 * One screen of the app: the single route table that drives the router, the side menu and tests
 * (STYLE.md "Route paths in one place").
 * - `path`: React Router path (SPEC section 2 routes table).
 * - `role`: required role text; absent = open to every signed-in user.
 * - `menu`: side-menu group, absent = not in the menu.
 * - `labelKey`: i18n key of the menu label / page title.
 * - `routed`: false for a menu entry with no route of its own (none today: /system/reprocessing, a
 *   menu-only entry in the SPEC, got its route in issue 7).
 */
export interface AppRoute {
  id: string;
  path: string;
  role?: string;
  menu?: MenuGroup;
  labelKey: string;
  routed?: boolean;
}

/** The route table of SPEC section 2, in side-menu order within each group. */
export const APP_ROUTES: readonly AppRoute[] = [
  { id: 'home', path: '/', menu: 'home', labelKey: 'menu.home' },
  { id: 'terminal', path: '/product/terminal', role: REQUIRED.terminal, menu: 'product', labelKey: 'menu.terminal' },
  { id: 'catalog', path: '/product/catalog', role: REQUIRED.produtos, menu: 'product', labelKey: 'menu.catalog' },
  { id: 'productForm', path: '/product/produto-cadastrar', role: REQUIRED.produtos, labelKey: 'menu.productForm' },
  { id: 'productDetail', path: '/product/:id', role: REQUIRED.produtos, labelKey: 'menu.productDetail' },
  { id: 'productImport', path: '/product/produto-import', role: REQUIRED.produtos, labelKey: 'menu.productImport' },
  { id: 'queue', path: '/product/fila', role: REQUIRED.filaIntegracao, menu: 'product', labelKey: 'menu.queue' },
  { id: 'erpStats', path: '/product/estatistica-integracao', role: REQUIRED.estatisticasIntegracao, menu: 'product', labelKey: 'menu.erpStats' },
  { id: 'publishers', path: '/product/editoras', role: REQUIRED.editoras, menu: 'product', labelKey: 'menu.publishers' },
  { id: 'ageRange', path: '/product/faixa-etaria', role: REQUIRED.cadastrosAuxiliares, menu: 'product', labelKey: 'menu.ageRange' },
  { id: 'targetAudience', path: '/product/publico-alvo', role: REQUIRED.cadastrosAuxiliares, menu: 'product', labelKey: 'menu.targetAudience' },
  { id: 'contentRating', path: '/product/classificacao-indicativa', role: REQUIRED.cadastrosAuxiliares, menu: 'product', labelKey: 'menu.contentRating' },
  { id: 'productLine', path: '/product/linha-produto', role: REQUIRED.cadastrosAuxiliares, menu: 'product', labelKey: 'menu.productLine' },
  { id: 'opportunityReason', path: '/product/motivo-oportunidade', role: REQUIRED.cadastrosAuxiliares, menu: 'product', labelKey: 'menu.opportunityReason' },
  { id: 'salesOrders', path: '/pedido/pedido-venda', role: REQUIRED.pedidos, menu: 'orders', labelKey: 'menu.salesOrders' },
  { id: 'createOrder', path: '/pedido/pedido-venda/cadastrar', role: REQUIRED.criarPedidos, menu: 'orders', labelKey: 'menu.createOrder' },
  { id: 'replacementCalc', path: '/replacement/calculation', role: REQUIRED.reposicaoCalculo, menu: 'replacement', labelKey: 'menu.replacementCalculation' },
  { id: 'replacementHistory', path: '/replacement/history', role: REQUIRED.reposicaoHistorico, menu: 'replacement', labelKey: 'menu.replacementHistory' },
  { id: 'billing', path: '/reports/billing', role: REQUIRED.relatorioFaturamento, menu: 'reports', labelKey: 'menu.billing' },
  { id: 'stock', path: '/reports/stock', role: REQUIRED.relatorioEstoque, menu: 'reports', labelKey: 'menu.stock' },
  { id: 'opportunity', path: '/reports/opportunity', menu: 'reports', labelKey: 'menu.opportunity' },
  { id: 'company', path: '/system/company', role: REQUIRED.empresa, menu: 'system', labelKey: 'menu.company' },
  { id: 'user', path: '/system/user', role: REQUIRED.usuario, menu: 'system', labelKey: 'menu.user' },
  { id: 'myUser', path: '/system/user/me', labelKey: 'menu.myUser' },
  { id: 'profile', path: '/system/profile', role: REQUIRED.perfil, menu: 'system', labelKey: 'menu.profile' },
  { id: 'reprocessing', path: '/system/reprocessing', role: REQUIRED.filaIntegracao, menu: 'system', labelKey: 'menu.reprocessing' },
  { id: 'schedule', path: '/system/schedule', role: REQUIRED.agendamento, menu: 'system', labelKey: 'menu.schedule' },
  { id: 'logIntegration', path: '/system/log-integration', role: REQUIRED.logIntegracao, menu: 'system', labelKey: 'menu.logIntegration' },
  { id: 'goal', path: '/system/goal', role: REQUIRED.metas, menu: 'system', labelKey: 'menu.goal' },
  { id: 'parameter', path: '/system/parameter', role: REQUIRED.parametros, menu: 'system', labelKey: 'menu.parameter' },
  { id: 'productStatus', path: '/system/produto-situacao', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.productStatus' },
  { id: 'contributions', path: '/system/contribuicoes', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.contributions' },
  { id: 'bindings', path: '/system/encadernacao', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.bindings' },
  { id: 'matchBisac', path: '/system/correspondencia-categoria-bisac', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.matchBisac' },
  { id: 'matchPublisher', path: '/system/correspondencia-editora', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.matchPublisher' },
  { id: 'matchContribution', path: '/system/correspondencia-contribuicao', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.matchContribution' },
  { id: 'matchBinding', path: '/system/correspondencia-encadernacao', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.matchBinding' },
  { id: 'matchStatus', path: '/system/correspondencia-situacao', role: REQUIRED.correspondencia, menu: 'system', labelKey: 'menu.matchStatus' },
];

/**
 * Routes the user may open (SPEC section 2: only permitted routes are registered).
 * @param roles the user's roles for the selected company
 */
export function allowedRoutes(roles: readonly string[]): AppRoute[] {
  return APP_ROUTES.filter((route) => hasRole(roles, route.role));
}
