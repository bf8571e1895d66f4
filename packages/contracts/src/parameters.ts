import { z } from 'zod';
import { idSchema, integer, listQuerySchema, pagedListSchema, text } from './common.ts';

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
  TERMINAL_MESES_VENDAS: '12',
} as const;

/** A parameter key. */
export type ParameterKey = keyof typeof PARAMETER_DEFAULTS;

/**
 * Parameters holding a secret: stored encrypted (AES-256-GCM, `apps/server/src/shared/secrets.ts`),
 * never answered (`GET parametro` says only whether each is set), masked in the audit trail.
 */
export const SECRET_PARAMETER_KEYS = ['SMTP_SENHA', 'ERP_SENHA'] as const satisfies readonly ParameterKey[];
/** A secret parameter key. */
export type SecretParameterKey = (typeof SECRET_PARAMETER_KEYS)[number];

/**
 * ERP integration types (`ERP_TIPO_INTEGRACAO`): `NENHUMA` = no ERP; `SIMULADOR` = the Acervo
 * reference protocol (the ERP simulator of issue 7). A new connector adds its type here.
 */
export const ERP_INTEGRATION_TYPES = ['NENHUMA', 'SIMULADOR'] as const;
/** One ERP integration type. */
export type ErpIntegrationType = (typeof ERP_INTEGRATION_TYPES)[number];
/** pt-BR label of each ERP integration type. */
export const ERP_INTEGRATION_TYPE_LABELS: Record<ErpIntegrationType, string> = {
  NENHUMA: 'Nenhuma (sem integração)',
  SIMULADOR: 'Simulador Acervo (protocolo de referência)',
};

/**
 * Bounds of each numeric parameter (inclusive; units in the key name). Reasons in
 * docs/parameters.md.
 */
export const PARAMETER_BOUNDS = {
  LOG_RETENCAO_PRODUTO_DIAS: { min: 1, max: 3650 },
  LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS: { min: 1, max: 3650 },
  LOG_RETENCAO_AUTOR_DIAS: { min: 1, max: 3650 },
  LOG_RETENCAO_EDITORA_DIAS: { min: 1, max: 3650 },
  LOG_RETENCAO_VENDA_DIAS: { min: 1, max: 3650 },
  TOKEN_EXPIRACAO_DIAS: { min: 1, max: 30 },
  INATIVIDADE_MINUTOS: { min: 5, max: 1440 },
  FILA_EXPORTACAO_LIMPEZA_DIAS: { min: 1, max: 365 },
  ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS: { min: 1, max: 365 },
  REDEFINICAO_SENHA_VALIDADE_MINUTOS: { min: 5, max: 1440 },
  SMTP_PORTA: { min: 1, max: 65535 },
  TERMINAL_MESES_VENDAS: { min: 1, max: 60 },
} as const satisfies Partial<Record<ParameterKey, { min: number; max: number }>>;

const bounded = (key: keyof typeof PARAMETER_BOUNDS) => integer(PARAMETER_BOUNDS[key]);

/** Message of a URL parameter that is not an absolute http(s) address. */
export const URL_PARAMETER_MESSAGE = 'Informe um endereço http:// ou https:// válido';
/** Message of a host name parameter that is not a host name or IPv4 address. */
export const HOST_PARAMETER_MESSAGE = 'Informe um nome de servidor válido (ex.: smtp.empresa.com.br)';
/** Message of a sender that is not `e-mail` or `Nome <e-mail>`. */
export const SENDER_PARAMETER_MESSAGE = 'Informe um e-mail ou Nome <e-mail> válido';
/** Message of a secret sent together with its removal. */
export const SECRET_CONFLICT_MESSAGE = 'Informe uma nova senha ou remova a atual, não as duas coisas';
/** Message of an ERP type other than NENHUMA without an API URL. */
export const ERP_URL_REQUIRED_MESSAGE = 'Informe a URL da API do ERP para este tipo de integração';

