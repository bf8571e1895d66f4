import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { LANGUAGE_STORAGE_KEY, changeLanguage, initialLanguage } from '../shared/i18n/language.ts';

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'pt-BR';
});

describe('interface language', () => {
  it('starts in pt-BR, or in the language chosen earlier in this browser', () => {
    expect(initialLanguage()).toBe('pt-BR');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-US');
    expect(initialLanguage()).toBe('en-US');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr-FR');
    expect(initialLanguage()).toBe('pt-BR');
  });

  it('shows pt-BR where the en-US set has no text (SPEC section 1)', () => {
    const i18n = createI18n('en-US');
    i18n.addResource('pt-BR', 'translation', 'teste.somenteEmPortugues', 'Só em português');
    expect(i18n.t('layout.logout')).toBe('Log out');
    expect(i18n.t('teste.somenteEmPortugues')).toBe('Só em português');
  });

  it('changeLanguage switches the texts, keeps the choice and sets <html lang>', async () => {
    const i18n = createI18n('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
    await changeLanguage(i18n, 'en-US');
    expect(i18n.t('layout.logout')).toBe('Log out');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });
});
