import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPLACEMENT_STATUSES } from '@acervo/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReplacementActions, allowedActions } from './replacement-actions.tsx';
import { quantityProblem } from './quantity-cell.tsx';

describe('ReplacementActions', () => {
  it('offers Aprovar, Reprovar and Cancelar on a generated replacement only', () => {
    expect(REPLACEMENT_STATUSES.map((s) => [s, allowedActions(s).length])).toEqual([
      ['GERADA', 3],
      ['APROVADA', 0],
      ['REPROVADA', 0],
      ['CANCELADA', 0],
    ]);
    for (const status of REPLACEMENT_STATUSES) {
      const { unmount } = renderWithProviders(<ReplacementActions status={status} busy={false} onAction={vi.fn()} />);
      const names = screen.queryAllByRole('button').map((b) => b.textContent);
      expect(names, status).toEqual(status === 'GERADA' ? ['Aprovar', 'Reprovar', 'Cancelar reposição'] : []);
      unmount();
    }
  });

  it('approves after confirming, and refuses to disapprove without a justification', async () => {
    const onAction = vi.fn(async () => true);
    renderWithProviders(<ReplacementActions status="GERADA" busy={false} onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aprovar reposição' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('aprovar', undefined));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reprovar reposição' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(await within(dialog).findByText('Informe a justificativa da reprovação')).toBeTruthy();
    expect(onAction).toHaveBeenCalledTimes(1);
    fireEvent.change(within(dialog).getByLabelText(/Justificativa/), { target: { value: '  Estoque suficiente na rede  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(onAction).toHaveBeenLastCalledWith('reprovar', 'Estoque suficiente na rede'));
  });
});

describe('quantityProblem', () => {
  it('accepts whole multiples of the order multiple and refuses the rest', () => {
    expect(quantityProblem('15', 5)).toBeNull();
    expect(quantityProblem('0', 5)).toBeNull();
    expect(quantityProblem('12', 5)).toBe('multiple');
    expect(quantityProblem('7', 1)).toBeNull();
    expect(quantityProblem('', 1)).toBe('integer');
    expect(quantityProblem('1000001', 1)).toBe('integer');
  });
});