/** True for an absolute `http:` or `https:` URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A host name (RFC 1123 labels) or an IPv4 address. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** An e-mail address as senders and API logins take it (one @, no spaces, a dot in the domain). */
export const EMAIL_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/**
 * True for a sender as nodemailer takes it: `e-mail` or `Nome <e-mail>` (the name may be quoted).
 */
export function isSender(value: string): boolean {
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  if (named) return !/[<>]/.test(named[1]) && EMAIL_ADDRESS.test(named[2].trim());
  return EMAIL_ADDRESS.test(value);
}

const httpUrl = (max: number) => text({ max }).refine((value) => value === '' || isHttpUrl(value), URL_PARAMETER_MESSAGE);
/** A new secret: absent or '' keeps the stored one. Not trimmed (spaces may belong to a password). */
const newSecret = text({ max: 200, trim: false }).optional();
const flag = z.boolean({ error: 'Deve ser verdadeiro ou falso' });

/** Section `geral` of `PUT parametro`: retention, session and export settings, app URL. */
export const generalParametersSchema = z.strictObject({
  retencaoLogProdutoDias: bounded('LOG_RETENCAO_PRODUTO_DIAS'),
  retencaoLogProdutoEstoqueDias: bounded('LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS'),
  retencaoLogAutorDias: bounded('LOG_RETENCAO_AUTOR_DIAS'),
  retencaoLogEditoraDias: bounded('LOG_RETENCAO_EDITORA_DIAS'),
  retencaoLogVendaDias: bounded('LOG_RETENCAO_VENDA_DIAS'),
  expiracaoTokenDias: bounded('TOKEN_EXPIRACAO_DIAS'),
  inatividadeMinutos: bounded('INATIVIDADE_MINUTOS'),
  limpezaFilaExportacaoDias: bounded('FILA_EXPORTACAO_LIMPEZA_DIAS'),
  expiracaoArquivoExportacaoDias: bounded('ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS'),
  urlAplicacao: httpUrl(500).refine((value) => value !== '', 'Campo obrigatório'),
  validadeRedefinicaoSenhaMinutos: bounded('REDEFINICAO_SENHA_VALIDADE_MINUTOS'),
  /** Months of sales the Terminal's detail shows (issue 16); absent keeps the stored value. */
  terminalMesesVendas: bounded('TERMINAL_MESES_VENDAS').optional(),
});

/**
 * Section `email` of `PUT parametro`. `host` empty = no SMTP (messages stay in the outbox);
 * `senha` absent or '' keeps the stored password, `removerSenha: true` removes it.
 */
export const emailParametersSchema = z
  .strictObject({
    host: text({ max: 253 }).refine((value) => value === '' || HOST_NAME.test(value), HOST_PARAMETER_MESSAGE),
    porta: bounded('SMTP_PORTA'),
    usuario: text({ max: 200 }),
    senha: newSecret,
    removerSenha: flag.optional(),
    seguro: flag,
    remetente: text({ min: 1, max: 300 }).refine(isSender, SENDER_PARAMETER_MESSAGE),
  })
  .superRefine((value, ctx) => {
    if (value.removerSenha && value.senha) ctx.addIssue({ code: 'custom', path: ['senha'], message: SECRET_CONFLICT_MESSAGE });
  });

/**
 * Section `erp` of `PUT parametro`: integration type, user, password (as in `email`) and API URL
 * (required unless the type is NENHUMA).
 */
export const erpParametersSchema = z
  .strictObject({
    tipoIntegracao: z.enum(ERP_INTEGRATION_TYPES, { error: `Valor inválido: use ${ERP_INTEGRATION_TYPES.join(' ou ')}` }),
    usuario: text({ max: 200 }),
    senha: newSecret,
    removerSenha: flag.optional(),
    urlApi: httpUrl(500),
  })
  .superRefine((value, ctx) => {
    if (value.removerSenha && value.senha) ctx.addIssue({ code: 'custom', path: ['senha'], message: SECRET_CONFLICT_MESSAGE });
    if (value.tipoIntegracao !== 'NENHUMA' && value.urlApi === '') ctx.addIssue({ code: 'custom', path: ['urlApi'], message: ERP_URL_REQUIRED_MESSAGE });
  });

