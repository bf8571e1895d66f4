import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, resourcesFor } from './i18n.ts';
import type { Messages } from '../shared/i18n-types.ts';
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

/** Every leaf of a translation tree as `path → text`. */
function leaves(tree: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The `{{name}}` placeholders of a text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('every text in both languages (issue 15, defect 8)', () => {
  const pt = leaves(resourcesFor('pt-BR'));
  const en = leaves(resourcesFor('en-US'));

  it('has an en-US text for every pt-BR key of every namespace, and no en-US key without a pt-BR one', () => {
    expect(pt.size).toBeGreaterThan(500);
    expect([...pt.keys()].filter((key) => !en.get(key)?.trim())).toEqual([]);
    expect([...en.keys()].filter((key) => !pt.get(key)?.trim())).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const mismatched = [...pt].filter(([key, text]) => en.has(key) && placeholders(text).join() !== placeholders(en.get(key)!).join()).map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
