import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FeatureMessages, Language, Messages } from '../shared/i18n-types.ts';
import { APP_ID } from '../shared/app-id.ts';
import { authMessages } from '../features/auth/i18n.ts';
import { layoutMessages } from '../features/layout/i18n.ts';
import { productsMessages } from '../features/products/i18n.ts';
import { homeMessages } from '../features/home/i18n.ts';
import { placeholderMessages } from '../features/placeholder/i18n.ts';

/** Languages offered; pt-BR is the default and the fallback (SPEC section 1). */
export const LANGUAGES: readonly Language[] = ['pt-BR', 'en-US'];
/** Local-storage key of a language chosen by the user (`acervo:lang`). */
export const LANGUAGE_STORAGE_KEY = `${APP_ID}:lang`;

const FEATURES: FeatureMessages[] = [authMessages, layoutMessages, productsMessages, homeMessages, placeholderMessages];

/** All features' texts of one language merged into one tree (features use distinct top-level keys). */
export function resourcesFor(language: Language): Messages {
  return Object.assign({}, ...FEATURES.map((feature) => feature[language])) as Messages;
}

/** The interface language: a stored choice of en-US, otherwise pt-BR. */
export function initialLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en-US' ? 'en-US' : 'pt-BR';
  } catch {
    return 'pt-BR';
  }
}

/**
 * Creates and initialises (synchronously) an i18next instance with every feature's texts.
 * @param language language to start in (default `initialLanguage()`)
 */
export function createI18n(language: Language = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { 'pt-BR': { translation: resourcesFor('pt-BR') }, 'en-US': { translation: resourcesFor('en-US') } },
    lng: language,
    fallbackLng: 'pt-BR',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