/**
 * Body of `PUT parametro` (the form validates with it too): every parameter, in three sections.
 * A value out of bounds answers 400 naming it (`geral.expiracaoTokenDias`) and nothing is written.
 */
export const parameterUpdateSchema = z.strictObject({
  geral: generalParametersSchema,
  email: emailParametersSchema,
  erp: erpParametersSchema,
});
/** Body of `PUT parametro` after validation. */
export type ParameterUpdate = z.infer<typeof parameterUpdateSchema>;
/** What the parameters form edits (before validation: numbers may be typed text). */
export type ParameterUpdateInput = z.input<typeof parameterUpdateSchema>;

/** Answer of `GET parametro` and `PUT parametro`: every parameter; secrets only as `senhaDefinida`. */
export const parametersSchema = z.object({
  geral: z.object({
    retencaoLogProdutoDias: z.number().int(),
    retencaoLogProdutoEstoqueDias: z.number().int(),
    retencaoLogAutorDias: z.number().int(),
    retencaoLogEditoraDias: z.number().int(),
    retencaoLogVendaDias: z.number().int(),
    expiracaoTokenDias: z.number().int(),
    inatividadeMinutos: z.number().int(),
    limpezaFilaExportacaoDias: z.number().int(),
    expiracaoArquivoExportacaoDias: z.number().int(),
    urlAplicacao: z.string(),
    validadeRedefinicaoSenhaMinutos: z.number().int(),
    terminalMesesVendas: z.number().int(),
  }),
  email: z.object({
    host: z.string(),
    porta: z.number().int(),
    usuario: z.string(),
    senhaDefinida: z.boolean(),
    seguro: z.boolean(),
    remetente: z.string(),
  }),
  erp: z.object({
    tipoIntegracao: z.string(),
    usuario: z.string(),
    senhaDefinida: z.boolean(),
    urlApi: z.string(),
  }),
});
/** Every parameter as the API answers it. */
export type Parameters = z.infer<typeof parametersSchema>;

/** Section and wire field of each parameter key (`geral.expiracaoTokenDias` ↔ TOKEN_EXPIRACAO_DIAS). */
export const PARAMETER_WIRE_FIELDS: Record<ParameterKey, { section: 'geral' | 'email' | 'erp'; field: string }> = {
  LOG_RETENCAO_PRODUTO_DIAS: { section: 'geral', field: 'retencaoLogProdutoDias' },
  LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS: { section: 'geral', field: 'retencaoLogProdutoEstoqueDias' },
  LOG_RETENCAO_AUTOR_DIAS: { section: 'geral', field: 'retencaoLogAutorDias' },
  LOG_RETENCAO_EDITORA_DIAS: { section: 'geral', field: 'retencaoLogEditoraDias' },
  LOG_RETENCAO_VENDA_DIAS: { section: 'geral', field: 'retencaoLogVendaDias' },
  TOKEN_EXPIRACAO_DIAS: { section: 'geral', field: 'expiracaoTokenDias' },
  INATIVIDADE_MINUTOS: { section: 'geral', field: 'inatividadeMinutos' },
  FILA_EXPORTACAO_LIMPEZA_DIAS: { section: 'geral', field: 'limpezaFilaExportacaoDias' },
  ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS: { section: 'geral', field: 'expiracaoArquivoExportacaoDias' },
  URL_APLICACAO: { section: 'geral', field: 'urlAplicacao' },
  REDEFINICAO_SENHA_VALIDADE_MINUTOS: { section: 'geral', field: 'validadeRedefinicaoSenhaMinutos' },
  TERMINAL_MESES_VENDAS: { section: 'geral', field: 'terminalMesesVendas' },
  SMTP_HOST: { section: 'email', field: 'host' },
  SMTP_PORTA: { section: 'email', field: 'porta' },
  SMTP_USUARIO: { section: 'email', field: 'usuario' },
  SMTP_SENHA: { section: 'email', field: 'senha' },
  SMTP_SEGURO: { section: 'email', field: 'seguro' },
  SMTP_REMETENTE: { section: 'email', field: 'remetente' },
  ERP_TIPO_INTEGRACAO: { section: 'erp', field: 'tipoIntegracao' },
  ERP_USUARIO: { section: 'erp', field: 'usuario' },
  ERP_SENHA: { section: 'erp', field: 'senha' },
  ERP_URL_API: { section: 'erp', field: 'urlApi' },
};

