import { z } from 'zod';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The ERP protocol (issue 7): what the ERP simulator (`apps/erp-sim`) serves and what Acervo's
 * simulator connector (`apps/server/src/erp/`) reads, JSON over HTTP, documented for people in
 * `docs/erp-protocol.yaml`. One definition for both sides, so a field renamed on one side breaks
 * the other's type check instead of a sync at run time.
 *
 * Conventions (all fields in Portuguese like the SPEC's wire names):
 * - every record has `id` (the ERP's id, a string unique per company and entity type) and
 *   `alteradoEm` (ISO 8601 UTC instant with milliseconds of the ERP's last change);
 * - money is integer BRL cents (`...Centavos`), never fractions; quantities are integer units;
 * - dates without time (`dataEmissao`, `dataLancamento`) are local dates in America/Sao_Paulo,
 *   `YYYY-MM-DD`;
 * - references to other records are by ERP id (`idCliente`, `idProduto`...), of the same company.
 *
 * Calls (base `/api/v1`, bearer token from `POST /api/v1/login`):
 * - `POST login {usuario, senha}` → `{token, expiraEm}` (401 on a wrong pair)
 * - `GET saude` → `{status: 'OK', versao, agora}` (no token)
 * - `GET empresas` → `{itens: [{codigo, nome, cnpj}]}`
 * - `GET empresas/{codigo}/registros/{entidade}?cursor=&desde=&limite=` → `ErpPage`: the records of
 *   that company and entity type changed after the position `cursor` (opaque, from a previous page)
 *   or, without a cursor, at or after the instant `desde` (a date alone: that day's 00:00 in
 *   America/Sao_Paulo; default: the beginning), ordered by
 *   (`alteradoEm`, `id`), at most `limite` (1-1000, default 500). The answer's `cursor` is the
 *   position after its last record (the same cursor back when the page is empty): store it as the
 *   watermark and ask again with it. `temMais` says whether more records follow right now.
 * - `GET empresas/{codigo}/registros/{entidade}/{id}` → one record by its ERP id, as a page would
 *   serve it now (404 `{erro}` when the company has no such record): the sync's reprocessing
 *   re-fetches a rejected record with it
 * - `POST empresas/{codigo}/produtos` (body `ErpProductOut`) → `{id, alteradoEm}` (the ERP id)
 * - `POST empresas/{codigo}/pedidos` (body `ErpOrderOut`) → `{id, numero}`
 * - `GET estatisticas` → `ErpStatistics`: count and checksum (`erpChecksum`) of every entity type
 *   per company, for tests and consistency checks; over the records served valid only, with the
 *   count of those served malformed beside (`malformados`)
 * - simulator only: `GET controle/falhas` and `PUT controle/falhas` (body: part of the fault
 *   settings; see `docs/erp-simulator.md`), same bearer token
 * A record is valid when `parseErpRecord` accepts it: its schema plus the checks a shape cannot
 * say (EAN check digit, a sale's line and total arithmetic), listed by `erpRecordProblems`.
 * Errors answer `{erro: string}` with a 4xx/5xx status.
 */

/** The 13 entity types whose integration is tracked (SPEC section 3), in sync order: registers first. */
export const ERP_ENTITIES = [
  'TIPO_CONTRIBUICAO',
  'TIPO_PRODUTO',
  'TIPO_OPERACAO_FISCAL',
  'FORMA_PAGAMENTO',
  'TRANSPORTADORA',
  'ASSUNTO',
  'SELO',
  'AUTOR',
  'VENDEDOR',
  'CLIENTE',
  'PRODUTO',
  'ESTOQUE',
  'VENDA',
] as const;

/** One of the 13 entity types. */
export type ErpEntity = (typeof ERP_ENTITIES)[number];

/** zod schema of an entity type name (400 'Entidade inválida' style errors come from it). */
export const erpEntitySchema = z.enum(ERP_ENTITIES);

/** pt-BR labels of the entity types, for screens and messages. */
export const ERP_ENTITY_LABELS: Readonly<Record<ErpEntity, string>> = {
  TIPO_CONTRIBUICAO: 'Tipos de contribuição',
  TIPO_PRODUTO: 'Tipos de produto',
  TIPO_OPERACAO_FISCAL: 'Tipos de operação fiscal',
  FORMA_PAGAMENTO: 'Formas de pagamento',
  TRANSPORTADORA: 'Transportadoras',
  ASSUNTO: 'Assuntos',
  SELO: 'Selos',
  AUTOR: 'Autores',
  VENDEDOR: 'Vendedores',
  CLIENTE: 'Clientes',
  PRODUTO: 'Produtos',
  ESTOQUE: 'Estoque',
  VENDA: 'Vendas e devoluções',
};

/** The 27 Brazilian federative units (UF). */
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN',
  'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

const erpId = z.string().min(1).max(50);
const instant = z.iso.datetime({ offset: false, precision: 3 });
const localDate = z.iso.date();
const cents = z.number().int().min(-99_999_999_999).max(99_999_999_999);
const quantity = z.number().int().min(-9_999_999).max(9_999_999);
const name = z.string().min(1).max(300);
const optionalText = (max: number) => z.string().max(max).nullable();
const cnpjDigits = z.string().regex(/^[0-9A-Z]{12}[0-9]{2}$/, 'CNPJ sem máscara');
const uf = z.enum(UFS);

const base = { id: erpId, alteradoEm: instant };

/** TIPO_CONTRIBUICAO: contributor role; `codigoOnix` is ONIX code list 17 (A01 author...). */
export const erpContributorTypeSchema = z.object({ ...base, descricao: name, codigoOnix: z.string().regex(/^[A-Z][0-9]{2}$/).nullable(), ativo: z.boolean() });
/** TIPO_PRODUTO: product type; `formatoOnix` is ONIX code list 150 (BB hardback, BC paperback, ED e-book...). */
export const erpProductTypeSchema = z.object({ ...base, descricao: name, formatoOnix: z.string().regex(/^[A-Z0-9]{2}$/).nullable(), ativo: z.boolean() });
/**
 * TIPO_OPERACAO_FISCAL: fiscal operation (CFOP 4 digits). `natureza` says what it does to sales
 * reports: VENDA (billed sale), DEVOLUCAO (return of a sale), CONSIGNACAO (consignment shipment,
 * not billed until settled), ACERTO_CONSIGNACAO (consignment settlement, billed), BONIFICACAO
 * (free goods, not billed), OUTRA.
 */
export const erpFiscalOperationSchema = z.object({
  ...base,
  cfop: z.string().regex(/^[1-7][0-9]{3}$/),
  descricao: name,
  natureza: z.enum(['VENDA', 'DEVOLUCAO', 'CONSIGNACAO', 'ACERTO_CONSIGNACAO', 'BONIFICACAO', 'OUTRA']),
  ativo: z.boolean(),
});
/** FORMA_PAGAMENTO: payment form; `parcelas` instalments, `prazoDias` days to the last one. */
export const erpPaymentFormSchema = z.object({ ...base, descricao: name, parcelas: z.number().int().min(1).max(120), prazoDias: z.number().int().min(0).max(3650), ativo: z.boolean() });
/** TRANSPORTADORA: carrier. */
export const erpCarrierSchema = z.object({ ...base, nome: name, cnpj: cnpjDigits.nullable(), uf: uf.nullable(), ativo: z.boolean() });
/** ASSUNTO: subject; `codigoBisac` when the ERP maps it (e.g. FIC000000). */
export const erpSubjectSchema = z.object({ ...base, descricao: name, codigoBisac: z.string().regex(/^[A-Z]{3}[0-9]{6}$/).nullable(), ativo: z.boolean() });
/** SELO: imprint, with its publisher (by name and CNPJ: the ERP has no separate publisher register). */
export const erpImprintSchema = z.object({ ...base, nome: name, editora: name, cnpjEditora: cnpjDigits.nullable(), ativo: z.boolean() });
/** AUTOR: contributor (person or corporate body). */
export const erpAuthorSchema = z.object({ ...base, nome: name, nomeInvertido: optionalText(300), biografia: optionalText(4000), ativo: z.boolean() });
/** VENDEDOR: seller (sales representative). `email` links to an Acervo user when equal. */
export const erpSellerSchema = z.object({ ...base, nome: name, email: z.email().max(254).nullable(), ativo: z.boolean() });
/** CLIENTE: customer. `documento` is a CNPJ (14) or, for people, a CPF (11), digits only. */
export const erpClientSchema = z.object({
  ...base,
  razaoSocial: name,
  nomeFantasia: optionalText(300),
  documento: z.string().regex(/^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$/),
  tipo: z.enum(['LIVRARIA', 'ESCOLA', 'MARKETPLACE', 'GOVERNO', 'DISTRIBUIDOR', 'PESSOA_FISICA']),
  uf,
  municipio: name,
  codigoMunicipioIbge: z.string().regex(/^[0-9]{7}$/).nullable(),
  idVendedor: erpId.nullable(),
  ativo: z.boolean(),
});
/** One contributor of a product, in display order (`ordem` from 1). */
export const erpProductContributorSchema = z.object({ idAutor: erpId, idTipoContribuicao: erpId, ordem: z.number().int().min(1).max(999) });
/**
 * PRODUTO: the ERP's product. `ean` is the ISBN-13/EAN (13 digits, check digit valid; a bad one
 * makes the record malformed). Prices in cents.
 */
export const erpProductSchema = z.object({
  ...base,
  ean: z.string().regex(/^[0-9]{13}$/),
  titulo: z.string().min(1).max(500),
  subtitulo: optionalText(500),
  idSelo: erpId.nullable(),
  idTipoProduto: erpId.nullable(),
  idAssunto: erpId.nullable(),
  contribuidores: z.array(erpProductContributorSchema).max(50),
  precoCentavos: cents.nonnegative(),
  custoCentavos: cents.nonnegative().nullable(),
  dataLancamento: localDate.nullable(),
  anoEdicao: z.number().int().min(1450).max(2100).nullable(),
  paginas: z.number().int().min(1).max(100_000).nullable(),
  pesoGramas: z.number().int().min(1).max(100_000).nullable(),
  idioma: z.string().regex(/^[a-z]{3}$/).nullable(),
  /** ONIX list 65 product availability (20 available, 21 in stock, 31 out of stock, 40 unavailable, 51 out of print...). */
  situacao: z.string().regex(/^[0-9]{2}$/),
  ativo: z.boolean(),
});
/**
 * ESTOQUE: stock of one product in the company, units. `id` is the stock record's ERP id.
 * `fisico` on hand, `reservado` for open sales orders, `consignado` held by clients on
 * consignment, `bloqueado` damaged or held, `pedidoCompra` on open purchase orders (SPEC's "ordered").
 */
export const erpStockSchema = z.object({
  ...base,
  idProduto: erpId,
  fisico: quantity,
  reservado: quantity.nonnegative(),
  consignado: quantity.nonnegative(),
  bloqueado: quantity.nonnegative(),
  pedidoCompra: quantity.nonnegative(),
});
/**
 * One line of a sales document. `valorLiquidoCentavos` = quantidade × precoUnitarioCentavos −
 * descontoCentavos (checked: a line that does not add up makes the record malformed);
 * `custoCentavos` is the line's total cost. A return line names the line it returns (`linhaOrigem`).
 */
export const erpSaleLineSchema = z.object({
  linha: z.number().int().min(1).max(9999),
  idProduto: erpId,
  quantidade: quantity.positive(),
  precoUnitarioCentavos: cents.nonnegative(),
  descontoCentavos: cents.nonnegative(),
  valorLiquidoCentavos: cents.nonnegative(),
  custoCentavos: cents.nonnegative().nullable(),
  linhaOrigem: z.number().int().min(1).max(9999).nullable(),
});
/**
 * VENDA: a sales document. `tipo` NOTA (invoice) or DEVOLUCAO (a return: `idDocumentoOrigem` is
 * the invoice it returns, its lines name the returned lines). `consignacao` marks consignment
 * shipments and their returns. `totalCentavos` = Σ valorLiquidoCentavos + freteCentavos.
 * `cancelada` documents stay in the feed (a cancelled invoice changes again, with `cancelada` true).
 */
export const erpSaleSchema = z.object({
  ...base,
  tipo: z.enum(['NOTA', 'DEVOLUCAO']),
  numero: z.number().int().min(1).max(999_999_999),
  serie: z.string().min(1).max(3),
  dataEmissao: localDate,
  idCliente: erpId,
  idVendedor: erpId.nullable(),
  uf,
  idTipoOperacaoFiscal: erpId,
  idFormaPagamento: erpId.nullable(),
  idTransportadora: erpId.nullable(),
  consignacao: z.boolean(),
  idDocumentoOrigem: erpId.nullable(),
  freteCentavos: cents.nonnegative(),
  totalCentavos: cents.nonnegative(),
  cancelada: z.boolean(),
  /**
   * The `referencia` of the sales order (`POST pedidos`, tipo VENDA) this invoice bills, when it
   * bills one (issue 19); absent or null for documents the ERP made on its own.
   */
  referenciaPedido: z.string().min(1).max(50).nullable().optional(),
  itens: z.array(erpSaleLineSchema).min(1).max(2000),
});

/** The record schema of each entity type. */
export const ERP_RECORD_SCHEMAS = {
  TIPO_CONTRIBUICAO: erpContributorTypeSchema,
  TIPO_PRODUTO: erpProductTypeSchema,
  TIPO_OPERACAO_FISCAL: erpFiscalOperationSchema,
  FORMA_PAGAMENTO: erpPaymentFormSchema,
  TRANSPORTADORA: erpCarrierSchema,
  ASSUNTO: erpSubjectSchema,
  SELO: erpImprintSchema,
  AUTOR: erpAuthorSchema,
  VENDEDOR: erpSellerSchema,
  CLIENTE: erpClientSchema,
  PRODUTO: erpProductSchema,
  ESTOQUE: erpStockSchema,
  VENDA: erpSaleSchema,
} as const satisfies Record<ErpEntity, z.ZodType>;

/** A valid record of entity type E. */
export type ErpRecord<E extends ErpEntity = ErpEntity> = z.infer<(typeof ERP_RECORD_SCHEMAS)[E]>;
export type ErpSale = z.infer<typeof erpSaleSchema>;
export type ErpSaleLine = z.infer<typeof erpSaleLineSchema>;
export type ErpProduct = z.infer<typeof erpProductSchema>;
export type ErpStock = z.infer<typeof erpStockSchema>;
export type ErpClient = z.infer<typeof erpClientSchema>;

/**
 * A page of changed records. `itens` are raw JSON values: the reader validates each one with
 * `ERP_RECORD_SCHEMAS[entity]` so one malformed record does not throw the page away.
 */
export const erpPageSchema = z.object({
  itens: z.array(z.unknown()),
  cursor: z.string().min(1).max(500),
  temMais: z.boolean(),
});
export type ErpPage = z.infer<typeof erpPageSchema>;

/** `POST login` answer. */
export const erpLoginResponseSchema = z.object({ token: z.string().min(1), expiraEm: instant });

/** `GET saude` answer. */
export const erpHealthSchema = z.object({ status: z.literal('OK'), versao: z.string(), agora: instant });

/** `POST empresas/{codigo}/produtos` body: a catalogue product sent to the ERP. */
export const erpProductOutSchema = z.object({
  idErp: erpId.nullable(),
  ean: z.string().regex(/^[0-9]{13}$/),
  titulo: z.string().min(1).max(500),
  subtitulo: optionalText(500),
  editora: name.nullable(),
  selo: name.nullable(),
  precoCentavos: cents.nonnegative().nullable(),
  anoEdicao: z.number().int().nullable(),
  paginas: z.number().int().nullable(),
  situacao: z.string().nullable(),
});
export type ErpProductOut = z.infer<typeof erpProductOutSchema>;

/**
 * `POST empresas/{codigo}/pedidos` body: a purchase order (replenishment) or a sales order. A sales
 * order (issue 19) may also name its payment form, carrier and fiscal operation and each line's
 * discount in cents (`descontoCentavos`, of the whole line); the ERP bills the order with them.
 */
export const erpOrderOutSchema = z.object({
  tipo: z.enum(['COMPRA', 'VENDA']),
  referencia: z.string().min(1).max(50),
  idCliente: erpId.nullable(),
  idVendedor: erpId.nullable(),
  idFormaPagamento: erpId.nullable().optional(),
  idTransportadora: erpId.nullable().optional(),
  idTipoOperacaoFiscal: erpId.nullable().optional(),
  observacao: optionalText(1000),
  itens: z
    .array(z.object({ idProduto: erpId, quantidade: quantity.positive(), precoUnitarioCentavos: cents.nonnegative().nullable(), descontoCentavos: cents.nonnegative().optional() }))
    .min(1)
    .max(2000),
});
export type ErpOrderOut = z.infer<typeof erpOrderOutSchema>;

/** `GET estatisticas`: per company code, per entity type, the count and `erpChecksum` of its current records. */
export const erpStatisticsSchema = z.object({
  geradoEm: instant,
  empresas: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        registros: z.number().int().nonnegative(),
        checksum: z.string().regex(/^[0-9a-f]{16}$/),
        /** Records of that type currently served malformed (not in `registros` nor `checksum`); absent = 0. */
        malformados: z.number().int().nonnegative().optional(),
      }),
    ),
  ),
});
export type ErpStatistics = z.infer<typeof erpStatisticsSchema>;

