import type { ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, ptBR } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';
import type {} from '@mui/x-date-pickers/themeAugmentation';

/** dayjs locale of each interface language (dayjs names English `en`, built in). */
const DAYJS_LOCALE = { 'pt-BR': 'pt-br', 'en-US': 'en' } as const;

/** MUI X pickers' texts of each interface language (placeholders DD/MM/AAAA, aria labels, buttons). */
const PICKER_TEXT = {
  'pt-BR': ptBR.components.MuiLocalizationProvider.defaultProps.localeText,
  'en-US': enUS.components.MuiLocalizationProvider.defaultProps.localeText,
} as const;

/**
 * Calendar weekday header: the first letter of the weekday's full name in the language, so pt-BR
 * reads D S T Q Q S S and English S M T W T F S. MUI's default takes dayjs's shortest names, which
 * in pt-br are "Do 2ª 3ª…" and gave the header "D 2 3 4 5 6 S" (issue 15, defect 7).
 */
export function weekdayInitial(day: Dayjs): string {
  return day.format('dddd').charAt(0).toLocaleUpperCase();
}

/** Adds the weekday-header formatter to the surrounding theme (only below the provider). */
function withWeekdayInitials(surrounding: Theme): Theme {
  // no surrounding ThemeProvider (a test): MUI's default theme
  const outer = 'palette' in surrounding ? surrounding : createTheme();
  return {
    ...outer,
    components: { ...outer.components, MuiDateCalendar: { ...outer.components?.MuiDateCalendar, defaultProps: { ...outer.components?.MuiDateCalendar?.defaultProps, dayOfWeekFormatter: weekdayInitial } } },
  };
}

/** The interface language of an i18next instance, as the app names it (pt-BR unless en-US). */
function pickerLanguage(language: string | undefined): keyof typeof DAYJS_LOCALE {
  return language === 'en-US' ? 'en-US' : 'pt-BR';
}

/**
 * Date pickers' localisation for the screens that have pickers (each wraps itself in it, so the
 * pickers' adapter and dayjs stay out of the screens without one): MUI X `LocalizationProvider`
 * with AdapterDayjs, following i18next's language (re-renders on a switch): pt-BR → dayjs `pt-br`
 * and MUI X's ptBR texts (placeholder DD/MM/AAAA, "Escolha uma data", "Mês anterior"), en-US →
 * dayjs `en` and enUS texts; the calendar header shows each weekday's initial (`weekdayInitial`).
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = pickerLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALE[language]} localeText={PICKER_TEXT[language]}>
      <ThemeProvider theme={withWeekdayInitials}>{children}</ThemeProvider>
    </LocalizationProvider>
  );
}
