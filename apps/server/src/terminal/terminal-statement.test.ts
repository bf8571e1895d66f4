import { PgDialect } from 'drizzle-orm/pg-core';
import { fillPlaceholders } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateStatement, type SearchWord, type TerminalFilters } from './terminal.repository.ts';

/*
 * The candidate statement is turned into text once per shape (`executePreparedShape`): two
 * searches of one shape must build the same text, and every placeholder must get a value. Searches
 * that differ in every way the text could depend on (word count, prefix, length, corrections,
 * filters, short words, window, title as text) are built and grouped by shape.
 */
const dialect = new PgDialect();

const word = (w: string, corrections: string[] = [], prefix = true): SearchWord => ({ word: w, corrections, prefix });
const base: TerminalFilters = { companyId: 1 };

const searches: [SearchWord[], string[], TerminalFilters, number, boolean, string[]][] = [
  [[word('memorias')], [], base, 30, false, ['memorias']],
  [[word('memoriaz', ['memorias'])], [], base, 30, false, ['memoriaz']],
  [[word('a')], [], base, 30, false, ['a']],
  [[word('ab')], [], base, 30, false, ['ab']],
  [[word('zz')], [], base, 30, false, ['zz']],
  [[word('zzz')], [], base, 30, false, ['zzz']],
  [[word('casa', [], false)], [], base, 30, false, ['casa']],
  [[word('samba'), word('homem'), word('dinxaa', ['dinaxa'])], [], base, 30, false, ['samba', 'homem', 'dinxaa']],
  [[word('historia'), word('brasil')], [], base, 30, false, ['historia', 'brasil']],
  [[word('historia'), word('brasil')], [], base, 41, false, ['historia', 'brasil']],
  [[word('historia'), word('brasil')], ['do'], base, 30, false, ['historia', 'do', 'brasil']],
  [[word('historia'), word('brasil')], [], { ...base, publisherId: 3 }, 30, false, ['historia', 'brasil']],
  [[word('historia'), word('brasil')], [], { ...base, publisherId: 4, inStock: true }, 30, false, ['historia', 'brasil']],
  [[word('historia'), word('brasil')], [], { ...base, subjectId: 2, availability: '20' }, 30, false, ['historia', 'brasil']],
  [[word('historia'), word('brasil')], [], { ...base, isbns: ['9788535914849'] }, 30, false, ['historia', 'brasil']],
  [[word('historia'), word('brasil')], [], { ...base, isbns: ['9788535914849', '8535914846'] }, 30, false, ['historia', 'brasil']],
  [[word('historia'), word('brasil')], [], { ...base, isbns: [] }, 30, false, ['historia', 'brasil']],
  [[word('historia', [], false), word('brasil')], [], { ...base, phrase: 'historia brasil' }, 30, false, ['historia', 'brasil']],
  [[word('war'), word('book')], [], base, 30, true, ['war', 'book']],
  [[word('1868'), word('1948')], [], base, 30, true, ['1868', '1948']],
  [[word('silva'), word('historia'), word('casa'), word('mar')], [], base, 30, false, ['silva', 'historia', 'casa', 'mar']],
  [[word('machado', ['machados'])], ['de'], { ...base, availability: '21' }, 30, false, ['machado', 'de']],
];

describe('the candidate statement by shape', () => {
  it('builds the same text for every search of one shape, each placeholder with a value', () => {
    const byShape = new Map<string, string[]>();
    for (const args of searches) {
      const statement = candidateStatement(...args);
      const built = dialect.sqlToQuery(statement.build());
      // a placeholder without a value throws here
      const params = fillPlaceholders(built.params, statement.values);
      expect(params.every((v) => v !== undefined)).toBe(true);
      byShape.set(statement.shape, [...(byShape.get(statement.shape) ?? []), built.sql]);
    }
    // 22 searches, 19 shapes: "memorias" and "memoriaz" share one (a word of 3+ letters typed as a
    // prefix: its corrections are values), so do "a" and "ab" (short words: no name arms; "zz" has
    // no upper bound for its prefix range) and the two searches of the title as text
    expect(byShape.size).toBe(19);
    for (const i of [0, 2, 19]) expect(byShape.get(candidateStatement(...searches[i]).shape)).toHaveLength(2);
    for (const texts of byShape.values()) expect(new Set(texts).size).toBe(1);
  });

  it('gives two searches that build different texts different shapes', () => {
    const textByShape = new Map<string, string>();
    const shapeByText = new Map<string, string>();
    for (const args of searches) {
      const statement = candidateStatement(...args);
      const text = dialect.sqlToQuery(statement.build()).sql;
      if (textByShape.has(statement.shape)) expect(textByShape.get(statement.shape)).toBe(text);
      textByShape.set(statement.shape, text);
      shapeByText.set(text, statement.shape);
    }
    expect(shapeByText.size).toBe(textByShape.size);
  });
});
