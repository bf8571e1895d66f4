/**
 * One spreadsheet row (CSV or XLSX) of the product import → the product save body
 * (`productSaveSchema`, the body of `POST produto`) → what the catalogue writer stores. Columns are
 * the body's wire field names plus `editora`/`selo` (publisher and imprint by name); the flat text
 * of each cell is turned into the body's types here (pt-BR formats: decimal comma, DD/MM/YYYY,
 * sim/não). Formats per column: {@link COLUMN_FORMATS}; design: docs/product-import.md.
 */
import { productSaveSchema, slugFromTitle, brDateToIso, isIsoDay, type ProductSave } from '@acervo/contracts';
import type { ExtraValues } from '../catalog-writer.ts';
import type { OnixRecord } from '../onix/onix-record.ts';

/** A problem of one row: the column (wire name) and the pt-BR reason. */
export interface RowError {
  coluna: string;
  motivo: string;
}

type Kind = 'text' | 'int' | 'decimal' | 'bool' | 'date' | 'list' | 'autores' | 'assuntos' | 'precos';

/** The body's field names, in the form's order (the template's columns, then `editora`, `selo`). */
const SAVE_FIELDS = Object.keys((productSaveSchema as unknown as { in: { shape: Record<string, unknown> } }).in.shape);

const INT_FIELDS = new Set([
  'anoEdicao',
  'numeroEdicao',
  'tiragem',
  'idEditora',
  'idSelo',
  'idFaixaEtaria',
  'idPublicoAlvo',
  'idClassificacaoIndicativa',
  'idLinhaProduto',
  'estoqueMinimo',
  'estoqueMaximo',
  'numeroPaginas',
  'pesoGramas',
  'alturaMm',
  'larguraMm',
  'espessuraMm',
]);
const BOOL_FIELDS = new Set(['indCompra', 'indVenda', 'indConsignacao', 'indEstoque', 'indExibirMarketplace', 'indBlacklist', 'ativo']);
const DATE_FIELDS = new Set(['dataSituacao', 'dataPublicacao']);
const LIST_FIELDS = new Set(['brindes', 'produtosRelacionados', 'detalhesFormato']);

function kindOf(field: string): Kind {
  if (INT_FIELDS.has(field)) return 'int';
  if (BOOL_FIELDS.has(field)) return 'bool';
  if (DATE_FIELDS.has(field)) return 'date';
  if (LIST_FIELDS.has(field)) return 'list';
  if (field === 'percentualDescontoMaximo') return 'decimal';
  if (field === 'autores' || field === 'assuntos' || field === 'precos') return field;
  return 'text';
}

/** Kind of each body field (precomputed: `rowToBody` runs once per row of 100,000-row files). */
const KINDS = new Map<string, Kind>(SAVE_FIELDS.map((f) => [f, kindOf(f)]));

/** Every column the import reads, in template order: the save body's fields, then `editora`, `selo`. */
export const IMPORT_COLUMNS: readonly string[] = [...SAVE_FIELDS, 'editora', 'selo'];

/** Columns a file must have. */
export const REQUIRED_COLUMNS = ['isbn13', 'titulo'] as const;

/** pt-BR description of each column kind's format (template notes, docs). */
export const COLUMN_FORMATS: Record<Kind, string> = {
  text: 'Texto',
  int: 'Número inteiro (ex.: 1234 ou 1.234)',
  decimal: 'Número com vírgula decimal (ex.: 12,5)',
  bool: 'sim ou não (também S/N, 1/0, true/false); vazio mantém o valor atual',
  date: 'Data DD/MM/AAAA (ou AAAA-MM-DD)',
  list: 'Lista separada por | (ex.: 9788535902778|9788535914849)',
  autores: 'Lista separada por |, cada um PAPEL:Nome (papel ONIX 17, ex.: A01:Machado de Assis|B06:Fulano de Tal); sem papel = A01',
  assuntos: 'Lista separada por |, cada um ESQUEMA:código (ONIX 26, ex.: 10:FIC000000|93:FB)',
  precos: 'Lista separada por |, cada um TIPO:MOEDA:valor (ONIX 58, ex.: 02:BRL:49,90); só o valor = 02:BRL',
};

/** pt-BR format note of a column (template). */
export function columnFormat(column: string): string {
  if (column === 'editora') return 'Nome da editora (usado quando idEditora está vazio; criada se não existir)';
  if (column === 'selo') return 'Nome do selo da editora (usado quando idSelo está vazio; criado se não existir)';
  const base = COLUMN_FORMATS[kindOf(column)];
  if (column === 'isbn13') return 'Obrigatório. ISBN-13, EAN-13 ou ISBN-10 (convertido), com ou sem hífens';
  if (column === 'titulo') return 'Obrigatório. Texto';
  return base;
}