/**
 * The fields of each entity type that the checksum covers: enough to prove that the stored data
 * equals the ERP's to the cent (ids, money, quantities, dates, references), without texts that a
 * store may normalise. Line fields are folded in as `itens` (see `erpChecksumKey`).
 */
export const ERP_CHECKSUM_FIELDS: Readonly<Record<ErpEntity, readonly string[]>> = {
  TIPO_CONTRIBUICAO: ['id', 'codigoOnix', 'ativo'],
  TIPO_PRODUTO: ['id', 'formatoOnix', 'ativo'],
  TIPO_OPERACAO_FISCAL: ['id', 'cfop', 'natureza', 'ativo'],
  FORMA_PAGAMENTO: ['id', 'parcelas', 'prazoDias', 'ativo'],
  TRANSPORTADORA: ['id', 'cnpj', 'uf', 'ativo'],
  ASSUNTO: ['id', 'codigoBisac', 'ativo'],
  SELO: ['id', 'cnpjEditora', 'ativo'],
  AUTOR: ['id', 'ativo'],
  VENDEDOR: ['id', 'ativo'],
  CLIENTE: ['id', 'documento', 'tipo', 'uf', 'idVendedor', 'ativo'],
  PRODUTO: ['id', 'ean', 'idSelo', 'idTipoProduto', 'precoCentavos', 'custoCentavos', 'dataLancamento', 'situacao', 'ativo'],
  ESTOQUE: ['id', 'idProduto', 'fisico', 'reservado', 'consignado', 'bloqueado', 'pedidoCompra'],
  VENDA: ['id', 'tipo', 'numero', 'serie', 'dataEmissao', 'idCliente', 'idVendedor', 'uf', 'idTipoOperacaoFiscal', 'consignacao', 'idDocumentoOrigem', 'freteCentavos', 'totalCentavos', 'cancelada', 'itens'],
};

