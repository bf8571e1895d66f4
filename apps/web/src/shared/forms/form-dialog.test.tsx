import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { FormDialog, type FormDialogProps } from './form-dialog.tsx';

function renderDialog(props: Partial<FormDialogProps> = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onClose = vi.fn();
  renderWithProviders(
    <FormDialog open idPrefix="company" title="Nova empresa" submitting={false} cancelLabel="Cancelar" saveLabel="Salvar" onClose={onClose} {...props}>
      <form id="company-form" onSubmit={onSubmit}>
        <input aria-label="Nome" />
      </form>
    </FormDialog>,
  );
  return { onSubmit, onClose, dialog: screen.getByRole('dialog', { name: props.title ?? 'Nova empresa' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FormDialog', () => {
  it('is labelled by its title and Salvar submits the form inside', () => {
    const { onSubmit, onClose, dialog } = renderDialog();
    expect(dialog.getAttribute('aria-labelledby')).toBe('company-dialog-title');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('while saving, Cancelar is disabled and Esc does not close', () => {
    const { onClose, dialog } = renderDialog({ submitting: true });
    expect((within(dialog).getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('disables Salvar on request and shows no history unless given one', () => {
    const { dialog } = renderDialog({ saveDisabled: true });
    expect((within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('heading', { name: 'Histórico' })).toBeNull();
  });

  it('shows the record’s Histórico panel below the form', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false }))));
    const { dialog } = renderDialog({ title: 'Editar empresa', history: { entidade: 'empresa', idRegistro: 3 } });
    expect(within(dialog).getByRole('heading', { name: 'Histórico' })).toBeTruthy();
  });
});
