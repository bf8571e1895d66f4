import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { LogFilters } from './log-filters.tsx';

/** Issue 15, defect 8: the log's filters stayed Portuguese in English. */
describe('integration log filters in English', () => {
  it('labels, options and date placeholders in English', () => {
    renderWithProviders(
      <DateLocalization>
        <LogFilters value={{}} onApply={() => undefined} onClear={() => undefined} />
      </DateLocalization>,
      { language: 'en-US' },
    );
    for (const label of ['Response contains', 'Request contains', 'Status', 'Integration type', 'Record type']) expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    fireEvent.mouseDown(within(screen.getByLabelText('Integration type').closest('.MuiFormControl-root') as HTMLElement).getByRole('combobox'));
    expect(screen.getByRole('option', { name: 'Acervo simulator (reference protocol)' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.mouseDown(within(screen.getByLabelText('Record type').closest('.MuiFormControl-root') as HTMLElement).getByRole('combobox'));
    expect(screen.getByRole('option', { name: 'Sales and returns' })).toBeTruthy();
    expect(screen.queryByText(/Tipo de integração|Vendas e devoluções|Buscar|Limpar/)).toBeNull();
    expect(document.body.textContent).toContain('DD/MM/YYYY');
  });
});