/** Body of `POST parametro/email/teste`: where the test message goes. */
export const emailTestRequestSchema = z.strictObject({
  destinatario: text({ min: 1, max: 254 }).email('O campo deve conter um e-mail válido'),
});
/** Body of the e-mail test. */
export type EmailTestRequest = z.infer<typeof emailTestRequestSchema>;

/**
 * Answer of `POST parametro/email/teste` (always 200 once the request is valid): `enviado` true when
 * the SMTP server accepted the message; `resposta` the server's reply (e.g. `250 2.0.0 OK`) or the
 * error text (refused connection, authentication failure, time-out).
 */
export const emailTestResultSchema = z.object({ enviado: z.boolean(), resposta: z.string() });
/** Result of the e-mail test. */
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

/** pt-BR success toasts of SPEC section 8 for the parameters screen. */
export const PARAMETERS_SAVED_MESSAGE = 'Parâmetros salvos com sucesso!';
export const API_ACCESS_SAVED_MESSAGE = 'API salva com sucesso!';
export const API_ACCESS_DELETED_MESSAGE = 'API excluída com sucesso!';
/** 409 message (field `email`) of an API login e-mail already used in the same company. */
export const DUPLICATE_API_ACCESS_EMAIL_MESSAGE = 'Já existe um acesso à API com este e-mail nesta empresa';

/** Fewest characters of an API access password. */
export const API_ACCESS_PASSWORD_MIN = 8;

const apiAccessEmail = text({ min: 1, max: 254 }).regex(EMAIL_ADDRESS, 'O campo deve conter um e-mail válido');
const apiAccessPassword = text({ max: 200, trim: false }).refine((value) => value === '' || value.length >= API_ACCESS_PASSWORD_MIN, `Deve ter no mínimo ${API_ACCESS_PASSWORD_MIN} caracteres`);

/**
 * Body of `POST parametro/acesso-api` and `PUT parametro/acesso-api/{id}`: a per-company API login.
 * `senha` (8-200 characters) is required on create; on update absent or '' keeps the stored one.
 * `idEmpresa`, when sent, must be the caller's selected company (the login always belongs to it;
 * another id answers 400 on `idEmpresa`).
 */
export const apiAccessSaveSchema = z.strictObject({
  email: apiAccessEmail,
  senha: apiAccessPassword.optional(),
  idEmpresa: idSchema.optional(),
});
/** Body of an API access save. */
export type ApiAccessSave = z.infer<typeof apiAccessSaveSchema>;
/** What the API access form edits. */
export type ApiAccessSaveInput = z.input<typeof apiAccessSaveSchema>;

/** One API access login as answered: the password never leaves the server. */
export const apiAccessSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  senhaDefinida: z.boolean(),
  idEmpresa: z.number().int(),
});
/** One API access login. */
export type ApiAccess = z.infer<typeof apiAccessSchema>;

/** Columns `GET parametro/acesso-api` sorts by; default `email,asc`. */
export const API_ACCESS_SORT_FIELDS = ['email', 'id'] as const;
/** Query of `GET parametro/acesso-api`: page, pageSize, sorter, term (e-mail contains). No status (the logins have none). */
export const apiAccessListQuerySchema = listQuerySchema.omit({ status: true });
/** Page of `GET parametro/acesso-api`. */
export const apiAccessPageSchema = pagedListSchema(apiAccessSchema);
