import { z } from 'zod';
import type { FormMessages } from '../../shared/validation/form-messages.ts';

/** Values of the login form (SPEC section 3 "Login form": login and senha, both text). */
export interface LoginFormValues {
  login: string;
  senha: string;
}

/** Values of the forgotten-password form. */
export interface ForgotPasswordFormValues {
  email: string;
}

/** Values of the new-password form. */
export interface NewPasswordFormValues {
  senha: string;
  confirmaSenha: string;
}

const required = (messages: FormMessages) => z.string().trim().min(1, messages.required);

/** Login form rules (SPEC section 5): login and senha required. */
export function loginFormSchema(messages: FormMessages) {
  return z.object({ login: required(messages), senha: z.string().min(1, messages.required) });
}

/** Forgotten-password rules (SPEC section 5): email required and a valid address. */
export function forgotPasswordFormSchema(messages: FormMessages) {
  return z.object({ email: required(messages).pipe(z.email(messages.email)) });
}

/**
 * New-password rules (SPEC section 5): senha required; confirmaSenha required and equal to senha,
 * otherwise `notEqualMessage` (login.passwordNotEqual) on confirmaSenha.
 */
export function newPasswordFormSchema(messages: FormMessages, notEqualMessage: string) {
  return z
    .object({ senha: z.string().min(1, messages.required), confirmaSenha: z.string().min(1, messages.required) })
    .refine((values) => values.confirmaSenha === '' || values.senha === values.confirmaSenha, {
      path: ['confirmaSenha'],
      message: notEqualMessage,
    });
}
