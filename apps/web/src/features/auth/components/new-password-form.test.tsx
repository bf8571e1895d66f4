import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { formMessages } from '../../../shared/validation/form-messages.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { newPasswordFormSchema } from '../login-schemas.ts';

const NOT_EQUAL = 'A senha de confirmação deve ser a mesma que a nova senha!';

describe('newPasswordFormSchema', () => {
  const schema = newPasswordFormSchema(formMessages('pt-BR'), NOT_EQUAL);
  it('accepts equal passwords', () => {
    expect(schema.safeParse({ senha: 'nova-senha', confirmaSenha: 'nova-senha' }).success).toBe(true);
  });
  it('rejects a different confirmation on confirmaSenha', () => {
    const result = schema.safeParse({ senha: 'nova-senha', confirmaSenha: 'outra' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['confirmaSenha'], message: NOT_EQUAL })]);
  });
  it('requires both fields', () => {
    const result = schema.safeParse({ senha: '', confirmaSenha: '' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['senha', 'Campo obrigatório'],
      ['confirmaSenha', 'Campo obrigatório'],
    ]);
  });
});

describe('NewPasswordForm', () => {
  it('shows the mismatch message under the confirmation and submits once it matches', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<NewPasswordForm onSubmit={onSubmit} onBack={vi.fn()} messages={formMessages('pt-BR')} />);
    const senha = screen.getByLabelText('Nova senha');
    const confirma = screen.getByLabelText('Confirme a nova senha');
    fireEvent.change(senha, { target: { value: 'abc12345' } });
    fireEvent.change(confirma, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar senha' }));
    expect(await screen.findByText(NOT_EQUAL)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(confirma, { target: { value: 'abc12345' } });
    await waitFor(() => expect(screen.queryByText(NOT_EQUAL)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Salvar senha' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ senha: 'abc12345', confirmaSenha: 'abc12345' }));
  });
});
