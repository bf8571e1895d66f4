import { describe, expect, it } from 'vitest';
import {
  barcodeQuery,
  editDistance,
  matchWords,
  normalize,
  prefixUpperBound,
  queryWords,
  rankCandidates,
  typoBudget,
  type RankInput,
  type TypedWord,
} from './terminal-text.ts';

/** A typed word with the corrections the vocabulary would give among `vocabulary`. */
function typed(word: string, vocabulary: string[] = [], prefix = true): TypedWord {
  const w = normalize(word);
  const budget = typoBudget(w);
  const corrections = new Map<string, number>();
  for (const v of vocabulary) {
    const d = editDistance(w, v, budget);
    if (v !== w && d <= budget) corrections.set(v, d);
  }
  return { word: w, corrections, prefix };
}

let nextId = 1;
function row(title: string, fields: Partial<RankInput> = {}): RankInput {
  return { id: nextId++, title, subtitle: null, contributors: [], publisherNames: [], collection: null, available: 0, lastSale: null, ...fields };
}

const order = (words: TypedWord[], rows: RankInput[]) => rankCandidates(words, rows).map((r) => r.title);

describe('normalisation and words', () => {
  it('folds case and accents and splits on anything not a letter or digit', () => {
    expect(normalize('Memórias PÓSTUMAS de Brás')).toBe('memorias postumas de bras');
    expect(queryWords('  "Dom"  Casmurro%_-2ª\u0000ed.')).toEqual(['dom', 'casmurro', '2a', 'ed']);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('gives the same folding on the ASCII shortcut as through NFKD', () => {
    // every Latin-1 and Latin Extended-A character beside ASCII text: the shortcut only skips ASCII
    for (let c = 0x20; c <= 0x17f; c++) {
      const text = `Ab${String.fromCharCode(c)}Z`;
      expect(normalize(text)).toBe(text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
    }
    expect(normalize('ABC-def 12')).toBe('abc-def 12');
  });
});

describe('the best field of a word', () => {
  it('keeps the title when the word is a prefix there and whole in a later field (a field without typos ends the search)', () => {
    const [m] = matchWords([typed('machad')], row('Machado e os outros', { contributors: ['Machad Silva'] }));
    expect(m).toEqual({ field: 'titulo', typos: 0, whole: false });
  });

  it('goes on to later fields while the best match has typos, and takes one with fewer', () => {
    const word = typed('casmurro', ['casmuro']);
    const [m] = matchWords([word], row('O casmuro', { subtitle: 'Dom Casmurro' }));
    expect(m).toEqual({ field: 'subtitulo', typos: 0, whole: true });
    const [n] = matchWords([word], row('O casmuro', { contributors: ['Ana Luz'] }));
    expect(n).toEqual({ field: 'titulo', typos: 1, whole: false });
  });
});

describe('typo budget and distance (Meilisearch / Typesense rules)', () => {
  it('allows 0 typos up to 4 letters, 1 from 5, 2 from 9', () => {
    expect([typoBudget('casa'), typoBudget('livro'), typoBudget('casmurro'), typoBudget('alquimist')]).toEqual([0, 1, 1, 2]);
  });

  it('counts insertion, deletion, substitution and an adjacent swap as one typo each', () => {
    expect(editDistance('livro', 'lirvo')).toBe(1);
    expect(editDistance('livro', 'livo')).toBe(1);
    expect(editDistance('livro', 'livros')).toBe(1);
    expect(editDistance('livro', 'libro')).toBe(1);
    expect(editDistance('alquimista', 'alqimsta')).toBe(2);
    expect(editDistance('casa', 'csaa')).toBe(1); // one swap, but 4 letters allow none (typoBudget)
    expect(editDistance('abcdef', 'zzzzzz', 2)).toBe(3);
  });
});

describe('barcodes', () => {
  it('reads ISBN-13 with hyphens or spaces, ISBN-10 (with its ISBN-13) and 4+ digit prefixes', () => {
    expect(barcodeQuery('978-85-359-0277-8')).toEqual({ digits: '9788535902778', exact: ['9788535902778'] });
    expect(barcodeQuery('978 85 359')).toEqual({ digits: '97885359', exact: [] });
    expect(barcodeQuery('85-359-0277-5')).toEqual({ digits: '8535902775', exact: ['8535902775', '9788535902778'] });
    expect(barcodeQuery('080442957X')?.exact).toEqual(['080442957X', '9780804429573']);
    expect(barcodeQuery('978')).toBeNull();
    expect(barcodeQuery('dom 1984')).toBeNull();
    expect(barcodeQuery('97885359027781')).toBeNull();
  });

  it('bounds a prefix range for the B-tree', () => {
    expect(prefixUpperBound('memo')).toBe('memp');
    expect(prefixUpperBound('az')).toBe('b');
    expect(prefixUpperBound('zz')).toBeNull();
    expect(prefixUpperBound('9786509')).toBe('978650a');
    expect(prefixUpperBound('ção')).toBeNull();
  });
});

describe('ranking on hand-made cases', () => {
  it('puts a title with every word before one with a word elsewhere', () => {
    const words = [typed('machado'), typed('dom')];
    const rows = [row('Contos de Machado', { contributors: ['Dom Pedro'] }), row('Dom Casmurro', { contributors: ['Machado de Assis'] }), row('Machado e Dom')];
    expect(order(words, rows)[0]).toBe('Machado e Dom');
  });

  it('orders title over subtitle over contributors over publisher over collection', () => {
    const words = [typed('mar')];
    const rows = [
      row('Livro E', { collection: 'Série Mar' }),
      row('Livro D', { publisherNames: ['Editora Mar'] }),
      row('Livro C', { contributors: ['Ana Mar'] }),
      row('Livro B', { subtitle: 'O mar' }),
      row('O mar azul'),
    ];
    expect(order(words, rows)).toEqual(['O mar azul', 'Livro B', 'Livro C', 'Livro D', 'Livro E']);
  });

  it('prefers fewer typos, then in stock, then the more recent sale', () => {
    const words = [typed('livro', ['livre'])];
    expect(words[0].corrections.get('livre')).toBe(1);
    const rows = [
      row('Livre', { available: 5, lastSale: '2026-03-01' }),
      row('Livro', { available: 0, lastSale: '2026-03-01' }),
      row('Livro', { available: 3, lastSale: '2025-01-01' }),
      row('Livro', { available: 3, lastSale: '2026-02-01' }),
      row('Livro', { available: 3, lastSale: null }),
    ];
    const ranked = rankCandidates(words, rows);
    expect(ranked.map((r) => [r.title, r.available, r.lastSale])).toEqual([
      ['Livro', 3, '2026-02-01'],
      ['Livro', 3, '2025-01-01'],
      ['Livro', 3, null],
      ['Livro', 0, '2026-03-01'],
      ['Livre', 5, '2026-03-01'],
    ]);
  });

  it('ranks an exact word before a typo at the edit limits (4/5 and 8/9 letters)', () => {
    const vocab = ['casmurro', 'alquimista', 'livro'];
    // 5 letters, 1 typo: found; 4 letters: no correction
    expect(typed('lirvo', vocab).corrections.has('livro')).toBe(true);
    expect(typed('livo', vocab).corrections.size).toBe(0);
    // 9 letters, 2 typos: found; 8 letters, 2 typos: not
    expect(typed('alqimistt', vocab).corrections.get('alquimista')).toBe(2);
    expect(typed('alqimsta', vocab).corrections.size).toBe(0);
    const words = [typed('casmuro', vocab)];
    expect(order(words, [row('Dom Casmurro'), row('Casmuro')])).toEqual(['Casmuro', 'Dom Casmurro']);
  });

  it('ignores accents and word order', () => {
    const words = [typed('postumas'), typed('MEMORIAS')];
    expect(order(words, [row('Póstumos'), row('Memórias póstumas de Brás Cubas'), row('Memórias')])[0]).toBe('Memórias póstumas de Brás Cubas');
  });

  it('counts "all words in the title" on the words as typed, not on their corrections', () => {
    // "novak" is 1 typo from "nova": a title of Novak holding "nova" does not have all typed words
    // in its title, so stock decides between the author's two titles
    const words = [typed('novak', ['nova']), typed('historia')];
    const rows = [
      row('Histórias da bossa nova', { contributors: ['Eva Novak'], available: 0 }),
      row('Uma breve história do sono', { contributors: ['Eva Novak'], available: 4 }),
    ];
    expect(order(words, rows)).toEqual(['Uma breve história do sono', 'Histórias da bossa nova']);
    // typed as a prefix it still counts: "hist" is in both titles, "nova" typed is in one
    expect(order([typed('nova'), typed('hist')], rows)[0]).toBe('Histórias da bossa nova');
  });

  it('counts a prefix as no typo but below a whole word', () => {
    const words = [typed('casa')];
    expect(order(words, [row('Casarão'), row('Casa')])).toEqual(['Casa', 'Casarão']);
  });
});
