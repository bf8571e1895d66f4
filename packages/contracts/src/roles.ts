/**
 * Role catalogue (SPEC section 2 and 6).
 *
 * Every role a profile can grant is listed here with the `ROLE_` prefix. Route and endpoint
 * requirements use the text of SPEC section 2 (some without the prefix); a requirement is met when
 * any of the user's roles CONTAINS the required text (substring match, SPEC section 6).
 */
export const ROLES = [
  'ROLE_VISUALIZAR_USUARIO',
  'ROLE_VISUALIZAR_PERFIL',
  'ROLE_VISUALIZAR_EMPRESA',
  'ROLE_VISUALIZAR_RELATORIO_FATURAMENTO',
  'ROLE_VISUALIZAR_RELATORIO_ESTOQUE',
  'ROLE_VISUALIZAR_TERMINAL',
  'ROLE_VISUALIZAR_LOG_INTEGRACAO',
  'ROLE_VISUALIZAR_AGENDAMENTO',
  'ROLE_VISUALIZAR_REPOSICAO_CALCULO',
  'ROLE_VISUALIZAR_REPOSICAO_HISTORICO',
  'ROLE_VISUALIZAR_METAS',
  'ROLE_VISUALIZAR_PRODUTOS_CADASTRAR',
  'ROLE_VISUALIZAR_CADASTROS_AUXILIARES',
  'ROLE_VISUALIZAR_PARAMETROS',
  'ROLE_GERENCIAR_CORRESPONDENCIA_PRODUTO',
  'ROLE_VISUALIZAR_FILA_INTEGRACAO',
  'ROLE_VISUALIZAR_ESTATISTICAS_INTEGRACAO',
  'ROLE_GERENCIAR_EDITORAS',
  'ROLE_VISUALIZAR_PEDIDOS',
  'ROLE_CRIAR_PEDIDOS',
  'ROLE_SOMENTE_PROPRIAS_VENDAS',
  'ROLE_VISUALIZAR_PEDIDOS_TODOS',
] as const;

/** One role string of the catalogue. */
export type Role = (typeof ROLES)[number];

/**
 * Required-role texts exactly as SPEC section 2 writes them. Checked by substring match.
 */
export const REQUIRED = {
  usuario: 'ROLE_VISUALIZAR_USUARIO',
  perfil: 'ROLE_VISUALIZAR_PERFIL',
  empresa: 'ROLE_VISUALIZAR_EMPRESA',
  relatorioFaturamento: 'ROLE_VISUALIZAR_RELATORIO_FATURAMENTO',
  relatorioEstoque: 'ROLE_VISUALIZAR_RELATORIO_ESTOQUE',
  terminal: 'ROLE_VISUALIZAR_TERMINAL',
  logIntegracao: 'ROLE_VISUALIZAR_LOG_INTEGRACAO',
  agendamento: 'ROLE_VISUALIZAR_AGENDAMENTO',
  reposicaoCalculo: 'VISUALIZAR_REPOSICAO_CALCULO',
  reposicaoHistorico: 'VISUALIZAR_REPOSICAO_HISTORICO',
  metas: 'ROLE_VISUALIZAR_METAS',
  produtos: 'VISUALIZAR_PRODUTOS_CADASTRAR',
  cadastrosAuxiliares: 'VISUALIZAR_CADASTROS_AUXILIARES',
  parametros: 'ROLE_VISUALIZAR_PARAMETROS',
  correspondencia: 'GERENCIAR_CORRESPONDENCIA_PRODUTO',
  filaIntegracao: 'VISUALIZAR_FILA_INTEGRACAO',
  estatisticasIntegracao: 'VISUALIZAR_ESTATISTICAS_INTEGRACAO',
  editoras: 'GERENCIAR_EDITORAS',
  pedidos: 'VISUALIZAR_PEDIDOS',
  criarPedidos: 'CRIAR_PEDIDOS',
  /** Not a route's role: a seller holding it sees every order of the company, not only their own (docs/sales-orders.md). */
  pedidosTodos: 'VISUALIZAR_PEDIDOS_TODOS',
} as const;

/** A required-role text of SPEC section 2. */
export type RequiredRole = (typeof REQUIRED)[keyof typeof REQUIRED];

/**
 * SPEC section 6: a permission check is a substring match against each role.
 * @param roles the signed-in user's roles for the selected company
 * @param required the required text; `undefined` or empty means the route is open; a list means
 *   any one of its texts will do (`pickerReadRoles`)
 * @returns true when `required` is empty or (one of its texts is) contained in at least one role
 */
export function hasRole(roles: readonly string[], required: string | readonly string[] | undefined | null): boolean {
  if (!required) return true;
  if (typeof required !== 'string') return required.length === 0 || required.some((one) => hasRole(roles, one));
  return roles.some((role) => role.includes(required));
}

/**
 * Who may READ a register the product form picks from (auxiliary registers, lookups, publishers):
 * holders of the register's own role, or of the product form's (VISUALIZAR_PRODUTOS_CADASTRAR),
 * since a product cannot be filled in without choosing its publisher, age range or binding.
 * Creating, changing and deleting records keep the register's own role (docs/catalogue-registers.md).
 * @returns the role texts, any of which grants the read (`hasRole` with a list)
 */