/** Example row of the template (column → cell text). */
export const TEMPLATE_EXAMPLE: Record<string, string> = {
  isbn13: '978-85-359-0277-8',
  titulo: 'Dom Casmurro',
  subtitulo: 'Edição comentada',
  status: '04',
  indVenda: 'sim',
  anoEdicao: '2024',
  numeroEdicao: '1',
  categoriaBisac: 'FIC004000',
  formatoProduto: 'BC',
  detalhesFormato: 'B305',
  percentualDescontoMaximo: '12,5',
  situacao: '21',
  dataPublicacao: '15/03/2024',
  idioma: 'por',
  numeroPaginas: '256',
  pesoGramas: '320',
  alturaMm: '210',
  larguraMm: '140',
  espessuraMm: '15',
  sinopse: 'Bento Santiago narra sua vida e o ciúme de Capitu.',
  autores: 'A01:Machado de Assis',
  assuntos: '10:FIC004000',
  precos: '02:BRL:49,90',
  palavrasChave: 'romance, clássico',
  editora: 'Editora Exemplo',
};

const TRUE_WORDS = new Set(['sim', 's', 'true', 't', '1', 'verdadeiro', 'v', 'x', 'yes', 'y']);
const FALSE_WORDS = new Set(['não', 'nao', 'n', 'false', 'f', '0', 'falso', 'no']);

/**
 * A pt-BR or plain number: `1.234,56` / `12,5` (decimal comma) or `12.5` (decimal point when the
 * text has no comma). Null when it is not a number.
 */