/** Fields of a sale line inside the checksum, in this order. */
export const ERP_CHECKSUM_LINE_FIELDS = ['linha', 'idProduto', 'quantidade', 'precoUnitarioCentavos', 'descontoCentavos', 'valorLiquidoCentavos', 'custoCentavos', 'linhaOrigem'] as const;

/**
 * The canonical text of one record for the checksum: the values of `ERP_CHECKSUM_FIELDS[entity]`
 * in order, joined by U+001F; null/undefined as '' and booleans as 1/0; a sale's `itens` as its
 * lines sorted by `linha`, each line's `ERP_CHECKSUM_LINE_FIELDS` joined by U+001E, lines by U+001D.
 * Either side can build it from its own storage (the server from columns, the simulator from records).
 */
export function erpChecksumKey(entity: ErpEntity, record: Readonly<Record<string, unknown>>): string {
  const value = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  return ERP_CHECKSUM_FIELDS[entity]
    .map((field) => {
      if (field !== 'itens') return value(record[field]);
      const lines = [...((record.itens as readonly Record<string, unknown>[] | undefined) ?? [])].sort((a, b) => Number(a.linha) - Number(b.linha));
      return lines.map((line) => ERP_CHECKSUM_LINE_FIELDS.map((f) => value(line[f])).join('\u001e')).join('\u001d');
    })
    .join('\u001f');
}

