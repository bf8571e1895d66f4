import type { FeatureMessages, Language, Messages } from '../i18n-types.ts';

/**
 * Texts of every list (`dataTable.*`), beside MUI X Data Grid's own pt-BR/en-US locale text: the
 * empty list (the SPEC's 'Não foi encontrado dados'), a failed list, and the pager's range
 * (`{{from}}`, `{{to}}`, `{{count}}` already formatted as numbers of the language).
 */
export const dataTableMessages: FeatureMessages = {
  'pt-BR': {
    dataTable: {
      noData: 'Não foi encontrado dados',
      error: 'Não foi possível carregar a lista.',
      retry: 'Tentar novamente',
      range: '{{from}}–{{to}} de {{count}}',
      rangeMore: '{{from}}–{{to}} de mais de {{count}}',
      loading: 'Carregando a lista…',
    },
  },
  'en-US': {
    dataTable: {
      noData: 'No data found',
      error: 'The list could not be loaded.',
      retry: 'Try again',
      range: '{{from}}–{{to}} of {{count}}',
      rangeMore: '{{from}}–{{to}} of more than {{count}}',
      loading: 'Loading the list…',
    },
  },
};

/** One list text of a language, with `{{name}}` placeholders filled (for code outside React). */
export function dataTableText(language: Language, key: 'noData' | 'error' | 'retry' | 'range' | 'rangeMore' | 'loading', values: Record<string, string> = {}): string {
  const template = ((dataTableMessages[language].dataTable as Messages)[key] as string) ?? '';
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
