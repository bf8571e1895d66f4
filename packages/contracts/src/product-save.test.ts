import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_BOUNDS_MESSAGE,
  INVALID_CEST_MESSAGE,
  INVALID_ISBN_MESSAGE,
  INVALID_ISSN_MESSAGE,
  INVALID_SLUG_MESSAGE,
  ISBN10_MISMATCH_MESSAGE,
  STOCK_BOUNDS_MESSAGE,
  brDateToIso,
  coverPath,
  editionYearMessage,
  imageProxyQuerySchema,
  isValidIsbn10,
  isValidIsbn13,
  isbn10To13,
  isbn13To10,
  isoDateToBr,
  normalizeIsbn13,
  normalizeIssn,
  productSaveSchema,
  slugFromTitle,
} from './index.ts';


/** Field → messages of a failed parse. */
function errors(body: unknown): Record<string, string[]> {
  const result = productSaveSchema.safeParse(body);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const base = { isbn13: '9788535902778', titulo: 'Dom Casmurro' };

describe('ISBN / EAN check digits', () => {
  it('converts real ISBN-10s to their ISBN-13 and back (cross-checked against isbn3 in apps/server product-save.isbn.test.ts)', () => {
    const pairs: [string, string][] = [
      ['8535902775', '9788535902778'],
      ['0306406152', '9780306406157'],
      ['080442957X', '9780804429573'],
      ['0140449132', '9780140449136'],
    ];
    for (const [isbn10, isbn13] of pairs) {
      expect(isValidIsbn10(isbn10), isbn10).toBe(true);
      expect(isbn10To13(isbn10)).toBe(isbn13);
      expect(isbn13To10(isbn13)).toBe(isbn10);
      expect(isValidIsbn13(isbn13)).toBe(true);
    }
  });

  it('converts a valid ISBN-10 typed in isbn13 (hyphens, lower-case x) and derives isbn10', () => {
    const out = productSaveSchema.parse({ ...base, isbn13: '0-8044-2957-x' });
    expect(out.isbn13).toBe(isbn10To13('080442957X'));
    expect(out.isbn10).toBe('080442957X');
    expect(productSaveSchema.parse({ ...base, isbn13: '978-85-359-0277-8' }).isbn13).toBe('9788535902778');
  });

  it('refuses wrong check digits in ISBN-13, ISBN-10 and EAN, and wrong lengths', () => {
    for (const bad of ['9788535902779', '8535902776', '7891234567890', '978853590277', '97885359027788', 'abcdefghij', '']) {
      expect(normalizeIsbn13(bad), bad).toBeNull();
      const e = errors({ ...base, isbn13: bad });
      expect(e.isbn13, bad).toBeDefined();
    }
    expect(errors({ ...base, isbn13: '9788535902779' }).isbn13).toEqual([INVALID_ISBN_MESSAGE]);
    // every one of the 10 possible last digits: only the right one passes
    for (let d = 0; d <= 9; d++) expect(normalizeIsbn13(`978853590277${d}`) !== null, String(d)).toBe(d === 8);
  });

  it('accepts a non-book EAN-13 (Brazilian 789 prefix) with no ISBN-10', () => {
    const ean = '7891000315507'; // valid GS1 check digit
    expect(normalizeIsbn13(ean)).toBe(ean);
    const out = productSaveSchema.parse({ ...base, isbn13: ean });
    expect(out.isbn10).toBeNull();
    expect(isValidIsbn13(ean)).toBe(false);
    expect(isbn13To10('9791032305690')).toBeNull(); // 979 has no ISBN-10
  });

  it('checks isbn10 against isbn13', () => {
    expect(errors({ ...base, isbn10: '0306406152' }).isbn10).toEqual([ISBN10_MISMATCH_MESSAGE]);
    expect(errors({ ...base, isbn10: '8535902776' }).isbn10).toBeDefined();
    expect(productSaveSchema.parse({ ...base, isbn10: '85-359-0277-5' }).isbn10).toBe('8535902775');
  });
});

describe('ISSN', () => {
  it('accepts valid ISSNs (with X check) and stores NNNN-NNNC', () => {
    expect(normalizeIssn('0378-5955')).toBe('0378-5955');
    expect(normalizeIssn('03785955')).toBe('0378-5955');
    expect(normalizeIssn('2049-3630')).toBe('2049-3630');
    expect(normalizeIssn('0000-006x')).toBe('0000-006X');
    expect(productSaveSchema.parse({ ...base, issn: '03785955' }).issn).toBe('0378-5955');
  });

  it('refuses a wrong check digit or form', () => {
    for (const bad of ['0378-5954', '0378-595', '0378-59555', 'ABCD-EFGH']) expect(normalizeIssn(bad), bad).toBeNull();
    expect(errors({ ...base, issn: '0378-5954' }).issn).toEqual([INVALID_ISSN_MESSAGE]);
  });
});

describe('slugFromTitle', () => {
  it('removes accents, lower-cases and joins words with single hyphens', () => {
    expect(slugFromTitle('Memórias Póstumas de Brás Cubas!')).toBe('memorias-postumas-de-bras-cubas');
    expect(slugFromTitle('  Ação & Reação — 2ª edição  ')).toBe('acao-reacao-2a-edicao');
    expect(slugFromTitle('Über Straße')).toBe('uber-strasse');
    expect(slugFromTitle('!!!')).toBe('');
  });

  it('cuts long titles at a hyphen within 300 characters', () => {
    const slug = slugFromTitle('palavra '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(300);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('palavra-palavra')).toBe(true);
  });

  it('the schema refuses a slug that is not lower-case words with hyphens', () => {
    for (const bad of ['Com Maiuscula', 'acento-é', 'dois--hifens', '-inicio']) expect(errors({ ...base, slugSeo: bad }).slugSeo, bad).toEqual([INVALID_SLUG_MESSAGE]);
    expect(productSaveSchema.parse({ ...base, slugSeo: 'dom-casmurro-2' }).slugSeo).toBe('dom-casmurro-2');
  });
});

describe('bounds', () => {
  it('maximum discount 0–100 with at most 2 decimals', () => {
    expect(errors({ ...base, percentualDescontoMaximo: -1 }).percentualDescontoMaximo).toEqual([DISCOUNT_BOUNDS_MESSAGE]);
    expect(errors({ ...base, percentualDescontoMaximo: 100.01 }).percentualDescontoMaximo).toEqual([DISCOUNT_BOUNDS_MESSAGE]);
    expect(errors({ ...base, percentualDescontoMaximo: 10.005 }).percentualDescontoMaximo).toBeDefined();
    expect(productSaveSchema.parse({ ...base, percentualDescontoMaximo: 0 }).percentualDescontoMaximo).toBe(0);
    expect(productSaveSchema.parse({ ...base, percentualDescontoMaximo: 100 }).percentualDescontoMaximo).toBe(100);
    expect(productSaveSchema.parse({ ...base, percentualDescontoMaximo: 12.5 }).percentualDescontoMaximo).toBe(12.5);
  });

  it('minimum stock <= maximum stock (message on estoqueMinimo)', () => {
    expect(errors({ ...base, estoqueMinimo: 11, estoqueMaximo: 10 }).estoqueMinimo).toEqual([STOCK_BOUNDS_MESSAGE]);
    expect(productSaveSchema.safeParse({ ...base, estoqueMinimo: 10, estoqueMaximo: 10 }).success).toBe(true);
    expect(productSaveSchema.safeParse({ ...base, estoqueMinimo: 10 }).success).toBe(true);
    expect(errors({ ...base, estoqueMinimo: -1 }).estoqueMinimo).toBeDefined();
  });

  it('edition year at most 2 years ahead', () => {
    const year = new Date().getFullYear();
    expect(productSaveSchema.safeParse({ ...base, anoEdicao: year + 2 }).success).toBe(true);
    expect(errors({ ...base, anoEdicao: year + 3 }).anoEdicao).toEqual([editionYearMessage(year + 2)]);
    expect(errors({ ...base, anoEdicao: 999 }).anoEdicao).toBeDefined();
  });

  it('pages, dimensions and weight are positive integers', () => {
    for (const field of ['numeroPaginas', 'pesoGramas', 'alturaMm', 'larguraMm', 'espessuraMm']) {
      expect(errors({ ...base, [field]: 0 })[field], field).toBeDefined();
      expect(errors({ ...base, [field]: 1.5 })[field], field).toBeDefined();
      expect(errors({ ...base, [field]: -3 })[field], field).toBeDefined();
      expect(productSaveSchema.safeParse({ ...base, [field]: 120 }).success, field).toBe(true);
    }
  });

  it('CEST is 7 digits (mask accepted)', () => {
    expect(productSaveSchema.parse({ ...base, cest: '28.038.00' }).cest).toBe('2803800');
    expect(errors({ ...base, cest: '280380' }).cest).toEqual([INVALID_CEST_MESSAGE]);
    expect(errors({ ...base, cest: '28038AB' }).cest).toEqual([INVALID_CEST_MESSAGE]);
  });

  it('dates are real ISO days; the form helpers convert DD/MM/YYYY', () => {
    expect(errors({ ...base, dataPublicacao: '2026-02-30' }).dataPublicacao).toBeDefined();
    expect(errors({ ...base, dataSituacao: '30/01/2026' }).dataSituacao).toBeDefined();
    expect(productSaveSchema.parse({ ...base, dataPublicacao: '2024-02-29' }).dataPublicacao).toBe('2024-02-29');
    expect(brDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(brDateToIso('29/02/2023')).toBeNull();
    expect(brDateToIso('2024-02-29')).toBeNull();
    expect(isoDateToBr('2024-02-29')).toBe('29/02/2024');
  });
});

describe('productSaveSchema fields', () => {
  it('needs only isbn13 and titulo; blanks become null, lists empty', () => {
    expect(errors({})).toMatchObject({ isbn13: ['Campo obrigatório'], titulo: ['Campo obrigatório'] });
    const out = productSaveSchema.parse({ ...base, subtitulo: '  ', idEditora: '', sinopse: null });
    expect(out).toMatchObject({ subtitulo: null, idEditora: null, sinopse: null, autores: [], produtosRelacionados: [], brindes: [] });
  });

  it('contributors keep their order and need an ONIX list 17 role and a name', () => {
    const out = productSaveSchema.parse({
      ...base,
      autores: [
        { tipoContribuicao: 'a01', nomeCompleto: 'Machado de Assis', nomeInvertido: 'Assis, Machado de' },
        { tipoContribuicao: 'B06', nomeCompleto: 'Tradutora' },
      ],
    });
    expect(out.autores.map((a) => a.tipoContribuicao)).toEqual(['A01', 'B06']);
    const e = errors({ ...base, autores: [{ tipoContribuicao: 'autor', nomeCompleto: '' }] });
    expect(e['autores.0.tipoContribuicao']).toBeDefined();
    expect(e['autores.0.nomeCompleto']).toEqual(['Campo obrigatório']);
  });

  it('related products and gifts are ISBN lists: converted, no repeats, not the product itself', () => {
    const out = productSaveSchema.parse({ ...base, produtosRelacionados: ['0306406152', '978-0-14-044913-6'], brindes: ['080442957X'] });
    expect(out.produtosRelacionados).toEqual(['9780306406157', '9780140449136']);
    expect(out.brindes).toEqual([isbn10To13('080442957X')]);
    expect(errors({ ...base, produtosRelacionados: ['0306406152', '9780306406157'] }).produtosRelacionados).toBeDefined();
    expect(errors({ ...base, produtosRelacionados: ['9780306406158'] })['produtosRelacionados.0']).toEqual([INVALID_ISBN_MESSAGE]);
    expect(errors({ ...base, brindes: [base.isbn13] }).brindes).toBeDefined();
  });

  it('references are positive ids; unknown fields are refused', () => {
    expect(productSaveSchema.parse({ ...base, idEditora: '12', idSelo: 3 })).toMatchObject({ idEditora: 12, idSelo: 3 });
    expect(errors({ ...base, idEditora: 0 }).idEditora).toBeDefined();
    expect(errors({ ...base, idEditora: 2 ** 31 }).idEditora).toBeDefined();
    expect(Object.keys(errors({ ...base, editora: 'x' }))).toEqual(['']);
  });

  it('codes: BISAC, formato, situação, idioma, preços', () => {
    expect(productSaveSchema.parse({ ...base, categoriaBisac: 'fic000000', idioma: 'POR', formatoProduto: 'bc' })).toMatchObject({ categoriaBisac: 'FIC000000', idioma: 'por', formatoProduto: 'BC' });
    expect(errors({ ...base, categoriaBisac: 'FIC00' }).categoriaBisac).toBeDefined();
    expect(errors({ ...base, situacao: 'X' }).situacao).toBeDefined();
    expect(errors({ ...base, precos: [{ tipo: '02', moeda: 'BRL', valorCentavos: 1.5 }] })['precos.0.valorCentavos']).toBeDefined();
    expect(productSaveSchema.parse({ ...base, precos: [{ tipo: '02', moeda: 'brl', valorCentavos: 4990 }] }).precos).toEqual([{ tipo: '02', moeda: 'BRL', valorCentavos: 4990, territorio: undefined }]);
    expect(errors({ ...base, assuntos: [{ esquema: '10', principal: true }, { esquema: '93', principal: true }] }).assuntos).toBeDefined();
  });

  it('control characters are refused in texts', () => {
    expect(errors({ ...base, titulo: 'a\u0000b' }).titulo).toBeDefined();
  });
});

describe('cover and proxy helpers', () => {
  it('coverPath carries the size and version', () => {
    expect(coverPath(7, 'capa-7-abc.webp', 'p')).toBe('produto/7/capa?tamanho=p&v=capa-7-abc.webp');
  });

  it('the proxy takes only absolute http(s) URLs', () => {
    expect(imageProxyQuerySchema.safeParse({ url: 'https://covers.example.com/a.jpg' }).success).toBe(true);
    for (const bad of ['file:///etc/passwd', 'ftp://x/a.jpg', 'gopher://x', '/relative.jpg', 'javascript:alert(1)']) {
      expect(imageProxyQuerySchema.safeParse({ url: bad }).success, bad).toBe(false);
    }
  });
});
