import { z } from 'zod';
import { CLIENT_HASH_PATTERN } from './password.ts';
import { MAX_INT4, idSchema, integer, listQuerySchema, pagedListSchema, text } from './common.ts';

/** SPEC 5 message of a confirmation that differs from the new password. */
export const PASSWORD_MISMATCH_MESSAGE = 'A senha de confirmação deve ser a mesma que a nova senha!';
/** 400 message (field `senhaAtual`) of a wrong current password on `POST usuario/me/senha`. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'A senha atual não confere.';
/** 409 message (field `login`) of a login another user has (case-insensitive). */
export const DUPLICATE_LOGIN_MESSAGE = 'Já existe um usuário com este login.';
/** 409 message (field `email`) of an e-mail another user has (case-insensitive). */
export const DUPLICATE_EMAIL_MESSAGE = 'Já existe um usuário com este e-mail.';
/** 400 message of a company listed twice in `empresas` (one profile per company). */
export const DUPLICATE_COMPANY_LINK_MESSAGE = 'Empresa repetida: o usuário tem um único perfil por empresa.';
/** 409 message of a user trying to delete their own account. */
export const SELF_DELETION_MESSAGE = 'Você não pode excluir o seu próprio usuário.';
/** Start of the 409 message of a user that cannot be deleted; the linked records follow. */
export const USER_IN_USE_MESSAGE = 'O usuário não pode ser excluído porque há registros vinculados a ele';
/** 409 message of a user trying to deactivate their own account. */
export const SELF_DEACTIVATION_MESSAGE = 'Você não pode inativar o seu próprio usuário.';

/** A client password hash (`hashPassword`, SPEC 5): 128 upper-case hex characters. */
export const clientHashField = () => text({ min: 1, max: 128, trim: false }).regex(CLIENT_HASH_PATTERN, 'Senha em formato inválido');

/** An id picked in a select of the user form: 0 (nothing picked) or out of range reads 'Selecione uma opção'. */
const pickedId = () => integer({ min: 1, max: MAX_INT4, rangeMessage: 'Selecione uma opção' });

/** One company + profile link of a user on save. */
export const userCompanyLinkRequestSchema = z.strictObject({ idEmpresa: pickedId(), idPerfil: pickedId() });
/** One company + profile link as answered, with the names to show. */
export const userCompanyLinkSchema = z.object({ idEmpresa: z.number().int(), nomeEmpresa: z.string(), idPerfil: z.number().int(), nomePerfil: z.string() });
/** One link of a user. */
export type UserCompanyLink = z.infer<typeof userCompanyLinkSchema>;

/** Most company links one user may have. */
export const MAX_USER_COMPANIES = 200;

/**
 * The user fields of a save, without the passwords (shared by the server's request schema and the
 * web form, which adds the typed passwords): `id` present = update; `nome` ≤ 150, `email` (a
 * valid address, unique ignoring case), `login` (no spaces, unique ignoring case), `ativo`
 * (default true), `codigoErp` the ERP user code, `vendedor` the seller flag and
 * `codigoVendedorErp` the ERP seller code (blank = none), `empresas` at least one
 * `{idEmpresa, idPerfil}`, each company once.
 */
export const userFieldsSchema = z.strictObject({
  id: idSchema.optional(),
  nome: text({ min: 1, max: 150 }),
  email: text({ min: 1, max: 254 }).email('O campo deve conter um e-mail válido'),
  login: text({ min: 1, max: 100 }).regex(/^\S+$/, 'O login não pode conter espaços'),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  codigoErp: text({ max: 50 }).optional(),
  vendedor: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  codigoVendedorErp: text({ max: 50 }).optional(),
  empresas: z.array(userCompanyLinkRequestSchema, { error: 'Deve ser uma lista' }).min(1, 'Informe ao menos uma empresa com o seu perfil').max(MAX_USER_COMPANIES, `No máximo ${MAX_USER_COMPANIES} empresas`),
});

/**
 * The cross-field rules of a user save, for the request schema and the web form alike: each
 * company once in `empresas` (400 on `empresas.<i>.idEmpresa`); `senha` required on create (no
 * `id`); `confirmeSenha` required with `senha` and equal to it (PASSWORD_MISMATCH_MESSAGE).
 */
export function checkUserSave(value: { id?: number; empresas?: { idEmpresa: number }[]; senha?: string; confirmeSenha?: string }, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  (value.empresas ?? []).forEach((link, index) => {
    if (seen.has(link.idEmpresa)) ctx.addIssue({ code: 'custom', path: ['empresas', index, 'idEmpresa'], message: DUPLICATE_COMPANY_LINK_MESSAGE });
    seen.add(link.idEmpresa);
  });
  const senha = value.senha ?? '';
  const confirme = value.confirmeSenha ?? '';
  if (value.id === undefined && senha === '') ctx.addIssue({ code: 'custom', path: ['senha'], message: 'Campo obrigatório' });
  if (senha !== '' && confirme === '') ctx.addIssue({ code: 'custom', path: ['confirmeSenha'], message: 'Campo obrigatório' });
  else if (senha !== confirme) ctx.addIssue({ code: 'custom', path: ['confirmeSenha'], message: PASSWORD_MISMATCH_MESSAGE });
}