export function pickerReadRoles(role: string): readonly string[] {
  return [role, REQUIRED.produtos];
}

/** Roles of the demo `vendedor` profile (issue 2): terminal, billing and stock reports; their own sales orders (issue 19). */
export const SELLER_DEMO_ROLES: readonly Role[] = [
  'ROLE_VISUALIZAR_TERMINAL',
  'ROLE_VISUALIZAR_RELATORIO_FATURAMENTO',
  'ROLE_VISUALIZAR_RELATORIO_ESTOQUE',
  'ROLE_VISUALIZAR_PEDIDOS',
  'ROLE_CRIAR_PEDIDOS',
];

/** A role's label in each interface language (pt-BR is what the API answers). */
export interface RoleLabel {
  'pt-BR': string;
  'en-US': string;
}

/**
 * Label of every role of the catalogue, written once here (issue 6, part 3): the profile form
 * (`GET perfil/permissoes`) shows them grouped by the menu area of the screens each role opens
 * (see `permissionCatalogue` in `profiles.ts`). A role added to ROLES must get its label here
 * (the type makes it a compile error otherwise).
 */
export const ROLE_LABELS: Record<Role, RoleLabel> = {
  ROLE_VISUALIZAR_USUARIO: { 'pt-BR': 'Usuários: consultar e editar', 'en-US': 'Users: view and edit' },
  ROLE_VISUALIZAR_PERFIL: { 'pt-BR': 'Perfis e permissões: consultar e editar', 'en-US': 'Profiles and permissions: view and edit' },
  ROLE_VISUALIZAR_EMPRESA: { 'pt-BR': 'Empresas: consultar e editar', 'en-US': 'Companies: view and edit' },
  ROLE_VISUALIZAR_RELATORIO_FATURAMENTO: { 'pt-BR': 'Relatório de faturamento', 'en-US': 'Billing report' },
  ROLE_VISUALIZAR_RELATORIO_ESTOQUE: { 'pt-BR': 'Relatório de estoque', 'en-US': 'Stock report' },
  ROLE_VISUALIZAR_TERMINAL: { 'pt-BR': 'Terminal (consulta de livros)', 'en-US': 'Terminal (book lookup)' },
  ROLE_VISUALIZAR_LOG_INTEGRACAO: { 'pt-BR': 'Log de integração', 'en-US': 'Integration log' },
  ROLE_VISUALIZAR_AGENDAMENTO: { 'pt-BR': 'Tarefas agendadas', 'en-US': 'Scheduled tasks' },
  ROLE_VISUALIZAR_REPOSICAO_CALCULO: { 'pt-BR': 'Cálculo de reposição', 'en-US': 'Replenishment calculation' },
  ROLE_VISUALIZAR_REPOSICAO_HISTORICO: { 'pt-BR': 'Histórico de reposição', 'en-US': 'Replenishment history' },
  ROLE_VISUALIZAR_METAS: { 'pt-BR': 'Metas', 'en-US': 'Goals' },
  ROLE_VISUALIZAR_PRODUTOS_CADASTRAR: { 'pt-BR': 'Catálogo e cadastro de produtos', 'en-US': 'Product catalogue and form' },
  ROLE_VISUALIZAR_CADASTROS_AUXILIARES: {
    'pt-BR': 'Cadastros auxiliares (faixa etária, público-alvo, classificação indicativa, linha de produto)',
    'en-US': 'Auxiliary registers (age range, target audience, content rating, product line)',
  },
  ROLE_VISUALIZAR_PARAMETROS: { 'pt-BR': 'Parâmetros do sistema', 'en-US': 'System parameters' },
  ROLE_GERENCIAR_CORRESPONDENCIA_PRODUTO: { 'pt-BR': 'Correspondências e tabelas de produto', 'en-US': 'Product matching and lookup tables' },
  ROLE_VISUALIZAR_FILA_INTEGRACAO: { 'pt-BR': 'Fila de integração e reprocessamento', 'en-US': 'Integration queue and reprocessing' },
  ROLE_VISUALIZAR_ESTATISTICAS_INTEGRACAO: { 'pt-BR': 'Estatísticas da integração ERP', 'en-US': 'ERP integration statistics' },
  ROLE_GERENCIAR_EDITORAS: { 'pt-BR': 'Editoras', 'en-US': 'Publishers' },
  ROLE_VISUALIZAR_PEDIDOS: { 'pt-BR': 'Pedidos de venda: consultar', 'en-US': 'Sales orders: view' },
  ROLE_CRIAR_PEDIDOS: { 'pt-BR': 'Pedidos de venda: criar', 'en-US': 'Sales orders: create' },
  ROLE_SOMENTE_PROPRIAS_VENDAS: { 'pt-BR': 'Relatórios: somente as próprias vendas (vendedor)', 'en-US': 'Reports: own sales only (seller)' },
  ROLE_VISUALIZAR_PEDIDOS_TODOS: { 'pt-BR': 'Pedidos de venda: ver os de todos os vendedores', 'en-US': "Sales orders: see every seller's orders" },
};

/** True when `value` is a role of the catalogue. */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
