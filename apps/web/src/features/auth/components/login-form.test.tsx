import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { formMessages } from '../../../shared/validation/form-messages.ts';
import { LoginForm } from './login-form.tsx';

function setup(language = 'pt-BR') {
  const onSubmit = vi.fn();
  renderWithProviders(<LoginForm onSubmit={onSubmit} onForgotPassword={vi.fn()} messages={formMessages(language)} />);
  return {
    onSubmit,
    login: screen.getByLabelText('Usuário') as HTMLInputElement,
    senha: screen.getByLabelText('Senha') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Entrar' }),
  };
}

describe('LoginForm', () => {
  it('masks the password and turns autocomplete off', () => {
    const { login, senha } = setup();
    expect(senha.type).toBe('password');
    expect(login.getAttribute('autocomplete')).toBe('off');
    expect(senha.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByRole('button', { name: 'Esqueci minha senha' })).toBeTruthy();
  });

  it('shows "Campo obrigatório" under both empty fields on submit and does not submit', async () => {
    const { submit, onSubmit, login } = setup();
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2));
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses the English message for an English browser', async () => {
    const { submit } = setup('en-US');
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByText('The field is required')).toHaveLength(2));
  });

  it('does not validate while typing before the first submit', async () => {
    const { login } = setup();
    fireEvent.change(login, { target: { value: 'a' } });
    fireEvent.change(login, { target: { value: '' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Campo obrigatório')).toBeNull();
  });

  it('re-validates on every change after the first submit', async () => {
    const { submit, login } = setup();
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2));
    fireEvent.change(login, { target: { value: 'admin' } });
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(1));
    expect(login.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(login, { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2));
  });

  it('submits the typed values', async () => {
    const { submit, login, senha, onSubmit } = setup();
    fireEvent.change(login, { target: { value: 'admin' } });
    fireEvent.change(senha, { target: { value: 'segredo' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ login: 'admin', senha: 'segredo' }));
  });
});
