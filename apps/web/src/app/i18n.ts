import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FeatureMessages, Language, Messages } from '../shared/i18n-types.ts';
import { LANGUAGES, applyDocumentLanguage, initialLanguage } from '../shared/i18n/language.ts';
import { authMessages } from '../features/auth/i18n.ts';
import { layoutMessages } from '../features/layout/i18n.ts';
import { productsMessages } from '../features/products/i18n.ts';
import { homeMessages } from '../features/home/i18n.ts';
import { placeholderMessages } from '../features/placeholder/i18n.ts';
import { companiesMessages } from '../features/companies/i18n.ts';
import { usersMessages } from '../features/users/i18n.ts';
import { profilesMessages } from '../features/profiles/i18n.ts';
import { parametersMessages } from '../features/parameters/i18n.ts';
import { schedulesMessages } from '../features/schedules/i18n.ts';
import { goalsMessages } from '../features/goals/i18n.ts';
import { integrationMessages } from '../features/integration/i18n.ts';
import { registersMessages } from '../features/registers/i18n.ts';
import { publishersMessages } from '../features/publishers/i18n.ts';
import { matchingMessages } from '../features/matching/i18n.ts';
import { productImportMessages } from '../features/product-import/i18n.ts';
import { sessionMessages } from '../shared/session/i18n.ts';
import { dataTableMessages } from '../shared/data-table/i18n.ts';


const FEATURES: FeatureMessages[] = [authMessages, layoutMessages, productsMessages, homeMessages, placeholderMessages, companiesMessages, usersMessages, profilesMessages, parametersMessages, schedulesMessages, goalsMessages, integrationMessages, registersMessages, publishersMessages, matchingMessages, productImportMessages, sessionMessages, dataTableMessages];

/** All features' texts of one language merged into one tree (features use distinct top-level keys). */
export function resourcesFor(language: Language): Messages {
  return Object.assign({}, ...FEATURES.map((feature) => feature[language])) as Messages;
}


/**
 * Creates and initialises (synchronously) an i18next instance with every feature's texts, and sets
 * `<html lang>` to the language.
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
  applyDocumentLanguage(language);
  return instance;
}
