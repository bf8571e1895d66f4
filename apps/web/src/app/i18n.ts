import type { i18n as I18n } from 'i18next';
import type { FeatureMessages, Language, Messages } from '../shared/i18n-types.ts';
import { initialLanguage } from '../shared/i18n/language.ts';
import { LOGIN_FEATURES, createLoginI18n, mergeMessages } from './i18n-login.ts';
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
import { ordersMessages } from '../features/orders/i18n.ts';
import { integrationMessages } from '../features/integration/i18n.ts';
import { registersMessages } from '../features/registers/i18n.ts';
import { publishersMessages } from '../features/publishers/i18n.ts';
import { matchingMessages } from '../features/matching/i18n.ts';
import { productImportMessages } from '../features/product-import/i18n.ts';
import { dataTableMessages } from '../shared/data-table/i18n.ts';
import { terminalMessages } from '../features/terminal/i18n.ts';
import { exportsMessages } from '../shared/exports/i18n.ts';
import { readSideMessages } from '../shared/reports/i18n.ts';
import { stockReportMessages } from '../features/reports/stock-i18n.ts';
import { billingReportMessages } from '../features/reports/billing-i18n.ts';
import { opportunityReportMessages } from '../features/reports/opportunity-i18n.ts';
import { replenishmentMessages } from '../features/replenishment/i18n.ts';

/**
 * Texts of the signed-in app: every feature but the login area's. `SignedInApp` adds them to the
 * running instance when it loads (`addFeatureMessages`); they are not in the entry chunk.
 */
export const SIGNED_IN_FEATURES: readonly FeatureMessages[] = [layoutMessages, productsMessages, homeMessages, placeholderMessages, companiesMessages, usersMessages, profilesMessages, parametersMessages, schedulesMessages, goalsMessages, integrationMessages, registersMessages, publishersMessages, matchingMessages, productImportMessages, dataTableMessages, terminalMessages, exportsMessages, stockReportMessages, ordersMessages, readSideMessages, billingReportMessages, opportunityReportMessages, replenishmentMessages];

/** Every feature's texts: the login area's and the signed-in app's. */
export const FEATURES: readonly FeatureMessages[] = [...LOGIN_FEATURES, ...SIGNED_IN_FEATURES];

/** All features' texts of one language merged into one tree (features use distinct top-level keys). */
export function resourcesFor(language: Language): Messages {
  return mergeMessages(FEATURES, language);
}

/**
 * Creates and initialises (synchronously) an i18next instance with every feature's texts, and sets
 * `<html lang>` to the language (tests and tools; the app starts with the login area's texts,
 * `createLoginI18n`, and adds the rest when the signed-in app loads).
 * @param language language to start in (default `initialLanguage()`)
 */
export function createI18n(language: Language = initialLanguage()): I18n {
  return createLoginI18n(language, FEATURES);
}
