import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { useDialogForm } from './use-dialog-form.ts';

const schema = z.object({ nome: z.string().trim().min(1, 'Campo obrigatório') });
const DEFAULTS = { nome: 'Alfa' };

/** A dialog's form reduced to one field; the buttons open and close it. */
function Harness({ onSave }: { onSave: (values: { nome: string }) => void }) {
  const [open, setOpen] = useState(true);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useDialogForm(schema, DEFAULTS, open);
  return (
    <>
      <form onSubmit={handleSubmit(onSave)}>
        <input aria-label="Nome" {...register('nome')} />
        <span role="alert">{errors.nome?.message ?? ''}</span>
        <button type="submit">Salvar</button>
      </form>
      <button onClick={() => setOpen(false)}>Fechar</button>
      <button onClick={() => setOpen(true)}>Abrir</button>
    </>
  );
}

describe('useDialogForm', () => {
  it('validates with the schema on submit and hands the parsed values over', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const nome = screen.getByLabelText('Nome') as HTMLInputElement;
    fireEvent.change(nome, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Campo obrigatório'));
    expect(onSave).not.toHaveBeenCalled();
    // after a failed submit it validates on change
    fireEvent.change(nome, { target: { value: ' Beta ' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0][0]).toEqual({ nome: 'Beta' });
  });

  it('goes back to the defaults each time the dialog opens', async () => {
    render(<Harness onSave={vi.fn()} />);
    const nome = screen.getByLabelText('Nome') as HTMLInputElement;
    expect(nome.value).toBe('Alfa');
    fireEvent.change(nome, { target: { value: 'Rascunho' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(nome.value).toBe('Rascunho');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(nome.value).toBe('Alfa'));
  });
});
