/**
 * System parameters (SPEC section 3 "Parameters"), stored as key/value text rows. Defaults are the
 * values an empty database receives; the reasons are in docs/parameters.md.
 * Units are in the key names: `_DIAS` days, `_MINUTOS` minutes.
 */
export const PARAMETER_DEFAULTS = {
  LOG_RETENCAO_PRODUTO_DIAS: '30',
  LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS: '15',
  LOG_RETENCAO_AUTOR_DIAS: '30',
  LOG_RETENCAO_EDITORA_DIAS: '30',
  LOG_RETENCAO_VENDA_DIAS: '60',
  TOKEN_EXPIRACAO_DIAS: '1',
  INATIVIDADE_MINUTOS: '60',
  FILA_EXPORTACAO_LIMPEZA_DIAS: '7',
  ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS: '7',
  ERP_TIPO_INTEGRACAO: 'NENHUMA',
  ERP_USUARIO: '',
  ERP_SENHA: '',
  ERP_URL_API: '',
  SMTP_HOST: '',
  SMTP_PORTA: '587',
  SMTP_USUARIO: '',
  SMTP_SENHA: '',
  SMTP_SEGURO: 'false',
  SMTP_REMETENTE: 'Acervo <nao-responda@acervo.local>',
  URL_APLICACAO: 'http://localhost:3000',
  REDEFINICAO_SENHA_VALIDADE_MINUTOS: '60',
} as const;

/** A parameter key. */
export type ParameterKey = keyof typeof PARAMETER_DEFAULTS;
