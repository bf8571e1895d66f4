import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { pasteText } from '../../../test/paste.ts';
import { CompanyFormDialog } from './company-form-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('CompanyFormDialog', { timeout: 30_000 }, () => {
  it('keeps a 300-character name whole and says the length limit under it instead of cutting it to 150', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CompanyFormDialog open company={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova empresa' }, { timeout: 8000 });
    const name = within(dialog).getByRole('textbox', { name: /Nome/ });
    const long = 'Editora '.repeat(40).slice(0, 300);
    expect(pasteText(name, long)).toHaveLength(300);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(dialog).getByText('Deve ter no máximo 150 caracteres')).toBeTruthy());
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
