import { z } from 'zod';
import { CLIENT_HASH_PATTERN } from './password.ts';
import { idSchema, text } from './common.ts';

/** A client password hash (`hashPassword`): 128 uppercase hex characters. */
const clientHash = text({ max: 128, trim: false }).regex(CLIENT_HASH_PATTERN, 'Senha em formato inválido');

/**
 * 400 message (field `token`) for a password-reset token that is malformed (a cut or edited link),
 * unknown, used or expired: the same answer for all, so a caller learns nothing about tokens.
 */
export const RESET_TOKEN_INVALID_MESSAGE = 'Link de redefinição de senha inválido ou expirado.';

/** `POST auth/login` body (SPEC section 7): `password` is the client hash of `hashPassword`. */
export const loginRequestSchema = z.strictObject({
  userName: text({ min: 1, max: 100 }),
  password: clientHash,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Session user (SPEC section 3): `roles` are the roles of the user's profile in the selected
 * company `idEmpresa`; `token` is a JWT; `indNewPassword` forces a password change.
 */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  idEmpresa: z.number().int().nullable(),
  nome: z.string(),
  nomPerfil: z.string().nullable(),
  login: z.string(),
  roles: z.array(z.string()),
  token: z.string(),
  indNewPassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `POST auth/refresh` body: the company to switch to. */
export const refreshRequestSchema = z.strictObject({
  idEmpresa: idSchema,
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** `POST auth/forgotPassword` body. */
export const forgotPasswordRequestSchema = z.strictObject({
  email: text({ min: 1, max: 254 }).email('O campo deve conter um e-mail válido'),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/**
 * `POST usuario/newPassword` body: `id` is the user's id, or omitted when `token` (a reset token
 * from the e-mailed link) identifies the user; `senha` and `confirmaSenha` are client hashes and
 * must be equal.
 */
export const newPasswordRequestSchema = z
  .strictObject({
    id: idSchema.optional(),
    token: text({ min: 16, max: 200, trim: false, lengthMessage: RESET_TOKEN_INVALID_MESSAGE }).regex(/^[A-Za-z0-9_-]+$/, RESET_TOKEN_INVALID_MESSAGE).optional(),
    senha: clientHash,
    confirmaSenha: clientHash,
  })
  .refine((v) => v.senha === v.confirmaSenha, {
    path: ['confirmaSenha'],
    message: 'A senha de confirmação deve ser a mesma que a nova senha!',
  })
  .refine((v) => v.id !== undefined || v.token !== undefined, { path: ['id'], message: 'Campo obrigatório' });
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;

/** Plain success answer with a pt-BR message (e.g. `auth/forgotPassword`). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Answer of `auth/forgotPassword`, the same whether or not the address exists. */
export const FORGOT_PASSWORD_MESSAGE = 'Verifique a caixa de entrada do e-mail informado!';
/** Answer of a failed login (wrong user name or password), HTTP 401. */
export const LOGIN_FAILED_MESSAGE = 'Usuário ou senha inválidos.';
/** HTTP 429 message when failed logins are rate-limited. */
export const LOGIN_RATE_LIMIT_MESSAGE = 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.';
/** HTTP 401 message for a missing, invalid, expired or idle token. */
export const UNAUTHORIZED_MESSAGE = 'Sessão expirada ou inválida. Faça login novamente.';
/** HTTP 403 message for a missing role or company link. */
export const FORBIDDEN_MESSAGE = 'Acesso negado.';

/**
 * Request header in which the web app sends the id of the company its browser tab shows (issue
 * 15, two tabs with two companies). The server compares it with the company of the token's
 * session and answers 409 COMPANY_MISMATCH_MESSAGE when they differ; callers that do not send it
 * (scripts, the ERP) are not checked. Value: the company id as a decimal integer.
 */
export const COMPANY_HEADER = 'X-Empresa';
/**
 * HTTP 409 message when the company a tab shows (`X-Empresa`) is not the company of the session
 * (switched in another tab). The web app then moves the tab to the session's company.
 */
export const COMPANY_MISMATCH_MESSAGE =
  'A empresa selecionada foi trocada em outra aba. Esta aba passou para a empresa atual: confira os dados e repita a operação.';
/** HTTP 400 message when the `X-Empresa` header is not a company id. */
export const COMPANY_HEADER_INVALID_MESSAGE = 'Cabeçalho X-Empresa inválido: informe o id numérico da empresa.';
