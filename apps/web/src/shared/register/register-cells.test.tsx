import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import IconButton from '@mui/material/IconButton';
import { renderWithProviders } from '../../test/render.tsx';
import { ActiveSwitch, RowActions } from './register-cells.tsx';

describe('RowActions', () => {
  it('names Editar and Excluir from the screen’s texts and keeps their clicks from the row', () => {
    const onRow = vi.fn();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(
      <div onClick={onRow} onKeyDown={onRow}>
        <RowActions keyPrefix="profiles" values={{ nome: 'Vendedor' }} onEdit={onEdit} onDelete={onDelete} />
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar o perfil Vendedor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Excluir o perfil Vendedor' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Editar o perfil Vendedor' }), { key: 'Enter' });
    expect(onEdit).toHaveBeenCalledOnce();
    expect(onDelete).toHaveBeenCalledOnce();
    expect(onRow).not.toHaveBeenCalled();
  });

  it('puts extra buttons first and leaves Excluir out without onDelete', () => {
    renderWithProviders(
      <RowActions keyPrefix="parameters.api" values={{ email: 'erp@acervo.local' }} onEdit={vi.fn()}>
        <IconButton aria-label="Executar agora">▶</IconButton>
      </RowActions>,
    );
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Executar agora', 'Editar o acesso erp@acervo.local']);
  });
});

describe('ActiveSwitch', () => {
  it('is a named switch whose click toggles without opening the row', () => {
    const onRow = vi.fn();
    const onToggle = vi.fn();
    renderWithProviders(
      <div onClick={onRow}>
        <ActiveSwitch checked label="Empresa Alfa ativa" onToggle={onToggle} />
      </div>,
    );
    const toggle = screen.getByRole('switch', { name: 'Empresa Alfa ativa' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledOnce();
    expect(onRow).not.toHaveBeenCalled();
  });

  it('is disabled while a toggle runs', () => {
    renderWithProviders(<ActiveSwitch checked={false} label="Usuário Ana ativo" disabled onToggle={vi.fn()} />);
    expect((screen.getByRole('switch', { name: 'Usuário Ana ativo' }) as HTMLInputElement).disabled).toBe(true);
  });
});
