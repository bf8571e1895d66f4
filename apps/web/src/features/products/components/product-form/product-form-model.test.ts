import { describe, expect, it } from 'vitest';
import { productDetailSchema, type ProductDetail } from '@acervo/contracts';
import {
  checkIsbn,
  checkIssn,
  contributorKeyMove,
  duplicateProductId,
  emptyProductValues,
  formToBody,
  moveItem,
  productFormSchema,
  proposedSlug,
  slugWasEdited,
  valuesFromDetail,
  type ProductFormValues,
} from './product-form-model.ts';

function parse(values: Partial<ProductFormValues>) {
  return productFormSchema.safeParse({ ...emptyProductValues(), ...values });
}
function fieldErrors(values: Partial<ProductFormValues>): Record<string, string> {
  const result = parse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('live ISBN / ISSN checks', () => {
  it('tells a valid ISBN-13 with its ISBN-10, a 979 without one, and a non-book EAN-13', () => {
    expect(checkIsbn('978-85-359-0277-8')).toEqual({ kind: 'isbn13', isbn10: '8535902775' });
    expect(checkIsbn('9791032305690')).toEqual({ kind: 'isbn13', isbn10: null });
    expect(checkIsbn('7891234567895')).toEqual({ kind: 'ean13' });
  });

  it('converts a valid ISBN-10 (X check digit too) to the ISBN-13 that will be saved', () => {
    expect(checkIsbn('85-359-0277-5')).toEqual({ kind: 'isbn10', isbn13: '9788535902778' });
    expect(checkIsbn('080442957x')).toEqual({ kind: 'isbn10', isbn13: '9780804429573' });
  });

  it('names the right check digit of a wrong number, and waits while incomplete', () => {
    expect(checkIsbn('9788535902779')).toEqual({ kind: 'invalid', expected: '8' });
    expect(checkIsbn('8535902770')).toEqual({ kind: 'invalid', expected: '5' });
    expect(checkIsbn('978853')).toEqual({ kind: 'partial' });
    expect(checkIsbn('')).toEqual({ kind: 'empty' });
    expect(checkIsbn('97885359027781')).toEqual({ kind: 'wrongLength' });
    expect(checkIsbn('97A8')).toEqual({ kind: 'wrongLength' });
  });

  it('checks the ISSN check digit (X = 10) once 8 characters are typed', () => {
    expect(checkIssn('0378-5955')).toEqual({ valid: true, expected: '5' });
    expect(checkIssn('0378-5954')).toEqual({ valid: false, expected: '5' });
    expect(checkIssn('0000-006x')).toEqual({ valid: true, expected: 'X' });
    expect(checkIssn('0378')).toBeNull();
  });
});

describe('form validation wiring (productFormSchema = formToBody + the server schema)', () => {
  it('requires the ISBN and the title, with the server messages under those field names', () => {
    const errors = fieldErrors({});
    expect(errors.isbn13).toBeTruthy();
    expect(errors.titulo).toBe('Campo obrigatório');
  });

  it('refuses a wrong check digit and converts an ISBN-10 to the ISBN-13 key', () => {
    expect(fieldErrors({ isbn13: '9788535902779', titulo: 'X' }).isbn13).toMatch(/ISBN\/EAN inválido/);
    const ok = parse({ isbn13: '85-359-0277-5', titulo: 'Dom Casmurro' });
    expect(ok.success && ok.data.isbn13).toBe('9788535902778');
    expect(ok.success && ok.data.isbn10).toBe('8535902775');
  });

  it('puts the bounds on their fields: stock minimum over maximum, discount over 100, future edition year, bad ISSN', () => {
    const base = { isbn13: '9788535902778', titulo: 'X' };
    expect(fieldErrors({ ...base, estoqueMinimo: '10', estoqueMaximo: '5' }).estoqueMinimo).toBe('O estoque mínimo não pode ser maior que o estoque máximo');
    expect(fieldErrors({ ...base, percentualDescontoMaximo: '101' }).percentualDescontoMaximo).toBe('O desconto máximo deve estar entre 0 e 100%');
    const year = new Date().getFullYear();
    expect(fieldErrors({ ...base, anoEdicao: String(year + 3) }).anoEdicao).toBe(`O ano da edição não pode passar de ${year + 2}`);
    expect(fieldErrors({ ...base, anoEdicao: String(year + 2) }).anoEdicao).toBeUndefined();
    expect(fieldErrors({ ...base, issn: '0378-5954' }).issn).toMatch(/ISSN inválido/);
    expect(fieldErrors({ ...base, dataPublicacao: 'invalid' }).dataPublicacao).toBe('Data inválida');
  });

  it('sends pickers as ids/codes, a decimal comma as a number, and drops an untouched contributor row', () => {
    const result = parse({
      isbn13: '9788535902778',
      titulo: 'X',
      idEditora: { value: 7, label: 'Editora Sete' },
      situacao: { value: '21', label: '21 – Disponível' },
      percentualDescontoMaximo: '12,5',
      produtosRelacionados: [{ value: '9788535914849', label: 'Outro' }],
      autores: [
        { tipoContribuicao: { value: 'A01', label: 'A01 – Autor' }, nomeCompleto: 'Machado de Assis', nomeInvertido: '' },
        { tipoContribuicao: null, nomeCompleto: '', nomeInvertido: '' },
      ],
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.idEditora).toBe(7);
    expect(result.data.situacao).toBe('21');
    expect(result.data.percentualDescontoMaximo).toBe(12.5);
    expect(result.data.produtosRelacionados).toEqual(['9788535914849']);
    expect(result.data.autores).toEqual([{ tipoContribuicao: 'A01', nomeCompleto: 'Machado de Assis', nomeInvertido: null }]);
  });

  it('reports a contributor without a name on that row', () => {
    const errors = fieldErrors({ isbn13: '9788535902778', titulo: 'X', autores: [{ tipoContribuicao: { value: 'B06', label: 'B06' }, nomeCompleto: '', nomeInvertido: '' }] });
    expect(errors['autores.0.nomeCompleto']).toBe('Campo obrigatório');
  });

  it('round-trips a saved product: its values parse back to the same references, lists and texts', () => {
    const detail: ProductDetail = productDetailSchema.parse({
      id: 3, isbn13: '9788535902778', isbn10: '8535902775', issn: null, status: '04', descricaoStatus: null,
      indCompra: true, indVenda: false, indConsignacao: true, indEstoque: true, tipo: null, origem: null,
      titulo: 'Dom Casmurro', tituloEn: null, tituloEs: null, subtitulo: null, unidadeMedida: null, grupoProduto: null, colecao: null,
      anoEdicao: 2020, numeroEdicao: 2, tiragem: null, editora: { id: 4, nome: 'Ed' }, selo: null, categoriaBisac: 'FIC000000', subcategoriaBisac: null,
      categoria: null, assunto: null, faixaEtaria: null, publicoAlvo: { id: 9, nome: 'Adulto' }, classificacaoIndicativa: null, linhaProduto: null, personagens: null,
      brindes: [], produtosRelacionados: ['9788535914849'], estoqueMinimo: 1, estoqueMaximo: 9, formatoProduto: 'BC', descricaoFormatoProduto: 'Paperback',
      detalhesFormato: ['B305'], descricoesDetalhesFormato: [null], encadernacao: null, cest: '2806400', codigoBeneficio: null, percentualDescontoMaximo: 12.5,
      situacao: '21', descricaoSituacao: 'Available', dataSituacao: '2024-05-01', caracteristicaFiscal: null, sinopse: 'Texto', sinopseEn: null, sinopseEs: null,
      idioma: 'por', descricaoIdioma: 'Portuguese', dataPublicacao: '2020-01-02', numeroPaginas: 256, pesoGramas: 300, alturaMm: 210, larguraMm: 140, espessuraMm: 15,
      autores: [{ ordem: 1, tipoContribuicao: 'A01', descricaoContribuicao: 'Autor', nomeCompleto: 'Machado de Assis', nomeInvertido: 'Assis, Machado de' }],
      assuntos: [{ esquema: '10', descricaoEsquema: 'BISAC', codigo: 'FIC000000', descricao: null, principal: true }],
      precos: [{ tipo: '02', descricaoTipo: 'RRP', moeda: 'BRL', descricaoMoeda: null, valorCentavos: 4990, territorio: null }],
      slugSeo: 'dom-casmurro', palavrasChave: 'romance', observacao: null, idErp: null, arquivoCapa: null, indExibirMarketplace: true, indBlacklist: false, ativo: true,
      dataCadastro: '2026-01-01T00:00:00Z', dataAlteracao: '2026-01-01T00:00:00Z',
    });
    const result = productFormSchema.safeParse(valuesFromDetail(detail));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({
      idEditora: 4, idPublicoAlvo: 9, idSelo: null, categoriaBisac: 'FIC000000', formatoProduto: 'BC', detalhesFormato: ['B305'], cest: '2806400',
      percentualDescontoMaximo: 12.5, dataSituacao: '2024-05-01', indVenda: false, indConsignacao: true, anoEdicao: 2020, numeroPaginas: 256,
      autores: [{ tipoContribuicao: 'A01', nomeCompleto: 'Machado de Assis', nomeInvertido: 'Assis, Machado de' }],
      assuntos: [{ esquema: '10', codigo: 'FIC000000', descricao: null, principal: true }],
      precos: [{ tipo: '02', moeda: 'BRL', valorCentavos: 4990, territorio: null }],
      produtosRelacionados: ['9788535914849'],
    });
    expect(formToBody(valuesFromDetail(detail))).not.toHaveProperty('ativo');
  });
});

describe('contributor ordering', () => {
  it('moves an item and leaves the input untouched; clamps past the ends', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 5, 0)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('Alt+ArrowUp/Down move one place; other keys, no Alt, or past an end do nothing', () => {
    expect(contributorKeyMove('ArrowDown', true, 0, 3)).toBe(1);
    expect(contributorKeyMove('ArrowUp', true, 2, 3)).toBe(1);
    expect(contributorKeyMove('ArrowUp', true, 0, 3)).toBeNull();
    expect(contributorKeyMove('ArrowDown', true, 2, 3)).toBeNull();
    expect(contributorKeyMove('ArrowDown', false, 0, 3)).toBeNull();
    expect(contributorKeyMove('Enter', true, 0, 3)).toBeNull();
  });
});

describe('SEO slug proposal', () => {
  it('follows the title (accents removed) until edited, then keeps the typed slug', () => {
    expect(proposedSlug('Memórias Póstumas de Brás Cubas', '', false)).toBe('memorias-postumas-de-bras-cubas');
    expect(proposedSlug('Coração & Ação', 'x', false)).toBe('coracao-acao');
    expect(proposedSlug('Outro título', 'meu-slug', true)).toBe('meu-slug');
  });

  it('counts a saved slug as edited only when it differs from the proposal of its title', () => {
    expect(slugWasEdited('Dom Casmurro', 'dom-casmurro')).toBe(false);
    expect(slugWasEdited('Dom Casmurro', '')).toBe(false);
    expect(slugWasEdited('Dom Casmurro', 'casmurro-edicao-especial')).toBe(true);
  });
});

describe('duplicate ISBN message', () => {
  it('reads the id of the product the 409 names', () => {
    expect(duplicateProductId('Já existe um produto com este ISBN: "Dom Casmurro" (id 12)')).toBe(12);
    expect(duplicateProductId('Outra coisa')).toBeNull();
  });
});
