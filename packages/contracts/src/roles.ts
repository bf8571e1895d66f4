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
} as const;

/** A required-role text of SPEC section 2. */
export type RequiredRole = (typeof REQUIRED)[keyof typeof REQUIRED];

/**
 * SPEC section 6: a permission check is a substring match against each role.
 * @param roles the signed-in user's roles for the selected company
 * @param required the required text; `undefined` or empty means the route is open
 * @returns true when `required` is empty or contained in at least one role
 */
export function hasRole(roles: readonly string[], required: string | undefined | null): boolean {
  if (!required) return true;
  return roles.some((role) => role.includes(required));
}

/** Roles of the demo `vendedor` profile (issue 2): terminal, billing and stock reports. */
export const SELLER_DEMO_ROLES: readonly Role[] = [
  'ROLE_VISUALIZAR_TERMINAL',
  'ROLE_VISUALIZAR_RELATORIO_FATURAMENTO',
  'ROLE_VISUALIZAR_RELATORIO_ESTOQUE',
];
