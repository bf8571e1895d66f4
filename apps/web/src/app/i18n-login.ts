import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FeatureMessages, Language, Messages } from '../shared/i18n-types.ts';
import { LANGUAGES, applyDocumentLanguage, initialLanguage } from '../shared/i18n/language.ts';
import { authMessages } from '../features/auth/i18n.ts';
import { sessionMessages } from '../shared/session/i18n.ts';

/**
 * Texts the login area needs (`login.*`, `session.*`): the only ones in the entry chunk. The
 * signed-in app adds every other feature's texts when it loads (`addFeatureMessages`), so the
 * login route does not download the texts of screens it cannot show (issue 15, defect 14: about
 * 15 KB brotli).
 */
export const LOGIN_FEATURES: readonly FeatureMessages[] = [authMessages, sessionMessages];

/** The features' texts of one language merged into one tree (features use distinct top-level keys). */
export function mergeMessages(features: readonly FeatureMessages[], language: Language): Messages {
  return Object.assign({}, ...features.map((feature) => feature[language])) as Messages;
}

const added = new WeakMap<I18n, Set<FeatureMessages>>();

/**
 * Adds features' texts (both languages) to an i18next instance; a feature already added is
 * skipped, so calling it on every render is cheap.
 */
export function addFeatureMessages(instance: I18n, features: readonly FeatureMessages[]): void {
  const done = added.get(instance) ?? new Set<FeatureMessages>();
  added.set(instance, done);
  const fresh = features.filter((feature) => !done.has(feature));
  if (fresh.length === 0) return;
  for (const language of LANGUAGES) instance.addResourceBundle(language, 'translation', mergeMessages(fresh, language), true, false);
  for (const feature of fresh) done.add(feature);
}

/**
 * Creates and initialises (synchronously) an i18next instance with the given features' texts
 * (default: the login area's), and sets `<html lang>` to the language.
 * @param language language to start in (default `initialLanguage()`)
 */
export function createLoginI18n(language: Language = initialLanguage(), features: readonly FeatureMessages[] = LOGIN_FEATURES): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { 'pt-BR': { translation: mergeMessages(features, 'pt-BR') }, 'en-US': { translation: mergeMessages(features, 'en-US') } },
    lng: language,
    fallbackLng: 'pt-BR',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  added.set(instance, new Set(features));
  applyDocumentLanguage(language);
  return instance;
}
