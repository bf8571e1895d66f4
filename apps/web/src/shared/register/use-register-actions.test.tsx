import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../toast/toast.tsx', async (importOriginal) => ({ ...(await importOriginal<object>()), toast: toastMock }));

import { renderWithProviders } from '../../test/render.tsx';
import { ConfirmDialog } from '../confirm/confirm-dialog.tsx';
import { useRegisterActions, type IdMutation, type RegisterActions } from './use-register-actions.ts';

interface Row {
  id: number;
  nome: string;
}

const ALFA: Row = { id: 7, nome: 'Alfa' };

/** A register screen reduced to the hook: its state as text and its delete confirmation. */
function mount(options: { remove: IdMutation<unknown>; toggle?: IdMutation<{ ativo: boolean }> }) {
  let current: RegisterActions<Row> | null = null;
  function Screen() {
    const actions = useRegisterActions<Row>({ keyPrefix: 'companies', ...options });
    current = actions;
    return (
      <>
        <p data-testid="form">{actions.formOpen ? `aberto:${actions.editing?.nome ?? 'novo'}` : 'fechado'}</p>
        <ConfirmDialog {...actions.deleteDialog} />
      </>
    );
  }
  renderWithProviders(<Screen />);
  return () => current as unknown as RegisterActions<Row>;
}

const mutation = <R,>(impl: (id: number) => Promise<R>) => ({ mutateAsync: vi.fn(impl), isPending: false });

afterEach(() => {
  Object.values(toastMock).forEach((fn) => fn.mockReset());
});

describe('useRegisterActions', () => {
  it('opens the form empty or on a record and closes it, keeping the record', () => {
    const actions = mount({ remove: mutation(async () => 'ok') });
    expect(screen.getByTestId('form').textContent).toBe('fechado');
    act(() => actions().openForm(null));
    expect(screen.getByTestId('form').textContent).toBe('aberto:novo');
    act(() => actions().openForm(ALFA));
    expect(screen.getByTestId('form').textContent).toBe('aberto:Alfa');
    act(() => actions().closeForm());
    expect(screen.getByTestId('form').textContent).toBe('fechado');
    expect(actions().editing).toEqual(ALFA);
  });

  it('deletes after the confirmation titled by the screen, then toasts the screen’s message', async () => {
    const remove = mutation(async () => 'ok');
    const actions = mount({ remove });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => actions().askDelete(ALFA));
    const dialog = screen.getByRole('dialog', { name: 'Excluir empresa' });
    expect(remove.mutateAsync).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Empresa excluída com sucesso!'));
    expect(remove.mutateAsync).toHaveBeenCalledWith(7);
    expect(actions().deleting).toBeNull();
  });

  it('closes the confirmation without a success toast when the delete fails (the API client toasts the error)', async () => {
    const remove = mutation(async () => {
      throw new Error('409');
    });
    const actions = mount({ remove });
    act(() => actions().askDelete(ALFA));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(actions().deleting).toBeNull());
    expect(remove.mutateAsync).toHaveBeenCalledWith(7);
    expect(toastMock.success).not.toHaveBeenCalled();
  });

  it('cancelling the confirmation deletes nothing', () => {
    const remove = mutation(async () => 'ok');
    const actions = mount({ remove });
    act(() => actions().askDelete(ALFA));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(actions().deleting).toBeNull();
    expect(remove.mutateAsync).not.toHaveBeenCalled();
  });

  it('toggles the active state and toasts the state the server answers; nothing on an error', async () => {
    const answers = [{ ativo: false }, { ativo: true }];
    const toggle = mutation(async () => {
      const next = answers.shift();
      if (!next) throw new Error('500');
      return next;
    });
    const actions = mount({ remove: mutation(async () => 'ok'), toggle });
    await act(() => actions().toggleActive(ALFA));
    expect(toastMock.success).toHaveBeenLastCalledWith('Empresa inativada com sucesso!');
    await act(() => actions().toggleActive(ALFA));
    expect(toastMock.success).toHaveBeenLastCalledWith('Empresa ativada com sucesso!');
    await act(() => actions().toggleActive(ALFA));
    expect(toastMock.success).toHaveBeenCalledTimes(2);
    expect(toggle.mutateAsync).toHaveBeenCalledWith(7);
  });
});
