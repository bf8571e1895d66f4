import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import {
  ERP_ENTITIES, erpChecksumKey, erpEntitySchema, erpOrderOutSchema, erpProductOutSchema, isValidEan13,
  type ErpEntity, type ErpStatistics,
} from '@acervo/contracts/erp-protocol';
import { z } from 'zod';
import { localDay, localInstant } from './calendar.ts';
import { Company, type CompanyInfo } from './company.ts';
import { isMalformed, malform } from './malformed.ts';
import { Random } from './prng.ts';
import { Clock, decodeCursor, encodeCursor, type Position, type StoredRecord } from './store.ts';
import { buildWorld, type Title, type World } from './world.ts';
import { randomCnpj } from './documents.ts';

/** Options of `startErpSimulator` (and of the CLI's flags). */
export interface ErpSimulatorOptions {
  /** TCP port; 0 = any free port. Default 4010. */
  port?: number;
  /** Listening address. Default 127.0.0.1. */
  host?: string;
  /** Titles in the catalogue. Default 20000. */
  titulos?: number;
  /** Months of sales history. Default 24. */
  meses?: number;
  /** Companies DEMO01…DEMOnn. Default 2. */
  empresas?: number;
  /** Seed of the data set. Default 1. */
  seed?: number;
  /** Login user. Default 'erp'. */
  usuario?: string;
  /** Login password. Default 'erp'. */
  senha?: string;
  /** Live new sales per minute per company; 0 = none. Default 6. */
  vendasPorMinuto?: number;
  /** Initial faults (the rest 0). */
  falhas?: Partial<ErpFaults>;
  /** The simulated "now" the history ends at. Default: the real now. */
  hoje?: Date;
  /**
   * The simulated "now" the live clock starts at. Default `hoje`. A later instant serves the
   * history of `hoje` with live changes at this time: the demo regenerates the same history on
   * each start (a fixed `hoje`) while new sales carry the real time, above the watermarks Acervo
   * already holds. Live document ids and invoice numbers then start `relogio - hoje` seconds
   * higher, so a restarted simulator reuses no id an earlier run served live (while it made
   * fewer than one live document a second).
   */
  relogio?: Date;
  /** Prints one line per request. Default false. */
  log?: boolean;
}

/** Faults the simulator injects (changeable at run time with `setFaults` or `PUT controle/falhas`). */
export interface ErpFaults {
  /** Added latency of every answer, ms. */
  latenciaMs: number;
  /** Share 0..1 of answers that are 500/502/503. */
  erro5xx: number;
  /** Share 0..1 of requests never answered (socket left open until the client gives up). */
  timeout: number;
  /** 0 = none; else 1 in N record versions served malformed (deterministic per record version). */
  malformadoUmEm: number;
  /** Share 0..1 of pages whose connection is destroyed mid-body. */
  quedaConexao: number;
}

/** A running simulator. */
export interface ErpSimulator {
  /** Base URL, `http://127.0.0.1:PORT` (the API is under `/api/v1`). */
  url: string;
  port: number;
  /** What `GET estatisticas` answers. */
  statistics(): ErpStatistics;
  /** Changes some faults. */
  setFaults(f: Partial<ErpFaults>): void;
  /** Produces that many new sales (and their stock changes) per company now; deterministic. */
  tick(vendas: number): void;
  /**
   * Moves the simulated clock `horas` forward at once, then runs every event now due (receipts,
   * settlements, returns, and the invoices of sales orders received a simulated day before) without
   * new sales (`tick(0)`). For tests and demos; the clock never goes back.
   */
  advance(horas: number): void;
  /** Stops the live sales, ends open connections and closes the port. */
  close(): Promise<void>;
}

/** No faults. */
export const NO_FAULTS: Readonly<ErpFaults> = { latenciaMs: 0, erro5xx: 0, timeout: 0, malformadoUmEm: 0, quedaConexao: 0 };

/** Body of `PUT controle/falhas`: any subset of the faults, each in its range. */
export const erpFaultsSchema = z
  .object({
    latenciaMs: z.number().int().min(0).max(600_000),
    erro5xx: z.number().min(0).max(1),
    timeout: z.number().min(0).max(1),
    malformadoUmEm: z.number().int().min(0).max(1_000_000),
    quedaConexao: z.number().min(0).max(1),
  })
  .partial()
  .strict();

