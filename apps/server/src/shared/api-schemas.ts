import { errorBodySchema } from '@acervo/contracts';

/** Error answers every authenticated route documents (OpenAPI). */
export const AUTH_ERRORS = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;
