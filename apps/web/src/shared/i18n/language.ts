import type { i18n as I18n } from 'i18next';
import type { Language } from '../i18n-types.ts';
import { APP_ID } from '../app-id.ts';

/** Languages offered; pt-BR is the default and the fallback (SPEC section 1). */
export const LANGUAGES: readonly Language[] = ['pt-BR', 'en-US'];

/** Name of each language in itself, as the language choice shows it. */
export const LANGUAGE_LABELS: Record<Language, string> = { 'pt-BR': 'Português', 'en-US': 'English' };

/** Local-storage key of the language chosen in this browser (`acervo:lang`). */
export const LANGUAGE_STORAGE_KEY = `${APP_ID}:lang`;

/** The interface language: the choice stored in this browser when it is en-US, otherwise pt-BR. */
export function initialLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en-US' ? 'en-US' : 'pt-BR';
  } catch {
    return 'pt-BR';
  }
}

/** Sets `<html lang>` so assistive technology reads the page in the interface language. */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Switches the interface language and keeps the choice in this browser (local storage), so the
 * next visit starts in it. Texts the en-US set lacks show in pt-BR (the fallback).
 * @param i18n the app's i18next instance
 * @param language the chosen language
 */
export async function changeLanguage(i18n: I18n, language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}