/** The demo companies of Acervo's seed (codes, names and CNPJs match `apps/server/src/seed/demo-seed.ts`). */
const KNOWN_COMPANIES: readonly CompanyInfo[] = [
  { codigo: 'DEMO01', nome: 'Distribuidora Acervo Ltda', cnpj: '11222333000181', uf: 'SP' },
  { codigo: 'DEMO02', nome: 'Editora Acervo S.A.', cnpj: '44555666000181', uf: 'RJ' },
];

/** Resolved options (defaults applied). */
export type ResolvedOptions = Required<Omit<ErpSimulatorOptions, 'falhas' | 'hoje' | 'relogio'>> & { falhas: ErpFaults; hoje: Date; relogio: Date };

/** Applies the defaults. Throws on an out-of-range size. */
export function resolveOptions(options: ErpSimulatorOptions = {}): ResolvedOptions {
  const o: ResolvedOptions = {
    port: options.port ?? 4010,
    host: options.host ?? '127.0.0.1',
    titulos: options.titulos ?? 20_000,
    meses: options.meses ?? 24,
    empresas: options.empresas ?? 2,
    seed: options.seed ?? 1,
    usuario: options.usuario ?? 'erp',
    senha: options.senha ?? 'erp',
    vendasPorMinuto: options.vendasPorMinuto ?? 6,
    falhas: { ...NO_FAULTS, ...erpFaultsSchema.parse(options.falhas ?? {}) },
    hoje: options.hoje ?? new Date(),
    relogio: options.relogio ?? options.hoje ?? new Date(),
    log: options.log ?? false,
  };
  if (!Number.isInteger(o.titulos) || o.titulos < 10 || o.titulos > 1_000_000) throw new Error('titulos deve ser um inteiro entre 10 e 1000000');
  if (!Number.isInteger(o.meses) || o.meses < 1 || o.meses > 120) throw new Error('meses deve ser um inteiro entre 1 e 120');
  if (!Number.isInteger(o.empresas) || o.empresas < 1 || o.empresas > 99) throw new Error('empresas deve ser um inteiro entre 1 e 99');
  if (o.relogio.getTime() < o.hoje.getTime()) throw new Error('relogio não pode ser anterior a hoje');
  if (!(o.vendasPorMinuto >= 0)) throw new Error('vendasPorMinuto deve ser >= 0');
  return o;
}

/** The generated data of every company (no HTTP): what the simulator serves. */
export interface ErpDataSet {
  world: World;
  companies: Company[];
  /** Generation time, ms. */
  generationMs: number;
}

/**
 * Generates the data set of `options` (titles, registers, and each company's history), the same
 * for the same seed, sizes and `hoje`.
 */
export function generateErpDataSet(options: Pick<ResolvedOptions, 'titulos' | 'meses' | 'empresas' | 'seed' | 'hoje'>): ErpDataSet {
  const started = performance.now();
  const world = buildWorld({ titulos: options.titulos, meses: options.meses, seed: options.seed, hoje: options.hoje });
  const infoRandom = new Random(options.seed, 500);
  const ufs = ['MG', 'PR', 'RS', 'BA', 'PE', 'SC', 'GO', 'CE'] as const;
  const companies: Company[] = [];
  for (let i = 0; i < options.empresas; i++) {
    const info: CompanyInfo = KNOWN_COMPANIES[i] ?? {
      codigo: `DEMO${String(i + 1).padStart(2, '0')}`,
      nome: `Distribuidora Acervo ${i + 1} Ltda`,
      cnpj: randomCnpj(infoRandom),
      uf: ufs[i % ufs.length],
    };
    const company = new Company(world, info, i);
    company.generateHistory();
    companies.push(company);
  }
  return { world, companies, generationMs: performance.now() - started };
}

/** `{erro}` answer with a status. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON body (at most 5 MB). Throws HttpError 400/413. */
async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 5_000_000) throw new HttpError(413, 'Corpo da requisição muito grande');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw new HttpError(400, 'Corpo da requisição vazio');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'JSON inválido');
  }
}

