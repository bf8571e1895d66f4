import { describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_MESSAGE } from '@acervo/contracts';
import { ApiError, errorToastMessage } from './api-error.ts';

describe('errorToastMessage', () => {
  it('shows the first messages entry as "field: message" with the status as code', () => {
    const data = { message: 'ignored', messages: [{ field: 'email', message: 'Campo obrigatório' }, { field: 'nome', message: 'x' }] };
    expect(errorToastMessage(400, data)).toEqual({ message: 'email: Campo obrigatório', code: 400 });
  });

  it('names the field by its screen label when one is given; an empty label shows the message alone', () => {
    const data = { message: 'x', messages: [{ field: 'anoEdicao', message: 'Deve ser um número inteiro' }] };
    expect(errorToastMessage(400, data, { anoEdicao: 'Ano de edição' })).toEqual({ message: 'Ano de edição: Deve ser um número inteiro', code: 400 });
    expect(errorToastMessage(400, data, { outro: 'Outro' }).message).toBe('anoEdicao: Deve ser um número inteiro');
    expect(errorToastMessage(400, data, { anoEdicao: '' }).message).toBe('Deve ser um número inteiro');
  });

  it('shows just the message when the first entry has no field', () => {
    expect(errorToastMessage(409, { message: 'Já existe', messages: [{ field: '', message: 'Já existe' }] })).toEqual({ message: 'Já existe', code: 409 });
  });

  it('falls back to the message field when there is no messages list', () => {
    expect(errorToastMessage(404, { message: 'Recurso não encontrado' })).toEqual({ message: 'Recurso não encontrado', code: 404 });
    expect(errorToastMessage(422, { message: 'Inválido', messages: [] })).toEqual({ message: 'Inválido', code: 422 });
  });

  it('uses the internal-error text with code 500 when the body cannot be read', () => {
    expect(errorToastMessage(502, undefined)).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 500 });
    expect(errorToastMessage(500, '<html>')).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 500 });
    expect(errorToastMessage(400, { error: 'x' })).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 500 });
    expect(errorToastMessage(0, undefined)).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 500 });
  });
});

describe('ApiError', () => {
  it('carries the status, the toast text and the field messages', () => {
    const error = new ApiError(400, { message: 'm', messages: [{ field: 'login', message: 'Campo obrigatório' }] });
    expect(error.status).toBe(400);
    expect(error.message).toBe('login: Campo obrigatório');
    expect(error.fieldMessages).toEqual([{ field: 'login', message: 'Campo obrigatório' }]);
  });
});