const MASK64 = (1n << 64n) - 1n;

/**
 * Order-independent checksum of a set of records: the sum modulo 2^64 of the first 8 bytes
 * (big-endian) of SHA-256 of each record's `erpChecksumKey`, as 16 hex digits. Two sets with the
 * same count and checksum hold the same records (a missing, extra, stale or altered record
 * changes it; a duplicate is caught by the count).
 * @example erpChecksum('ESTOQUE', []) === '0000000000000000'
 */
export function erpChecksum(entity: ErpEntity, records: Iterable<Readonly<Record<string, unknown>>>): string {
  const acc = new ErpChecksumAccumulator(entity);
  for (const record of records) acc.add(record);
  return acc.digest();
}

/** Streaming form of `erpChecksum`, for sets too large to hold in memory (add rows as they are read). */
export class ErpChecksumAccumulator {
  private sum = 0n;
  private n = 0;
  private readonly encoder = new TextEncoder();
  constructor(private readonly entity: ErpEntity) {}
  /** Adds one record (or a row shaped like one, with the protocol's field names). */
  add(record: Readonly<Record<string, unknown>>): void {
    const digest = sha256(this.encoder.encode(erpChecksumKey(this.entity, record)));
    let head = 0n;
    for (let i = 0; i < 8; i++) head = (head << 8n) | BigInt(digest[i]);
    this.sum = (this.sum + head) & MASK64;
    this.n++;
  }
  /** Records added so far. */
  get count(): number {
    return this.n;
  }
  /** The checksum as 16 lower-case hex digits. */
  digest(): string {
    return this.sum.toString(16).padStart(16, '0');
  }
}