export function parseDecimal(text: string): number | null {
  let t = text.trim().replace(/\s/g, '');
  if (t === '') return null;
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** An integer typed as `1234`, `1.234` (thousands dot) or `1234,0`; null when it is not an integer. */
export function parseInteger(text: string): number | null {
  const t = text.trim().replace(/\s/g, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(t)) return Number(t.replace(/\./g, ''));
  const n = parseDecimal(t);
  return n !== null && Number.isInteger(n) ? n : null;
}

function splitList(text: string): string[] {
  return text
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Result of {@link rowToBody}: the body (field → value) and the errors of the cells it could not read. */
export interface BodyResult {
  body: Record<string, unknown>;
  errors: RowError[];
  /** `editora` / `selo` name columns (trimmed), null when blank. */
  publisherName: string | null;
  imprintName: string | null;
}

/** Longest `editora` / `selo` name (the publisher register's `nome`, 300). */
export const IMPORT_NAME_MAX = 300;

/**
 * Turns a row's cells (column → text) into the save body. Blank cells are left out (null for the
 * schema: none; for flags: keep the stored value). Cells that cannot be read as their column's
 * type give an error and are left out.
 */
export function rowToBody(cells: Record<string, string>): BodyResult {
  const body: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const field in cells) {
    const kind = KINDS.get(field);
    if (kind === undefined) continue; // editora, selo
    const text = cells[field].trim();
    if (text === '') continue;
    const fail = (motivo: string) => errors.push({ coluna: field, motivo });
    switch (kind) {
      case 'text':
        body[field] = text;
        break;
      case 'int': {
        const n = parseInteger(text);
        if (n === null) fail('Deve ser um número inteiro');
        else body[field] = n;
        break;
      }
      case 'decimal': {
        const n = parseDecimal(text);
        if (n === null) fail('Deve ser um número (use vírgula para decimais, ex.: 12,5)');
        else body[field] = n;
        break;
      }
      case 'bool': {
        const w = text.toLowerCase();
        if (TRUE_WORDS.has(w)) body[field] = true;
        else if (FALSE_WORDS.has(w)) body[field] = false;
        else fail('Use sim ou não');
        break;
      }
      case 'date': {
        const iso = isIsoDay(text) ? text : brDateToIso(text);
        if (iso === null) fail('Data inválida: use DD/MM/AAAA');
        else body[field] = iso;
        break;
      }
      case 'list':
        body[field] = splitList(text);
        break;
      case 'autores':
        body[field] = splitList(text).map((item) => {
          const m = /^([A-Za-z]\d{2})\s*:\s*(.+)$/.exec(item);
          return m ? { tipoContribuicao: m[1], nomeCompleto: m[2].trim() } : { tipoContribuicao: 'A01', nomeCompleto: item };
        });
        break;
      case 'assuntos':
        body[field] = splitList(text).map((item) => {
          const m = /^(\d{2,3})\s*:\s*(.+)$/.exec(item);
          return m ? { esquema: m[1], codigo: m[2].trim() } : { esquema: '', codigo: item };
        });
        break;
      case 'precos': {
        const prices: unknown[] = [];
        for (const item of splitList(text)) {
          const parts = item.split(':').map((s) => s.trim());
          const [tipo, moeda, valor] = parts.length >= 3 ? parts : ['02', 'BRL', parts[parts.length - 1]];
          const n = parseDecimal(valor);
          if (n === null || n < 0) {
            fail(`Preço inválido: "${item}" (use TIPO:MOEDA:valor, ex.: 02:BRL:49,90)`);
            continue;
          }
          prices.push({ tipo, moeda, valorCentavos: Math.round(n * 100) });
        }
        body[field] = prices;
        break;
      }
    }
  }
  // a publisher or imprint name over its register's limit is the row's error, never cut to fit
  const name = (c: string) => {
    const v = cells[c]?.trim();
    if (!v) return null;
    if (v.length > IMPORT_NAME_MAX) {
      errors.push({ coluna: c, motivo: `Deve ter no máximo ${IMPORT_NAME_MAX} caracteres` });
      return null;
    }
    return v;
  };
  return { body, errors, publisherName: name('editora'), imprintName: name('selo') };
}

/** The row's save body checked by `productSaveSchema`: the parsed body, or the errors (column = first path part). */
export function validateBody(body: Record<string, unknown>): { ok: true; value: ProductSave } | { ok: false; errors: RowError[] } {
  const parsed = productSaveSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = parsed.error.issues.map((issue) => ({ coluna: String(issue.path[0] ?? 'linha'), motivo: issue.message }));
  return { ok: false, errors };
}

/** A child list the writer replaces (`replaceChildren` of `catalog-writer.ts`). */
export type ChildKind = 'contributors' | 'subjects' | 'prices';

/**
 * What each import column writes: `produto` columns, or a child list (`@contributors`…). The
 * flags are not here: a flag column left blank or absent keeps the stored value anyway. Every
 * column of IMPORT_COLUMNS but the key and the flags has an entry (a test checks it).
 */
export const COLUMN_TARGETS: Readonly<Record<string, readonly string[]>> = {
  isbn10: ['isbn10'], issn: ['issn'], status: ['status'], tipo: ['tipo'], origem: ['origem'],
  titulo: ['titulo'], tituloEn: ['titulo_en'], tituloEs: ['titulo_es'], subtitulo: ['subtitulo'],
  unidadeMedida: ['unidade_medida'], grupoProduto: ['grupo_produto'], colecao: ['colecao'],
  anoEdicao: ['ano_edicao'], numeroEdicao: ['numero_edicao'], tiragem: ['tiragem'],
  idEditora: ['editora_id'], editora: ['editora_id'], idSelo: ['selo_id'], selo: ['selo_id'],
  categoriaBisac: ['categoria_bisac'], subcategoriaBisac: ['subcategoria_bisac'], categoria: ['categoria'], assunto: ['assunto'],
  idFaixaEtaria: ['faixa_etaria_id'], idPublicoAlvo: ['publico_alvo_id'], idClassificacaoIndicativa: ['classificacao_indicativa_id'], idLinhaProduto: ['linha_produto_id'],
  personagens: ['personagens'], brindes: ['brindes'], produtosRelacionados: ['produtos_relacionados'],
  estoqueMinimo: ['estoque_minimo'], estoqueMaximo: ['estoque_maximo'],
  formatoProduto: ['formato_produto'], detalhesFormato: ['detalhes_formato'], encadernacao: ['encadernacao'],
  cest: ['cest'], codigoBeneficio: ['codigo_beneficio'], percentualDescontoMaximo: ['percentual_desconto_maximo'],
  situacao: ['situacao'], dataSituacao: ['data_situacao'], caracteristicaFiscal: ['caracteristica_fiscal'],
  sinopse: ['sinopse'], sinopseEn: ['sinopse_en'], sinopseEs: ['sinopse_es'], idioma: ['idioma'],
  dataPublicacao: ['data_publicacao'], numeroPaginas: ['numero_paginas'], pesoGramas: ['peso_gramas'],
  alturaMm: ['altura_mm'], larguraMm: ['largura_mm'], espessuraMm: ['espessura_mm'],
  autores: ['@contributors'], assuntos: ['@subjects'], precos: ['@prices'],
  slugSeo: ['slug_seo'], palavrasChave: ['palavras_chave'], observacao: ['observacao'],
};

/**
 * What an update must leave as stored because the file has no column for it: `columns` of
 * `produto` and child lists (`children`). A blank cell in a column the file has still clears the
 * field; a column the file lacks is no statement about the field (a 3-column file that corrects
 * page counts must not wipe publishers, prices and contributors).
 * @param fileColumns the file's columns (canonical wire names, as `produto_importacao.colunas`)
 */
export function keptOnUpdate(fileColumns: readonly string[]): { columns: Set<string>; children: Set<ChildKind> } {
  const present = new Set(fileColumns.flatMap((c) => COLUMN_TARGETS[c] ?? []));
  const columns = new Set<string>();
  const children = new Set<ChildKind>();
  for (const targets of Object.values(COLUMN_TARGETS)) {
    for (const target of targets) {
      if (present.has(target)) continue;
      if (target.startsWith('@')) children.add(target.slice(1) as ChildKind);
      else columns.add(target);
    }
  }
  return { columns, children };
}

/** What the writer needs of one valid row: the ONIX-shaped record and the other columns. */
export interface WritableRow {
  record: OnixRecord;
  extras: ExtraValues;
}

/**
 * Maps a valid save body to the catalogue writer's input. Publisher and imprint travel by name
 * (the writer finds or creates them by `nome_chave`, like the ONIX import); ids given in the file
 * are turned into names by the caller beforehand.
 */
export function bodyToWritable(p: ProductSave, line: number, publisherName: string | null, imprintName: string | null): WritableRow {
  const n = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);
  const record: OnixRecord = {
    reference: null,
    line,
    isbn13: p.isbn13,
    isbn10: n(p.isbn10),
    blocks: null,
    deletion: false,
    title: p.titulo,
    subtitle: n(p.subtitulo),
    contributors: p.autores.map((a, i) => ({ sequence: i + 1, role: a.tipoContribuicao, fullName: a.nomeCompleto, invertedName: n(a.nomeInvertido) })),
    productForm: n(p.formatoProduto),
    productFormDetails: p.detalhesFormato,
    subjects: p.assuntos.map((s) => ({ scheme: s.esquema, code: n(s.codigo), heading: n(s.descricao), main: s.principal })),
    bisacCategory: n(p.categoriaBisac),
    keywords: n(p.palavrasChave),
    editionNumber: n(p.numeroEdicao),
    pages: n(p.numeroPaginas),
    language: n(p.idioma),
    heightMm: n(p.alturaMm),
    widthMm: n(p.larguraMm),
    thicknessMm: n(p.espessuraMm),
    weightGrams: n(p.pesoGramas),
    synopsis: n(p.sinopse),
    publisherName,
    imprintName,
    publishingStatus: n(p.status),
    publicationDate: n(p.dataPublicacao),
    editionYear: n(p.anoEdicao),
    availability: n(p.situacao),
    prices: p.precos.map((x) => ({ priceType: x.tipo, currency: x.moeda, amountCents: x.valorCentavos, territory: n(x.territorio) })),
  };
  const extras: ExtraValues = {
    issn: n(p.issn),
    tipo: n(p.tipo),
    origem: n(p.origem),
    titulo_en: n(p.tituloEn),
    titulo_es: n(p.tituloEs),
    unidade_medida: n(p.unidadeMedida),
    grupo_produto: n(p.grupoProduto),
    colecao: n(p.colecao),
    tiragem: n(p.tiragem),
    subcategoria_bisac: n(p.subcategoriaBisac),
    categoria: n(p.categoria),
    assunto: n(p.assunto),
    faixa_etaria_id: n(p.idFaixaEtaria),
    publico_alvo_id: n(p.idPublicoAlvo),
    classificacao_indicativa_id: n(p.idClassificacaoIndicativa),
    linha_produto_id: n(p.idLinhaProduto),
    personagens: n(p.personagens),
    brindes: p.brindes.length ? p.brindes.join(',') : null,
    produtos_relacionados: p.produtosRelacionados,
    estoque_minimo: n(p.estoqueMinimo),
    estoque_maximo: n(p.estoqueMaximo),
    encadernacao: n(p.encadernacao),
    cest: n(p.cest),
    codigo_beneficio: n(p.codigoBeneficio),
    percentual_desconto_maximo: p.percentualDescontoMaximo == null ? null : p.percentualDescontoMaximo.toFixed(2),
    data_situacao: n(p.dataSituacao),
    caracteristica_fiscal: n(p.caracteristicaFiscal),
    sinopse_en: n(p.sinopseEn),
    sinopse_es: n(p.sinopseEs),
    slug_seo: p.slugSeo ?? (slugFromTitle(p.titulo) || null),
    observacao: n(p.observacao),
    ind_compra: n(p.indCompra),
    ind_venda: n(p.indVenda),
    ind_consignacao: n(p.indConsignacao),
    ind_estoque: n(p.indEstoque),
    ind_exibir_marketplace: n(p.indExibirMarketplace),
    ind_blacklist: n(p.indBlacklist),
    ativo: n(p.ativo),
  };
  return { record, extras };
}
