import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { resultRows } from '../db/rows.ts';
import { publishers } from '../products/products.schema.ts';
import { analyzeWords } from './terminal.repository.ts';
import { editDistance, typoBudget } from './terminal-text.ts';

/*
 * The typo lookup on the database (migration 0019): the vocabulary's deletion neighbourhood, kept
 * by the trigger on terminal_vocabulo, and `analyzeWords` reading it. Publisher names feed the
 * vocabulary through their trigger, so the words here arrive as a user's data would.
 */
let t: TestApp;

/** Stored word → typed word, each within the typed word's budget (typoBudget). */
const WITHIN: [string, string][] = [
  ['livro', 'lirvo'], // swap in the middle
  ['livro', 'xivro'], // first letter
  ['livro', 'livrx'], // last letter
  ['livro', 'livrro'], // insertion
  ['casmurro', 'casmuro'], // deletion of a doubled letter
  ['alquimista', 'xlquimistx'], // two substitutions at the ends
  ['alquimista', 'alquimsta'], // deletion (9 letters typed: 2 typos allowed)
  ['alquimista', 'alqimistt'], // deletion and substitution
  ['paralelepipedo', 'paralelepipdoo'], // two swaps' worth
  ['paralelepipedo', 'xaralelepipedx'],
  ['memorias', 'memroias'], // swap
];
/** Stored word → typed word, beyond the typed word's budget. */
const BEYOND: [string, string][] = [
  ['livro', 'livox'], // 2 edits, 5 letters allow 1
  ['casmurro', 'csamuro'], // 2 edits, 7 letters allow 1
  ['alquimista', 'xlqimistx'], // 3 edits, 9 letters allow 2
];

beforeAll(async () => {
  t = await createTestApp();
  const names = [...new Set([...WITHIN, ...BEYOND].map(([stored]) => stored)), 'livros', 'carro', 'casa'];
  await t.database.db.insert(publishers).values(names.map((n) => ({ name: `Editora ${n}`, nameKey: `editora ${n}` })));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('terminal typo lookup', () => {
  it('keeps the deletion neighbourhood of every new vocabulary word: 1 deletion, 2 from 7 characters', async () => {
    const variants = async (word: string) =>
      resultRows<{ variante: string }>(await t.database.db.execute(sql`SELECT variante FROM terminal_vocabulo_variante WHERE palavra = ${word} ORDER BY variante`)).map((r) => r.variante);
    expect(await variants('casa')).toEqual(['asa', 'caa', 'cas', 'casa', 'csa']);
    expect(await variants('carro')).toEqual(['arro', 'caro', 'carr', 'carro', 'crro']); // "caro" once, from either r
    const long = await variants('memorias');
    expect(long).toContain('memorias');
    expect(long).toContain('emorias'); // 1 deletion
    expect(long).toContain('mmrias'); // 2 deletions
    expect(long).not.toContain('orias'); // 3 deletions never
    expect(new Set(long).size).toBe(long.length);
  });

  it('finds every stored word within the budget of the typed word; no candidate beyond twice the budget', async () => {
    for (const [stored, typed] of WITHIN) {
      const budget = typoBudget(typed);
      expect(editDistance(typed, stored, budget), `${typed} → ${stored}`).toBeLessThanOrEqual(budget);
      const [analysis] = await analyzeWords(t.database.db, [typed], [budget]);
      expect(analysis.nearWords, `${typed} → ${stored}`).toContain(stored);
    }
    // a shared deletion bounds the distance by twice the budget: candidates beyond the budget
    // ("livox" and "livro" share "livo" at distance 2) are dropped by the service's exact check
    for (const [stored, typed] of BEYOND) {
      const budget = typoBudget(typed);
      expect(editDistance(typed, stored, 2 * budget), `${typed} ↛ ${stored}`).toBeGreaterThan(budget);
      const [analysis] = await analyzeWords(t.database.db, [typed], [budget]);
      for (const near of analysis.nearWords) expect(editDistance(typed, near, 2 * budget), `${typed} ~ ${near}`).toBeLessThanOrEqual(2 * budget);
    }
    // 4 letters allow no typo: no lookup at all
    const [short] = await analyzeWords(t.database.db, ['csaa'], [typoBudget('csaa')]);
    expect(short.nearWords).toEqual([]);
    // the word itself is no correction of itself; a plural is one insertion away
    const [exact] = await analyzeWords(t.database.db, ['livro'], [1]);
    expect(exact.nearWords).not.toContain('livro');
    expect(exact.nearWords).toContain('livros');
  });

  it('marks stop words and looks up several words in one statement', async () => {
    const found = await analyzeWords(t.database.db, ['de', 'lirvo', 'memroias'], [0, 1, 1]);
    expect(found[0]).toEqual({ stop: true, nearWords: [], known: true }); // no budget: not looked up
    expect(found[1].known).toBe(false); // "lirvo" is no vocabulary word nor starts one
    expect(found[2].known).toBe(false);
    const [memo, livr, livros] = await analyzeWords(t.database.db, ['memo', 'livr', 'livros'], [1, 1, 1]);
    expect([memo.known, livr.known, livros.known]).toEqual([true, true, true]); // prefixes of memorias, livro; livros itself
    expect(found[1].nearWords).toContain('livro');
    expect(found[2].nearWords).toContain('memorias');
  });
});