/** zod issues as one pt-BR message. */
function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(corpo)'}: ${i.message}`).join('; ');
}

const VERSION = '1.0.0';
const MASK64 = (1n << 64n) - 1n;
const TOKEN_TTL_MS = 3_600_000;

/**
 * Starts the simulator: generates the data set (see `docs/erp-simulator.md`), listens on
 * `host:port` and, with `vendasPorMinuto` > 0, writes live sales while it runs.
 * @throws when the options are out of range or the port is taken
 */
export async function startErpSimulator(options: ErpSimulatorOptions = {}): Promise<ErpSimulator> {
  const o = resolveOptions(options);
  const data = generateErpDataSet(o);
  const companies = new Map(data.companies.map((c) => [c.info.codigo, c]));
  let floor = 0;
  for (const c of data.companies) for (const e of ERP_ENTITIES) floor = Math.max(floor, Date.parse(c.logs[e].lastChange || '1970-01-01T00:00:00.000Z'));
  const clock = new Clock(o.relogio, floor);
  const liveIdOffset = Math.floor((o.relogio.getTime() - o.hoje.getTime()) / 1000);
  for (const c of data.companies) c.goLive(clock, liveIdOffset);
  const faults: ErpFaults = { ...o.falhas };
  const faultRandom = new Random(o.seed, 999);
  const tokens = new Map<string, number>();
  const statsCache = new Map<string, { key: string; registros: number; checksum: string; malformados: number }>();
  /** First 8 bytes of each record version's checksum hash (versions are immutable, so after a change only new versions are hashed). */
  const recordHeads = new WeakMap<StoredRecord, bigint>();

  /** Count and checksum of one company's entity type over the records served valid. */
  function entityStats(company: Company, entity: ErpEntity) {
    const log = company.logs[entity];
    const cacheKey = `${company.info.codigo}|${entity}`;
    const key = `${log.version}|${faults.malformadoUmEm}`;
    const cached = statsCache.get(cacheKey);
    if (cached?.key === key) return cached;
    // Same sum as the contract's ErpChecksumAccumulator, with node's native SHA-256 (1.5-2× faster).
    let sum = 0n;
    let registros = 0;
    let malformados = 0;
    for (const record of log.records()) {
      if (isMalformed(o.seed, company.info.codigo, entity, record, faults.malformadoUmEm)) malformados++;
      else {
        let head = recordHeads.get(record);
        if (head === undefined) {
          head = createHash('sha256').update(erpChecksumKey(entity, record), 'utf8').digest().readBigUInt64BE(0);
          recordHeads.set(record, head);
        }
        sum = (sum + head) & MASK64;
        registros++;
      }
    }
    const value = { key, registros, checksum: sum.toString(16).padStart(16, '0'), malformados };
    statsCache.set(cacheKey, value);
    return value;
  }

  function statistics(): ErpStatistics {
    const empresas: ErpStatistics['empresas'] = {};
    for (const company of data.companies) {
      const byEntity: ErpStatistics['empresas'][string] = {};
      for (const entity of ERP_ENTITIES) {
        const s = entityStats(company, entity);
        byEntity[entity] = { registros: s.registros, checksum: s.checksum, malformados: s.malformados };
      }
      empresas[company.info.codigo] = byEntity;
    }
    return { geradoEm: new Date(clock.now()).toISOString(), empresas };
  }

  /** The record as served now: itself, or its malformed copy. */
  function served(company: Company, entity: ErpEntity, record: StoredRecord): unknown {
    return isMalformed(o.seed, company.info.codigo, entity, record, faults.malformadoUmEm) ? malform(o.seed, company.info.codigo, entity, record).record : record;
  }

  function companyOf(code: string): Company {
    const company = companies.get(code);
    if (!company) throw new HttpError(404, `Empresa ${code} não encontrada`);
    return company;
  }

  function entityOf(name: string): ErpEntity {
    const parsed = erpEntitySchema.safeParse(name);
    if (!parsed.success) throw new HttpError(400, `Entidade inválida: ${name}`);
    return parsed.data;
  }

  function requireToken(req: http.IncomingMessage): void {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const expires = match ? tokens.get(match[1]) : undefined;
    if (!expires || expires < Date.now()) throw new HttpError(401, 'Token ausente, inválido ou expirado');
  }

  function page(company: Company, entity: ErpEntity, query: URLSearchParams) {
    const limitText = query.get('limite');
    const limite = limitText === null || limitText === '' ? 500 : Number(limitText);
    if (!Number.isInteger(limite) || limite < 1 || limite > 1000) throw new HttpError(400, 'limite deve ser um inteiro entre 1 e 1000');
    const cursorText = query.get('cursor');
    const desde = query.get('desde');
    let after: Position;
    if (cursorText) {
      const decoded = decodeCursor(cursorText);
      if (!decoded) throw new HttpError(400, 'Cursor inválido');
      after = decoded;
    } else if (desde) {
      // A date alone is that day's local midnight in São Paulo; an instant is taken as written.
      const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(desde);
      const ms = dateOnly ? localInstant(Date.parse(`${desde}T00:00:00.000Z`), 0) : Date.parse(desde);
      if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(desde)) throw new HttpError(400, 'desde deve ser uma data ou instante ISO 8601');
      after = { alteradoEm: new Date(ms).toISOString(), id: '' };
    } else after = { alteradoEm: '', id: '' };
    const { records, more } = company.logs[entity].page(after, limite);
    const last = records.at(-1);
    return {
      itens: records.map((r) => served(company, entity, r)),
      cursor: last ? encodeCursor({ alteradoEm: last.alteradoEm, id: last.id }) : (cursorText ?? encodeCursor(after)),
      temMais: more,
    };
  }

  function postProduct(company: Company, body: unknown) {
    const parsed = erpProductOutSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, issues(parsed.error));
    const product = parsed.data;
    if (!isValidEan13(product.ean)) throw new HttpError(400, `EAN ${product.ean} com dígito verificador inválido`);
    let p: number | undefined;
    if (product.idErp !== null) {
      p = company.productIndex.get(product.idErp);
      if (p === undefined) throw new HttpError(404, `Produto ${product.idErp} não encontrado`);
    } else {
      for (let i = 0; i < company.pTitle.length && p === undefined; i++) if (data.world.titles[company.pTitle[i]].ean === product.ean) p = i;
    }
    // Imprint: by name, or a new SELO record.
    let imprint = -1;
    const seloName = product.selo ?? product.editora;
    if (seloName) {
      const wanted = seloName.trim().toLocaleLowerCase('pt-BR');
      imprint = data.world.imprints.findIndex((s) => String(s.nome).toLocaleLowerCase('pt-BR') === wanted);
      if (imprint < 0 || !company.logs.SELO.get(String(imprint + 1))) {
        if (imprint < 0) {
          imprint = data.world.imprints.length;
          data.world.imprints.push({ id: String(imprint + 1), alteradoEm: '', nome: seloName, editora: product.editora ?? seloName, cnpjEditora: null, ativo: true, publisher: -1 });
        }
        const { publisher: _p, ...record } = data.world.imprints[imprint];
        company.logs.SELO.put({ ...record, alteradoEm: new Date(clock.next()).toISOString() } as StoredRecord);
      }
    }
    const today = localDay(clock.now());
    const index = company.upsertProduct(p, (i, isNew) => {
      const base: Title | undefined = isNew ? undefined : data.world.titles[company.pTitle[i]];
      const title: Title = {
        ean: product.ean,
        titulo: product.titulo,
        subtitulo: product.subtitulo,
        publisher: base?.publisher ?? -1,
        imprint: imprint >= 0 ? imprint : (base?.imprint ?? 0),
        subject: base?.subject ?? data.world.subjects.length - 1,
        kind: base?.kind ?? 'geral',
        productType: base?.productType ?? 0,
        contributors: base?.contributors ?? [],
        price: product.precoCentavos ?? base?.price ?? 0,
        oldPrice: product.precoCentavos ?? base?.price ?? 0,
        priceChangeDay: Infinity,
        cost: base?.cost ?? Math.round((product.precoCentavos ?? 0) * 0.5),
        releaseDay: base?.releaseDay ?? today,
        semDataLancamento: base ? base.semDataLancamento : true,
        anoEdicao: product.anoEdicao ?? base?.anoEdicao,
        paginas: product.paginas ?? base?.paginas ?? null,
        pesoGramas: base?.pesoGramas ?? null,
        idioma: base?.idioma ?? 'por',
        situacao: product.situacao && /^[0-9]{2}$/.test(product.situacao) ? product.situacao : (base?.situacao ?? '20'),
        ativo: true,
        pop: base?.pop ?? 0,
        changedMs: clock.now(),
      };
      if (title.anoEdicao === undefined) title.anoEdicao = null;
      data.world.titles.push(title);
      if (isNew) {
        company.pTitle.push(data.world.titles.length - 1);
        company.pId.push(String(Math.max(0, ...[...company.productIndex.keys()].map(Number).filter(Number.isFinite)) + 1));
      } else company.pTitle[i] = data.world.titles.length - 1;
    });
    const record = company.productRecord(index, new Date(clock.next()).toISOString());
    company.logs.PRODUTO.put(record);
    return { status: p === undefined ? 201 : 200, body: { id: record.id, alteradoEm: record.alteradoEm } };
  }

  function postOrder(company: Company, body: unknown) {
    const parsed = erpOrderOutSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, issues(parsed.error));
    const order = parsed.data;
    const key = `${order.tipo}:${order.referencia}`;
    const previous = company.sentOrders.get(key);
    if (previous) return { status: 200, body: previous };
    if (order.idCliente !== null && !company.clientIndex.has(order.idCliente)) throw new HttpError(422, `Cliente ${order.idCliente} não encontrado`);
    if (order.idVendedor !== null && !company.logs.VENDEDOR.get(order.idVendedor)) throw new HttpError(422, `Vendedor ${order.idVendedor} não encontrado`);
    const registers = [
      ['FORMA_PAGAMENTO', order.idFormaPagamento, 'Forma de pagamento'],
      ['TRANSPORTADORA', order.idTransportadora, 'Transportadora'],
      ['TIPO_OPERACAO_FISCAL', order.idTipoOperacaoFiscal, 'Tipo de operação fiscal'],
    ] as const;
    for (const [entity, id, label] of registers) if (id != null && !company.logs[entity].get(id)) throw new HttpError(422, `${label} ${id} não encontrado`);
    const items = order.itens.map((item) => {
      const p = company.productIndex.get(item.idProduto);
      if (p === undefined) throw new HttpError(422, `Produto ${item.idProduto} não encontrado`);
      return { p, quantidade: item.quantidade, precoUnitarioCentavos: item.precoUnitarioCentavos, descontoCentavos: item.descontoCentavos };
    });
    const client = order.idCliente === null ? undefined : company.clients[company.clientIndex.get(order.idCliente)!];
    const terms = order.tipo === 'VENDA' && client
      ? { referencia: order.referencia, client, idVendedor: order.idVendedor, idFormaPagamento: order.idFormaPagamento ?? null, idTransportadora: order.idTransportadora ?? null, idTipoOperacaoFiscal: order.idTipoOperacaoFiscal ?? null }
      : undefined;
    const answer = company.applyOrder(order.tipo, items, terms);
    company.sentOrders.set(key, answer);
    return { status: 201, body: answer };
  }

  const log = (line: string) => {
    if (o.log) console.log(line);
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    const send = (status: number, body: unknown, dropMidBody = false) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      log(`${method} ${req.url} ${status} ${Date.now() - started}ms${dropMidBody ? ' (conexão derrubada)' : ''}`);
      if (dropMidBody) {
        const buffer = Buffer.from(text, 'utf8');
        res.write(buffer.subarray(0, Math.max(1, Math.floor(buffer.length / 2))), () => res.socket?.destroy());
        return;
      }
      res.end(text);
    };
    try {
      const control = /^(?:\/api\/v1)?\/controle\/falhas$/.test(path);
      if (control) {
        requireToken(req);
        if (method === 'GET') return send(200, faults);
        if (method === 'PUT') {
          const parsed = erpFaultsSchema.safeParse(await readJson(req));
          if (!parsed.success) throw new HttpError(400, issues(parsed.error));
          Object.assign(faults, parsed.data);
          return send(200, faults);
        }
        throw new HttpError(405, 'Método não permitido');
      }
      if (!path.startsWith('/api/v1/')) throw new HttpError(404, 'Caminho não encontrado');
      const route = path.slice('/api/v1/'.length);
      const faultable = route !== 'estatisticas';
      if (faults.latenciaMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latenciaMs));
      if (faultable && faultRandom.chance(faults.timeout)) {
        log(`${method} ${req.url} sem resposta (timeout simulado)`);
        req.resume();
        return;
      }
      if (faultable && faultRandom.chance(faults.erro5xx)) {
        req.resume();
        const status = faultRandom.pick([500, 502, 503]);
        return send(status, { erro: `Falha simulada do ERP (HTTP ${status})` });
      }
      let parts: string[];
      try {
        parts = route.split('/').map(decodeURIComponent);
      } catch {
        throw new HttpError(400, 'Caminho com codificação inválida');
      }
      if (method === 'POST' && route === 'login') {
        const body = (await readJson(req)) as { usuario?: unknown; senha?: unknown } | null;
        if (!body || body.usuario !== o.usuario || body.senha !== o.senha) throw new HttpError(401, 'Usuário ou senha inválidos');
        const token = randomBytes(24).toString('base64url');
        const expires = Date.now() + TOKEN_TTL_MS;
        tokens.set(token, expires);
        return send(200, { token, expiraEm: new Date(expires).toISOString() });
      }
      if (method === 'GET' && route === 'saude') return send(200, { status: 'OK', versao: VERSION, agora: new Date(clock.now()).toISOString() });
      requireToken(req);
      if (method === 'GET' && route === 'empresas') return send(200, { itens: data.companies.map((c) => ({ codigo: c.info.codigo, nome: c.info.nome, cnpj: c.info.cnpj })) });
      if (method === 'GET' && route === 'estatisticas') return send(200, statistics());
      if (parts[0] === 'empresas' && parts.length >= 3) {
        const company = companyOf(parts[1]);
        if (method === 'GET' && parts[2] === 'registros' && parts.length === 4) {
          const body = page(company, entityOf(parts[3]), url.searchParams);
          return send(200, body, faultRandom.chance(faults.quedaConexao));
        }
        if (method === 'GET' && parts[2] === 'registros' && parts.length === 5) {
          const entity = entityOf(parts[3]);
          const record = company.logs[entity].get(parts[4]);
          if (!record) throw new HttpError(404, `Registro ${parts[4]} de ${entity} não encontrado`);
          return send(200, served(company, entity, record));
        }
        if (method === 'POST' && parts[2] === 'produtos' && parts.length === 3) {
          const { status, body } = postProduct(company, await readJson(req));
          return send(status, body);
        }
        if (method === 'POST' && parts[2] === 'pedidos' && parts.length === 3) {
          const { status, body } = postOrder(company, await readJson(req));
          return send(status, body);
        }
      }
      throw new HttpError(404, 'Caminho não encontrado');
    } catch (error) {
      if (res.headersSent) return;
      if (error instanceof HttpError) return send(error.status, { erro: error.message });
      console.error(error);
      return send(500, { erro: 'Erro interno do simulador' });
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;

  const tick = (vendas: number) => {
    for (const company of data.companies) company.tick(vendas);
  };
  const timer =
    o.vendasPorMinuto > 0
      ? setInterval(() => {
          try {
            tick(1);
          } catch (error) {
            console.error('Simulador de ERP: falha ao gerar venda ao vivo', error);
          }
        }, 60_000 / o.vendasPorMinuto)
      : null;
  timer?.unref();

  return {
    url: `http://${o.host}:${port}`,
    port,
    statistics,
    setFaults(f) {
      Object.assign(faults, erpFaultsSchema.parse(f));
    },
    tick,
    advance(horas) {
      clock.advance(horas * 3_600_000);
      tick(0);
    },
    async close() {
      if (timer) clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