/**
 * True when `ean` is 13 digits whose last is the GS1 check digit of the first 12 (weights 1,3,1,3…;
 * check = (10 − Σ mod 10) mod 10), as every ISBN-13 is.
 * @example isValidEan13('9788535914849') === true
 */
export function isValidEan13(ean: string): boolean {
  if (!/^[0-9]{13}$/.test(ean)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (ean.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === ean.charCodeAt(12) - 48;
}

/**
 * What a record that fits its schema still gets wrong, as pt-BR messages ([] when nothing):
 * PRODUTO an EAN whose check digit is wrong; VENDA a line whose `valorLiquidoCentavos` is not
 * quantidade × precoUnitarioCentavos − descontoCentavos, a `totalCentavos` other than
 * Σ valorLiquidoCentavos + freteCentavos, a repeated line number, a DEVOLUCAO without
 * `idDocumentoOrigem`. Other entity types have no such checks.
 */
export function erpRecordProblems(entity: ErpEntity, record: ErpRecord): string[] {
  const problems: string[] = [];
  if (entity === 'PRODUTO') {
    const product = record as ErpProduct;
    if (!isValidEan13(product.ean)) problems.push(`EAN ${product.ean} com dígito verificador inválido`);
  } else if (entity === 'VENDA') {
    const sale = record as ErpSale;
    let sum = 0;
    const seen = new Set<number>();
    for (const line of sale.itens) {
      if (seen.has(line.linha)) problems.push(`Linha ${line.linha} repetida`);
      seen.add(line.linha);
      const expected = line.quantidade * line.precoUnitarioCentavos - line.descontoCentavos;
      if (line.valorLiquidoCentavos !== expected) problems.push(`Linha ${line.linha}: valor líquido ${line.valorLiquidoCentavos} ≠ ${expected} (quantidade × preço − desconto)`);
      sum += line.valorLiquidoCentavos;
    }
    if (sale.totalCentavos !== sum + sale.freteCentavos) problems.push(`Total ${sale.totalCentavos} ≠ ${sum + sale.freteCentavos} (soma das linhas + frete)`);
    if (sale.tipo === 'DEVOLUCAO' && sale.idDocumentoOrigem === null) problems.push('Devolução sem documento de origem');
  }
  return problems;
}

/** Outcome of `parseErpRecord`. */
export type ErpRecordParse<E extends ErpEntity = ErpEntity> = { ok: true; record: ErpRecord<E> } | { ok: false; erros: string[] };

/**
 * Validates one raw record of a page: `ERP_RECORD_SCHEMAS[entity]` (errors as `campo: mensagem`)
 * and then `erpRecordProblems`. A record that fails either is malformed: keep it for reprocessing
 * and go on with the rest of the page.
 */
export function parseErpRecord<E extends ErpEntity>(entity: E, raw: unknown): ErpRecordParse<E> {
  const parsed = ERP_RECORD_SCHEMAS[entity].safeParse(raw);
  if (!parsed.success) return { ok: false, erros: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(registro)'}: ${issue.message}`) };
  const record = parsed.data as ErpRecord<E>;
  const problems = erpRecordProblems(entity, record);
  return problems.length ? { ok: false, erros: problems } : { ok: true, record };
}
