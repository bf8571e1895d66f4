import { z } from 'zod';
import { errorBodySchema } from '@acervo/contracts';

/** Error answers every authenticated route documents (OpenAPI). */
export const AUTH_ERRORS = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;

/** `{id}` path parameter: a positive integer. */
export const idParamsSchema = z.object({
  id: z.coerce.number({ error: 'Deve ser um número inteiro' }).int('Deve ser um número inteiro').positive('Deve ser positivo'),
});
