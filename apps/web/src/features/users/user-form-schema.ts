import { z } from 'zod';
import { checkUserSave, text, userFieldsSchema, type User, type UserRequest } from '@acervo/contracts';
import { hashPasswordLazily } from '../../shared/password/hash-password.ts';

/**
 * The user form's schema: the contracts' `userFieldsSchema` (what the server validates) with the
 * passwords as typed (they are hashed on submit) and the same cross-field rules (`checkUserSave`:
 * password required on create, confirmation equal, each company once).
 */
export const userFormSchema = userFieldsSchema
  .extend({ senha: text({ max: 200, trim: false }).optional(), confirmeSenha: text({ max: 200, trim: false }).optional() })
  .superRefine(checkUserSave);

/** What the form holds. */
export type UserFormInput = z.input<typeof userFormSchema>;
/** What the form gives on submit. */
export type UserFormValues = z.output<typeof userFormSchema>;

/** The form's starting values: the user being edited, or an empty new user. */
export function userFormDefaults(user: User | null): UserFormInput {
  return {
    ...(user ? { id: user.id } : {}),
    nome: user?.nome ?? '',
    email: user?.email ?? '',
    login: user?.login ?? '',
    ativo: user?.ativo ?? true,
    codigoErp: user?.codigoErp ?? '',
    vendedor: user?.vendedor ?? false,
    codigoVendedorErp: user?.codigoVendedorErp ?? '',
    empresas: user ? user.empresas.map(({ idEmpresa, idPerfil }) => ({ idEmpresa, idPerfil })) : [{ idEmpresa: 0, idPerfil: 0 }],
    senha: '',
    confirmeSenha: '',
  };
}

/**
 * The `POST usuario` body of valid form values: the typed password and confirmation become SPEC 5
 * client hashes; left blank (an update), both are left out and the password stays.
 */
export async function toUserRequest(values: UserFormValues): Promise<UserRequest> {
  const { senha, confirmeSenha, ...fields } = values;
  if (!senha) return fields;
  return { ...fields, senha: await hashPasswordLazily(senha), confirmeSenha: await hashPasswordLazily(confirmeSenha ?? '') };
}
