import type { FieldMessage } from '@acervo/contracts';

/**
 * Error codes the domains raise; `shared/error-handler.ts` maps each to one HTTP status.
 * - VALIDATION 400, UNAUTHORIZED 401, FORBIDDEN 403, NOT_FOUND 404, CONFLICT 409,
 *   PAYLOAD_TOO_LARGE 413 (an upload over its cap, `shared/upload.ts`), RATE_LIMITED 429.
 */
export type DomainErrorCode = 'VALIDATION' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED';

/** HTTP status of each domain error code (exhaustive). */
export const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
};

/**
 * A rule broken by the request. `message` is pt-BR and shown to the user; `fields` name the
 * request fields at fault (become `messages[]`). `retryAfterSeconds` sets Retry-After on 429.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fields: FieldMessage[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** 400 naming one field. */
export function fieldError(field: string, message: string): DomainError {
  return new DomainError('VALIDATION', message, [{ field, message }]);
}

/** 404 with the pt-BR "not found" message of SPEC section 8. */
export function notFound(message = 'Não foi encontrado dados'): DomainError {
  return new DomainError('NOT_FOUND', message);
}
