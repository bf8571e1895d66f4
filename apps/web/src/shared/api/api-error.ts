import { INTERNAL_ERROR_MESSAGE, errorBodySchema, fieldMessageSchema, type FieldMessage } from '@acervo/contracts';
import { z } from 'zod';

/** A message and the code shown with it in the error toast. */
export interface ErrorToastMessage {
  message: string;
  code: number;
}

const withMessages = z.object({ messages: z.array(fieldMessageSchema).min(1) });
const withMessage = z.object({ message: z.string().min(1) });

/**
 * Error-toast text of a failed response (SPEC section 8):
 * - data has a non-empty `messages` list: the first entry as `field: message` (just `message` when
 *   `field` is empty), with the response status as code;
 * - otherwise data's `message`, with the status;
 * - otherwise (no body, not JSON, unknown shape, status 0 for a network failure):
 *   'Erro interno comunique o administrador do sistema.' with code 500.
 * The field is shown by its label when `fieldLabels` has one (`Ano de edição: Ano inválido`
 * instead of the wire name `anoEdicao`); an empty label shows the message alone (for messages
 * that already name what they are about).
 * @param status HTTP status of the response
 * @param data parsed body, or undefined when it could not be parsed
 * @param fieldLabels screen labels of the request's wire fields (query, body)
 */
export function errorToastMessage(status: number, data: unknown, fieldLabels?: Readonly<Record<string, string>>): ErrorToastMessage {
  const list = withMessages.safeParse(data);
  if (list.success && status > 0) {
    const first = list.data.messages[0];
    const field = first.field ? (fieldLabels?.[first.field] ?? first.field) : '';
    return { message: field ? `${field}: ${first.message}` : first.message, code: status };
  }
  const single = withMessage.safeParse(data);
  if (single.success && status > 0) return { message: single.data.message, code: status };
  return { message: INTERNAL_ERROR_MESSAGE, code: 500 };
}

/** Error thrown by the API client for a failed call. */
export class ApiError extends Error {
  /** HTTP status (0 when the request did not reach the server). */
  readonly status: number;
  /** Parsed body, or undefined. */
  readonly data: unknown;

  constructor(status: number, data: unknown) {
    super(errorToastMessage(status, data).message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }

  /** The SPEC error body's field errors (empty when the body has none). */
  get fieldMessages(): FieldMessage[] {
    const body = errorBodySchema.safeParse(this.data);
    return body.success ? body.data.messages : [];
  }
}
