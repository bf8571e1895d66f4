import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../src/shared/i18n/language.ts';

const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../index.html'), 'utf8');
const root = /<div id="root">[\s\S]*?<\/div><\/div>/.exec(html)?.[0] ?? '';
const splashScript = /<script>(try\{[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

/** Puts the splash in the page and runs index.html's inline language script; answers the splash's name and the page language. */
function splash(): { label: string | null; lang: string } {
  document.documentElement.lang = 'pt-BR';
  document.body.innerHTML = root;
  new Function(splashScript)();
  return { label: document.querySelector('#root [role=progressbar]')?.getAttribute('aria-label') ?? null, lang: document.documentElement.lang };
}

describe('index.html splash (before any module has run)', () => {
  afterEach(() => localStorage.clear());

  it('reads the language the app stores', () => {
    expect(splashScript).toContain(`'${LANGUAGE_STORAGE_KEY}'`);
  });

  it('is named "Carregando" in pt-BR and "Loading" after English was chosen in this browser', () => {
    expect(splash()).toEqual({ label: 'Carregando', lang: 'pt-BR' });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-US');
    expect(splash()).toEqual({ label: 'Loading', lang: 'en-US' });
  });
});