/**
 * `POST usuario` body: `userFieldsSchema` plus `senha` and `confirmeSenha`, SPEC 5 client hashes,
 * required on create and optional on update (absent = password unchanged); see `checkUserSave`.
 */
export const userRequestSchema = userFieldsSchema.extend({ senha: clientHashField().optional(), confirmeSenha: clientHashField().optional() }).superRefine(checkUserSave);
/** Parsed body of `POST usuario`. */
export type UserRequest = z.infer<typeof userRequestSchema>;

/**
 * User as `GET usuario/{id}` and `POST usuario` answer it (issue 6 wire names); `email`,
 * `codigoErp`, `codigoVendedorErp` null when not set; `indNewPassword` true while the user must
 * choose a password at the next sign-in. Never carries a password.
 */
export const userSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string().nullable(),
  login: z.string(),
  ativo: z.boolean(),
  codigoErp: z.string().nullable(),
  vendedor: z.boolean(),
  codigoVendedorErp: z.string().nullable(),
  indNewPassword: z.boolean(),
  empresas: z.array(userCompanyLinkSchema),
});
/** One user. */
export type User = z.infer<typeof userSchema>;

/** Page of `GET usuario` (each item as `userSchema`). */
export const userPageSchema = pagedListSchema(userSchema);

/** Fields `GET usuario` sorts by: every column of the list. */
export const USER_SORT_FIELDS = ['nome', 'login', 'email', 'vendedor', 'ativo'] as const;

/**
 * `GET usuario?page&pageSize&sorter&term&status`: `term` matches name, login, e-mail and the ERP
 * codes ignoring case and accents; `status` filters by `ativo`.
 */
export const userListQuerySchema = listQuerySchema;
/** Query of `GET usuario`. */
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** One seller of `GET usuario/vendedor` (pickers). */
export const sellerSchema = z.object({ id: z.number().int(), nome: z.string(), codigoVendedorErp: z.string().nullable() });
/** One seller. */
export type Seller = z.infer<typeof sellerSchema>;

/** One option of the user form's selects: a company or a profile, with its state. */
export const userOptionSchema = z.object({ id: z.number().int(), nome: z.string(), ativo: z.boolean() });
/**
 * `GET usuario/opcoes` (ROLE_VISUALIZAR_USUARIO): every company and every profile by name, for the
 * company + profile links of the user form (inactive ones included, so an existing link still
 * shows its name; the form marks them).
 */
export const userOptionsSchema = z.object({ empresas: z.array(userOptionSchema), perfis: z.array(userOptionSchema) });
/** Options of the user form. */
export type UserOptions = z.infer<typeof userOptionsSchema>;

/** Answer of `PUT usuario/inativa/{id}` and `PUT system/company/inativa/{id}`: the new state. */
export const activeStateSchema = z.object({ id: z.number().int(), ativo: z.boolean() });
/** New active state of a record. */
export type ActiveState = z.infer<typeof activeStateSchema>;

/** `GET usuario/me`: the signed-in user's own data. */
export const myUserSchema = z.object({ id: z.number().int(), nome: z.string(), email: z.string().nullable(), login: z.string() });
/** The signed-in user's own data. */
export type MyUser = z.infer<typeof myUserSchema>;

/** `PUT usuario/me` body (also the form's schema): name and e-mail. */
export const myUserRequestSchema = z.strictObject({
  nome: userFieldsSchema.shape.nome,
  email: userFieldsSchema.shape.email,
});
/** Parsed body of `PUT usuario/me`. */
export type MyUserRequest = z.infer<typeof myUserRequestSchema>;

/**
 * `POST usuario/me/senha` body: the current password and the new one twice, all SPEC 5 client
 * hashes; a confirmation that differs answers 400 on `confirmeSenha` (PASSWORD_MISMATCH_MESSAGE).
 */
export const changeMyPasswordRequestSchema = z
  .strictObject({ senhaAtual: clientHashField(), senha: clientHashField(), confirmeSenha: clientHashField() })
  .refine((v) => v.senha === v.confirmeSenha, { path: ['confirmeSenha'], message: PASSWORD_MISMATCH_MESSAGE });
/** Parsed body of `POST usuario/me/senha`. */
export type ChangeMyPasswordRequest = z.infer<typeof changeMyPasswordRequestSchema>;

/** Answer of a successful `POST usuario/me/senha`. */
export const PASSWORD_CHANGED_MESSAGE = 'Senha alterada com sucesso!';
