import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { createI18n } from '../../app/i18n.ts';
import { changeLanguage } from '../i18n/language.ts';
import { DATE_FORMAT } from '../format/format.ts';
import type { Language } from '../i18n-types.ts';
import { DateLocalization } from './date-localization.tsx';

function renderPicker(language: Language) {
  const i18n = createI18n(language);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <DateLocalization>
        <DatePicker label="Data" format={DATE_FORMAT} referenceDate={dayjs('2026-11-26')} slotProps={{ textField: { id: 'd' } }} />
      </DateLocalization>
    </I18nextProvider>,
  );
  return { ...view, i18n };
}

/** The field's visible text (MUI X renders the sections as spans, with the placeholders). */
const fieldText = () => (document.querySelector('.MuiPickersSectionList-root')?.textContent ?? '').replace(/[\u2066-\u2069\u200e]/g, '');

/** Weekday header of the open calendar. */
const weekdays = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .join(' ');

describe('date pickers follow the interface language (issue 15, defect 7)', () => {
  it('pt-BR: placeholder DD/MM/AAAA, weekdays D S T Q Q S S, Portuguese labels', () => {
    renderPicker('pt-BR');
    expect(fieldText()).toBe('DD/MM/AAAA');
    fireEvent.click(screen.getByRole('button', { name: 'Escolha uma data' }));
    expect(weekdays()).toBe('D S T Q Q S S');
    expect(screen.getByRole('button', { name: 'Mês anterior' })).toBeTruthy();
    expect(screen.getByText('novembro 2026')).toBeTruthy();
  });

  it('en-US: placeholder DD/MM/YYYY, weekdays S M T W T F S, English labels', () => {
    renderPicker('en-US');
    expect(fieldText()).toBe('DD/MM/YYYY');
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }));
    expect(weekdays()).toBe('S M T W T F S');
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeTruthy();
    expect(screen.getByText('November 2026')).toBeTruthy();
  });

  it('switches with the language', async () => {
    const { i18n } = renderPicker('pt-BR');
    expect(fieldText()).toBe('DD/MM/AAAA');
    await changeLanguage(i18n, 'en-US');
    expect(await screen.findByRole('button', { name: 'Choose date' })).toBeTruthy();
    expect(fieldText()).toBe('DD/MM/YYYY');
  });
});
