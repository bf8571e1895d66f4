import { ERP_ENTITIES, type ErpEntity, type ErpSale, type ErpSaleLine } from '@acervo/contracts/erp-protocol';
import { NAME_WORDS, SURNAMES, UF_NAME, UF_REGION } from './br-data.ts';
import { DAY_MS, blackFriday, isoDate, isoInstant, localDay, localInstant } from './calendar.ts';
import { randomCnpj, randomCpf } from './documents.ts';
import { Random } from './prng.ts';
import { Clock, EntityLog, type StoredRecord } from './store.ts';
import { cumulative, drawPlace, ufCumulative, type Uf, type World } from './world.ts';

/**
 * One simulated company: its clients, sellers and products (a part of the world's catalogue, with
 * its own ERP ids), the stock of each product, and the engine that writes its sales history day by
 * day and then keeps producing live sales. Every record it writes goes to its `logs`.
 *
 * Stock identity kept by every movement (per product): fisico + bloqueado = received − shipped
 * (invoices, consignment shipments, free goods; cancelled ones excluded) + returned (ordinary and
 * consignment returns); consignado = shipped on consignment − settled − returned;
 * bloqueado = damaged returns (8% of returned units); pedidoCompra = ordered − received.
 */

/** Client kinds of the protocol. */
type ClientKind = 'LIVRARIA' | 'ESCOLA' | 'MARKETPLACE' | 'GOVERNO' | 'DISTRIBUIDOR' | 'PESSOA_FISICA';

export interface Client {
  id: string;
  kind: ClientKind;
  uf: Uf;
  sellerId: string | null;
  paymentFormId: string;
  discount: number;
  consignee: boolean;
}

/** Share of documents by client kind, before seasonality. */
const KIND_SHARE: Readonly<Record<ClientKind, number>> = { LIVRARIA: 0.5, DISTRIBUIDOR: 0.08, MARKETPLACE: 0.14, ESCOLA: 0.08, GOVERNO: 0.006, PESSOA_FISICA: 0.19 };
/** Share of clients by kind. */
const CLIENT_SHARE: Readonly<Record<ClientKind, number>> = { LIVRARIA: 0.55, ESCOLA: 0.2, MARKETPLACE: 0.01, GOVERNO: 0.03, DISTRIBUIDOR: 0.06, PESSOA_FISICA: 0.15 };
const KINDS = Object.keys(KIND_SHARE) as ClientKind[];

/** Company identity. */
export interface CompanyInfo {
  codigo: string;
  nome: string;
  cnpj: string;
  uf: Uf;
}

/** A scheduled event (settlement, return, receipt, cancellation) at an instant. */
interface SimEvent {
  at: number;
  seq: number;
  run: (at: number) => void;
}

/** Mutable per-line consignment balance of a shipment. */
interface Shipment {
  doc: ErpSale;
  remaining: number[];
}

/** Demand multiplier of a client kind on a local day (school season, Black Friday, Christmas, public budgets). */
function kindSeason(kind: ClientKind, day: number): number {
  const d = new Date(day);
  const month = d.getUTCMonth();
  const dom = d.getUTCDate();
  const bf = blackFriday(d.getUTCFullYear());
  const bfWeek = day >= bf - 4 * DAY_MS && day <= bf + 3 * DAY_MS;
  const christmas = month === 11 && dom <= 22;
  switch (kind) {
    case 'ESCOLA':
      return [3, 3.5, 1.5, 0.6, 0.5, 0.5, 2, 1.5, 0.6, 0.5, 0.4, 0.3][month];
    case 'GOVERNO':
      return [0.5, 1, 2, 2, 1.5, 1, 0.8, 0.8, 0.8, 1, 1.2, 2][month];
    case 'MARKETPLACE':
    case 'PESSOA_FISICA':
      return bfWeek ? 4 : christmas ? 2 : month === 0 || month === 1 ? 1.2 : 1;
    case 'LIVRARIA':
      return christmas ? 1.5 : bfWeek ? 1.5 : month <= 1 || month === 6 ? 1.3 : 1;
    default:
      return christmas ? 1.3 : month <= 1 ? 1.2 : 1;
  }
}

/** Payment form ids a client of each kind may use (see PAYMENT_FORMS: 1 PIX, 2 boleto 28 d, 3 30/60/90, 4 30/60/90/120, 5 card 3x, 6 public commitment, 7 marketplace, 8 boleto 60 d). */
const PAYMENT_FORMS_BY_KIND: Readonly<Record<ClientKind, readonly string[]>> = { LIVRARIA: ['3', '4', '8', '2'], DISTRIBUIDOR: ['4'], MARKETPLACE: ['7'], ESCOLA: ['2', '3'], GOVERNO: ['6'], PESSOA_FISICA: ['1', '5'] };
/** Discount off the list price by client kind, whole percent [min, max]. */
const DISCOUNT_BY_KIND: Readonly<Record<ClientKind, readonly [number, number]>> = { LIVRARIA: [30, 40], DISTRIBUIDOR: [40, 48], MARKETPLACE: [35, 45], ESCOLA: [20, 30], GOVERNO: [30, 45], PESSOA_FISICA: [0, 10] };
/** Most lines in one document, by client kind. */
const MAX_LINES: Readonly<Record<ClientKind, number>> = { LIVRARIA: 40, DISTRIBUIDOR: 120, MARKETPLACE: 200, ESCOLA: 6, GOVERNO: 4, PESSOA_FISICA: 3 };
/** Lines of one document, by client kind. */
const LINES: Readonly<Record<ClientKind, (r: Random) => number>> = {
  LIVRARIA: (r) => r.geometric(5),
  DISTRIBUIDOR: (r) => r.geometric(12),
  MARKETPLACE: (r) => r.geometric(20),
  ESCOLA: (r) => r.int(1, 6),
  GOVERNO: (r) => r.int(1, 4),
  PESSOA_FISICA: (r) => (r.chance(0.8) ? 1 : r.int(2, 3)),
};
/** Units of one line, by client kind (before the consignment factor and the stock cap). */
const QUANTITY: Readonly<Record<ClientKind, (r: Random) => number>> = {
  LIVRARIA: (r) => r.geometric(2.2),
  DISTRIBUIDOR: (r) => r.geometric(6),
  MARKETPLACE: (r) => r.geometric(4),
  ESCOLA: (r) => r.int(15, 150),
  GOVERNO: (r) => r.int(200, 2500),
  PESSOA_FISICA: () => 1,
};

/** Invoice share by weekday (Sunday first): few invoices at weekends. */
const WEEKDAY = [0.15, 1, 1, 1, 1, 1, 0.35];

/**
 * One simulated company (see the module comment): build it, call `generateHistory()` once, then
 * `goLive(clock)`; its `logs` hold what the HTTP layer serves.
 */
export class Company {
  readonly logs = Object.fromEntries(ERP_ENTITIES.map((e) => [e, new EntityLog(e)])) as Record<ErpEntity, EntityLog>;
  readonly random: Random;
  /** Product arrays (index p): world title, ERP id, stock fields. */
  readonly pTitle: number[] = [];
  readonly pId: string[] = [];
  readonly fisico: number[] = [];
  readonly reservado: number[] = [];
  readonly consignado: number[] = [];
  readonly bloqueado: number[] = [];
  readonly pedidoCompra: number[] = [];
  /** Internal ledger (not served): units received from suppliers, for the stock identity test. */
  readonly recebido: number[] = [];
  readonly stockChangedMs: number[] = [];
  readonly productIndex = new Map<string, number>();
  readonly clients: Client[] = [];
  readonly clientIndex = new Map<string, number>();
  private readonly sellerIds: string[] = [];
  private readonly reorderPending: boolean[] = [];
  private readonly events: SimEvent[] = [];
  private eventSeq = 0;
  private nextSaleId = 1;
  private nextNumero: number;
  private nextOrder = 1;
  /** Sales written while generating the history (loaded into the log at the end). */
  private history: ErpSale[] | null = [];
  private readonly dirtyStock = new Set<number>();
  private weightsWeek = -1;
  private cumGeneral: Float64Array<ArrayBuffer> = new Float64Array(0);
  private cumSchool: Float64Array<ArrayBuffer> = new Float64Array(0);
  private schoolIndex: number[] = [];
  private demandPerDay: number[] = [];
  private readonly kindClients: Record<ClientKind, { idx: number[]; cum: Float64Array }>;
  private readonly docsPerDay: number;
  private kindWeightsDay = -1;
  private kindWeights: number[] = [];
  clock: Clock | null = null;
  /** Answers already given to sent orders, by type and reference (idempotent re-sends). */
  readonly sentOrders = new Map<string, { id: string; numero: number }>();

  constructor(
    readonly world: World,
    readonly info: CompanyInfo,
    readonly index: number,
  ) {
    this.random = new Random(world.options.seed, index + 1);
    this.nextNumero = 10_000 + this.random.int(0, 5000);
    const scale = index === 0 ? 1 : 0.6;
    this.docsPerDay = Math.max(0.5, world.options.titulos * 0.0022 * scale);
    this.buildRegisters(scale);
    this.kindClients = Object.fromEntries(
      KINDS.map((kind) => {
        const idx = this.clients.flatMap((c, i) => (c.kind === kind ? [i] : []));
        return [kind, { idx, cum: cumulative(idx.length, (k) => 1 / (k + 3)) }];
      }),
    ) as Company['kindClients'];
  }

  /**
   * The fiscal operation id of a CFOP given as inside the state (5xxx out, 1xxx in): for a client
   * in another state the first digit becomes 6 (out) or 2 (in).
   */
  private op(cfop: string, inside: boolean): string {
    const code = inside ? cfop : `${cfop[0] === '5' ? '6' : '2'}${cfop.slice(1)}`;
    return this.world.fiscalOperations.find((o) => o.cfop === code)!.id;
  }

  private buildRegisters(scale: number): void {
    const w = this.world;
    const r = this.random;
    const hojeMs = w.hojeMs;
    const since = localInstant(w.startDay, 0) - 3 * 365 * DAY_MS;
    const past = (): string => {
      const u = r.next();
      return isoInstant(since + Math.floor(u * u * (hojeMs - DAY_MS - since)));
    };
    // Products: the first company carries the whole catalogue, the others the titles of some publishers.
    const carries = (publisher: number) => this.index === 0 || publisher % (this.index + 1) === 0;
    const usedAuthors = new Set<number>();
    const usedImprints = new Set<number>();
    const products: StoredRecord[] = [];
    for (let t = 0; t < w.titles.length; t++) {
      const title = w.titles[t];
      if (!carries(title.publisher)) continue;
      const p = this.pTitle.length;
      const id = String(p + 1);
      this.pTitle.push(t);
      this.pId.push(id);
      this.productIndex.set(id, p);
      for (const c of title.contributors) usedAuthors.add(c.author);
      usedImprints.add(title.imprint);
      products.push(this.productRecord(p, isoInstant(title.changedMs)));
    }
    this.logs.PRODUTO.load(products);
    const strip = <T extends object>(o: T) => {
      const { publisher: _p, ...rest } = o as T & { publisher?: number };
      return rest as unknown as StoredRecord;
    };
    this.logs.TIPO_CONTRIBUICAO.load(w.contributorTypes.map((x) => ({ ...x })));
    this.logs.TIPO_PRODUTO.load(w.productTypes.map((x) => ({ ...x })));
    this.logs.TIPO_OPERACAO_FISCAL.load(w.fiscalOperations.map((x) => ({ ...x })));
    this.logs.FORMA_PAGAMENTO.load(w.paymentForms.map((x) => ({ ...x })));
    this.logs.TRANSPORTADORA.load(w.carriers.map((x) => ({ ...x })));
    this.logs.ASSUNTO.load(w.subjects.map((x) => ({ ...x })));
    this.logs.SELO.load(w.imprints.filter((_, i) => usedImprints.has(i)).map(strip));
    this.logs.AUTOR.load(w.authors.filter((_, i) => usedAuthors.has(i)).map((x) => ({ ...x })));

    // Sellers, by region; the first one is the demo's seller user (vendedor@acervo.local).
    const sellerCount = Math.max(4, Math.round((w.options.titulos * 0.12 * scale) / 100));
    const regions = ['SE', 'S', 'NE', 'CO', 'N'] as const;
    const sellers: StoredRecord[] = [];
    const sellerRegion: string[] = [];
    for (let i = 0; i < sellerCount; i++) {
      const first = r.pick(w.firstNames);
      const last = r.pick(SURNAMES);
      const nome = i === 0 ? 'Vendedor Demonstração' : `${first} ${last}`;
      const email = i === 0 ? 'vendedor@acervo.local' : `${slug(first)}.${slug(last)}${i}@${slug(this.info.nome.split(' ')[0])}.com.br`;
      const id = String(i + 1);
      this.sellerIds.push(id);
      sellerRegion.push(regions[i % regions.length]);
      sellers.push({ id, alteradoEm: past(), nome, email, ativo: i === 0 || r.chance(0.92) });
    }
    this.logs.VENDEDOR.load(sellers);

    // Clients spread over the states by population.
    const ufCum = ufCumulative();
    const clientCount = Math.max(40, Math.round(w.options.titulos * 0.12 * scale));
    const clientRecords: StoredRecord[] = [];
    const kindCum = cumulative(KINDS.length, (i) => CLIENT_SHARE[KINDS[i]]);
    for (let i = 0; i < clientCount; i++) {
      // Make sure every kind has at least one client.
      const kind = i < KINDS.length ? KINDS[i] : KINDS[r.pickCumulative(kindCum)];
      const place = drawPlace(r, ufCum);
      const word = r.pick(NAME_WORDS);
      const surname = r.pick(SURNAMES);
      let razaoSocial: string;
      let nomeFantasia: string | null;
      let documento = randomCnpj(r);
      switch (kind) {
        case 'LIVRARIA':
          nomeFantasia = r.pick([`Livraria ${word}`, `Livraria e Papelaria ${surname}`, `${word} Livros`, `Sebo e Livraria ${word}`]);
          razaoSocial = `${nomeFantasia} Comércio de Livros Ltda`;
          break;
        case 'ESCOLA':
          nomeFantasia = r.pick([`Colégio ${surname}`, `Escola ${word}`, `Instituto Educacional ${word}`, `Colégio ${word}`]);
          razaoSocial = `Sociedade Educacional ${word} Ltda`;
          break;
        case 'MARKETPLACE':
          nomeFantasia = `${word} Marketplace`;
          razaoSocial = `${word} Comércio Eletrônico S.A.`;
          break;
        case 'GOVERNO':
          nomeFantasia = null;
          razaoSocial = r.chance(0.3) ? `Secretaria de Estado da Educação de ${UF_NAME[place.uf]}` : `Prefeitura Municipal de ${place.municipio}`;
          break;
        case 'DISTRIBUIDOR':
          nomeFantasia = `Distribuidora ${word}`;
          razaoSocial = `${word} Distribuidora de Livros Ltda`;
          break;
        default: {
          nomeFantasia = null;
          razaoSocial = `${r.pick(w.firstNames)} ${surname}`;
          documento = randomCpf(r);
        }
      }
      const regionSellers = this.sellerIds.filter((_, k) => sellerRegion[k] === UF_REGION[place.uf]);
      const sellerId = kind === 'PESSOA_FISICA' || kind === 'MARKETPLACE' ? null : r.pick(regionSellers.length ? regionSellers : this.sellerIds);
      const paymentFormId = r.pick(PAYMENT_FORMS_BY_KIND[kind]);
      const [minDiscount, maxDiscount] = DISCOUNT_BY_KIND[kind];
      const discount = r.int(minDiscount, maxDiscount) / 100;
      const id = String(i + 1);
      this.clientIndex.set(id, i);
      this.clients.push({ id, kind, uf: place.uf, sellerId, paymentFormId, discount, consignee: (kind === 'LIVRARIA' || kind === 'DISTRIBUIDOR') && r.chance(0.3) });
      clientRecords.push({
        id,
        alteradoEm: past(),
        razaoSocial,
        nomeFantasia,
        documento,
        tipo: kind,
        uf: place.uf,
        municipio: place.municipio,
        codigoMunicipioIbge: place.codigo,
        idVendedor: sellerId,
        ativo: i < KINDS.length || r.chance(0.96),
      });
    }
    this.logs.CLIENTE.load(clientRecords);
  }

  /** The PRODUTO record of product p as of `alteradoEm`. */
  productRecord(p: number, alteradoEm: string): StoredRecord {
    const t = this.world.titles[this.pTitle[p]];
    return {
      id: this.pId[p],
      alteradoEm,
      ean: t.ean,
      titulo: t.titulo,
      subtitulo: t.subtitulo,
      idSelo: String(t.imprint + 1),
      idTipoProduto: String(t.productType + 1),
      idAssunto: String(t.subject + 1),
      contribuidores: t.contributors.map((c, k) => ({ idAutor: String(c.author + 1), idTipoContribuicao: String(c.role + 1), ordem: k + 1 })),
      precoCentavos: t.price,
      custoCentavos: t.cost,
      dataLancamento: t.semDataLancamento ? null : isoDate(t.releaseDay),
      anoEdicao: t.anoEdicao !== undefined ? t.anoEdicao : new Date(t.releaseDay).getUTCFullYear(),
      paginas: t.paginas,
      pesoGramas: t.pesoGramas,
      idioma: t.idioma,
      situacao: t.situacao,
      ativo: t.ativo,
    };
  }

  /** The ESTOQUE record of product p. */
  stockRecord(p: number, alteradoEm: string): StoredRecord {
    return {
      id: this.pId[p],
      alteradoEm,
      idProduto: this.pId[p],
      fisico: this.fisico[p],
      reservado: this.reservado[p],
      consignado: this.consignado[p],
      bloqueado: this.bloqueado[p],
      pedidoCompra: this.pedidoCompra[p],
    };
  }

  // ---------------------------------------------------------------- demand

  /** Demand weight of product p on a local day: popularity × release peak × availability × school season. */
  private weight(p: number, day: number, school: boolean): number {
    const t = this.world.titles[this.pTitle[p]];
    if (t.releaseDay > day || t.situacao === '40' || t.situacao === '10' || !t.ativo) return 0;
    const age = (day - t.releaseDay) / DAY_MS;
    let w = t.pop * (1 + 10 * Math.exp(-age / 35));
    if (t.situacao === '51') w *= 0.1;
    if (!school && t.kind === 'didatico') {
      const month = new Date(day).getUTCMonth();
      if (month <= 2 || month === 6 || month === 7) w *= 2.5;
    }
    return w;
  }

  /** Recomputes the weekly demand tables when the week of `day` changed. */
  private ensureWeights(day: number): void {
    const week = Math.floor(day / (7 * DAY_MS));
    if (week === this.weightsWeek && this.cumGeneral.length === this.pTitle.length) return;
    this.weightsWeek = week;
    const n = this.pTitle.length;
    this.cumGeneral = new Float64Array(n);
    this.schoolIndex = [];
    const schoolWeights: number[] = [];
    let sum = 0;
    for (let p = 0; p < n; p++) {
      sum += this.weight(p, day, false);
      this.cumGeneral[p] = sum;
      const kind = this.world.titles[this.pTitle[p]].kind;
      if (kind === 'didatico' || kind === 'infantil') {
        this.schoolIndex.push(p);
        schoolWeights.push(this.weight(p, day, true));
      }
    }
    this.cumSchool = cumulative(schoolWeights.length, (i) => schoolWeights[i]);
    // Expected units per day of each product, for reorder points: its share of ~14 units per document.
    const unitsPerDay = this.docsPerDay * 14;
    this.demandPerDay = new Array<number>(n);
    let prev = 0;
    for (let p = 0; p < n; p++) {
      this.demandPerDay[p] = sum > 0 ? ((this.cumGeneral[p] - prev) / sum) * unitsPerDay : 0;
      prev = this.cumGeneral[p];
    }
  }

  // ---------------------------------------------------------------- stock

  private touch(p: number, at: number): void {
    this.stockChangedMs[p] = Math.max(this.stockChangedMs[p], at);
    if (!this.history) this.dirtyStock.add(p);
  }

  /** Reorders from the supplier when stock plus open orders fall under ~30 days of demand. */
  private maybeReorder(p: number, at: number): void {
    const t = this.world.titles[this.pTitle[p]];
    if (this.reorderPending[p] || t.situacao !== '20' || !t.ativo) return;
    const demand = this.demandPerDay[p] ?? 0;
    const point = Math.max(2, Math.ceil(demand * 30));
    if (this.fisico[p] - this.reservado[p] + this.pedidoCompra[p] >= point) return;
    const quantity = Math.max(point * 2, Math.ceil(demand * 90), 5);
    this.pedidoCompra[p] += quantity;
    this.reorderPending[p] = true;
    this.touch(p, at);
    const lead = (this.random.chance(0.1) ? 30 : 0) + this.random.int(5, 25);
    this.schedule(at + lead * DAY_MS, (when) => this.receive(p, quantity, when));
  }

  /** Goods from the supplier arrive: physical stock up, open purchase orders down. */
  private receive(p: number, quantity: number, at: number): void {
    const arrived = Math.min(quantity, this.pedidoCompra[p]);
    this.pedidoCompra[p] -= arrived;
    this.fisico[p] += arrived;
    this.recebido[p] += arrived;
    this.reorderPending[p] = false;
    this.touch(p, at);
  }

  /** Initial stock at the start of the history, and release print runs scheduled. */
  private initialStock(): void {
    const startMs = localInstant(this.world.startDay, 0);
    this.ensureWeights(this.world.startDay);
    for (let p = 0; p < this.pTitle.length; p++) {
      const t = this.world.titles[this.pTitle[p]];
      for (const arr of [this.fisico, this.reservado, this.consignado, this.bloqueado, this.pedidoCompra, this.recebido]) arr.push(0);
      this.reorderPending.push(false);
      this.stockChangedMs.push(Math.min(t.changedMs, startMs));
      if (t.releaseDay < this.world.startDay) {
        if (t.situacao === '40') continue;
        const demand = this.demandPerDay[p];
        const initial = Math.ceil(demand * this.random.int(20, 90)) + (this.random.chance(0.7) ? this.random.int(0, 5) : 0);
        this.fisico[p] = initial;
        this.recebido[p] = initial;
      } else if (t.situacao !== '10') {
        // A release: the print run arrives a few days before the release date.
        const peak = t.pop * 11;
        const run = Math.max(20, Math.ceil(peak * 4000 * (this.docsPerDay / 44)) + this.random.int(10, 200));
        const arrival = localInstant(t.releaseDay - this.random.int(2, 10) * DAY_MS, 10);
        if (arrival <= startMs) {
          this.fisico[p] = run;
          this.recebido[p] = run;
        } else {
          this.pedidoCompra[p] = run;
          this.reorderPending[p] = true;
          this.schedule(arrival, (when) => this.receive(p, run, when));
        }
      }
    }
  }

  // ---------------------------------------------------------------- events

  private schedule(at: number, run: (at: number) => void): void {
    const heap = this.events;
    heap.push({ at, seq: this.eventSeq++, run });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (before(heap[parent], heap[i])) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  }

  private popDue(until: number): SimEvent | null {
    const heap = this.events;
    if (!heap.length || heap[0].at > until) return null;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l], heap[m])) m = l;
        if (r < heap.length && before(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i], heap[m]];
        i = m;
      }
    }
    return top;
  }

  // ---------------------------------------------------------------- documents

  /** Writes a new sales document (history list, or the live log). */
  private emit(doc: ErpSale): void {
    if (this.history) this.history.push(doc);
    else this.logs.VENDA.put(doc as unknown as StoredRecord);
  }

  private line(linha: number, p: number, quantidade: number, unit: number, pct: number, linhaOrigem: number | null): ErpSaleLine {
    const gross = quantidade * unit;
    const descontoCentavos = Math.round(gross * pct);
    return {
      linha,
      idProduto: this.pId[p],
      quantidade,
      precoUnitarioCentavos: unit,
      descontoCentavos,
      valorLiquidoCentavos: gross - descontoCentavos,
      custoCentavos: quantidade * this.world.titles[this.pTitle[p]].cost,
      linhaOrigem,
    };
  }

  private doc(at: number, client: Client, tipo: 'NOTA' | 'DEVOLUCAO', cfop: string, itens: ErpSaleLine[], extra: { consignacao?: boolean; origem?: string | null; pagamento?: string | null; frete?: number }): ErpSale {
    const inside = client.uf === this.info.uf;
    const frete = extra.frete ?? 0;
    const total = itens.reduce((s, l) => s + l.valorLiquidoCentavos, 0) + frete;
    const id = String(this.nextSaleId++);
    return {
      id,
      alteradoEm: isoInstant(this.history ? at : this.clock!.next()),
      tipo,
      numero: this.nextNumero++,
      serie: '1',
      dataEmissao: isoDate(localDay(this.history ? at : this.clock!.now())),
      idCliente: client.id,
      idVendedor: client.sellerId,
      uf: client.uf,
      idTipoOperacaoFiscal: this.op(cfop, inside),
      idFormaPagamento: extra.pagamento === undefined ? client.paymentFormId : extra.pagamento,
      idTransportadora: tipo === 'DEVOLUCAO' ? null : client.kind === 'PESSOA_FISICA' ? '1' : String(1 + (Number(client.id) % 10)),
      consignacao: extra.consignacao ?? false,
      idDocumentoOrigem: extra.origem ?? null,
      freteCentavos: frete,
      totalCentavos: total,
      cancelada: false,
      itens,
    };
  }

  /** List price of product p on a local day (before or after its price change). */
  private priceOn(p: number, day: number): number {
    const t = this.world.titles[this.pTitle[p]];
    return day >= t.priceChangeDay ? t.price : t.oldPrice;
  }

  /** Picks a client for a new document on `day`. */
  private pickClient(day: number): Client {
    const r = this.random;
    if (this.kindWeightsDay !== day) {
      this.kindWeightsDay = day;
      this.kindWeights = KINDS.map((k) => (this.kindClients[k].idx.length ? KIND_SHARE[k] * kindSeason(k, day) : 0));
    }
    const kind = KINDS[r.pickCumulative(cumulative(KINDS.length, (i) => this.kindWeights[i]))];
    const group = this.kindClients[kind];
    return this.clients[group.idx[r.pickCumulative(group.cum)]];
  }

  /**
   * One new outgoing document at instant `at` (local day `day`): an invoice, a consignment
   * shipment or free goods, with the lines its client kind orders, limited by available stock.
   * @returns the document, or null when nothing was in stock
   */
  private newSale(at: number, day: number): ErpSale | null {
    const r = this.random;
    this.ensureWeights(day);
    const client = this.pickClient(day);
    const school = client.kind === 'ESCOLA' || client.kind === 'GOVERNO';
    const freeGoods = client.kind === 'ESCOLA' && r.chance(0.1);
    const consignment = !freeGoods && client.consignee && r.chance(0.4);
    const lineCount = Math.min(
      MAX_LINES[client.kind],
      freeGoods ? r.int(1, 4) : LINES[client.kind](r),
    );
    const chosen = new Set<number>();
    const itens: ErpSaleLine[] = [];
    for (let k = 0; k < lineCount * 2 && itens.length < lineCount; k++) {
      let p: number;
      if (school && this.cumSchool.length) {
        const s = r.pickCumulative(this.cumSchool);
        p = s < 0 ? -1 : this.schoolIndex[s];
      } else p = r.pickCumulative(this.cumGeneral);
      if (p < 0 || chosen.has(p)) continue;
      chosen.add(p);
      let quantity = freeGoods
        ? r.int(1, 5)
        : QUANTITY[client.kind](r);
      if (consignment) quantity = Math.ceil(quantity * 1.5);
      quantity = Math.min(quantity, this.fisico[p] - this.reservado[p]);
      if (quantity <= 0) {
        this.maybeReorder(p, at);
        continue;
      }
      itens.push(this.line(itens.length + 1, p, quantity, this.priceOn(p, day), freeGoods ? 1 : client.discount, null));
    }
    if (!itens.length) return null;
    const goods = itens.reduce((s, l) => s + l.valorLiquidoCentavos, 0);
    const frete = freeGoods || consignment ? 0 : client.kind === 'PESSOA_FISICA' ? (r.chance(0.6) ? 0 : r.int(990, 2990)) : client.kind === 'LIVRARIA' || client.kind === 'ESCOLA' ? (r.chance(0.2) ? Math.round(goods * 0.015) : 0) : 0;
    const cfop = freeGoods ? '5910' : consignment ? '5917' : '5102';
    const doc = this.doc(at, client, 'NOTA', cfop, itens, { consignacao: consignment, pagamento: freeGoods || consignment ? null : undefined, frete });
    for (const l of itens) {
      const p = this.productIndex.get(l.idProduto)!;
      this.fisico[p] -= l.quantidade;
      if (consignment) this.consignado[p] += l.quantidade;
      this.touch(p, at);
      this.maybeReorder(p, at);
    }
    this.emit(doc);
    if (consignment) this.scheduleConsignment(doc, client, at);
    else if (!freeGoods) {
      if (r.chance(0.004)) this.scheduleCancel(doc, at + r.int(1, 5) * 3_600_000);
      else if (client.kind !== 'ESCOLA' && client.kind !== 'GOVERNO' && r.chance(0.04)) this.scheduleReturn(doc, client, at + r.int(7, 60) * DAY_MS);
    }
    return doc;
  }

  /** A cancellation a few hours later: the invoice changes again with `cancelada` true, stock comes back. */
  private scheduleCancel(doc: ErpSale, at: number): void {
    this.schedule(at, (when) => {
      const cancelled: ErpSale = { ...doc, cancelada: true, alteradoEm: isoInstant(this.history ? when : this.clock!.next()) };
      if (this.history) Object.assign(doc, cancelled);
      else this.logs.VENDA.put(cancelled as unknown as StoredRecord);
      for (const l of doc.itens) {
        const p = this.productIndex.get(l.idProduto)!;
        this.fisico[p] += l.quantidade;
        this.touch(p, when);
      }
    });
  }

  /** An ordinary return of some lines of an invoice, part of their quantities; each unit comes back damaged (blocked) with probability 8%. */
  private scheduleReturn(doc: ErpSale, client: Client, at: number): void {
    this.schedule(at, (when) => {
      const r = this.random;
      const lines = r.shuffle([...doc.itens]).slice(0, r.int(1, Math.min(3, doc.itens.length)));
      const itens = lines
        .sort((a, b) => a.linha - b.linha)
        .map((l, k) => {
          const p = this.productIndex.get(l.idProduto)!;
          return this.line(k + 1, p, r.int(1, l.quantidade), l.precoUnitarioCentavos, l.quantidade ? l.descontoCentavos / (l.quantidade * l.precoUnitarioCentavos || 1) : 0, l.linha);
        });
      const ret = this.doc(when, client, 'DEVOLUCAO', '1202', itens, { origem: doc.id, pagamento: null });
      for (const l of itens) {
        const p = this.productIndex.get(l.idProduto)!;
        let damaged = 0;
        for (let u = 0; u < l.quantidade; u++) if (r.chance(0.08)) damaged++;
        this.fisico[p] += l.quantidade - damaged;
        this.bloqueado[p] += damaged;
        this.touch(p, when);
      }
      this.emit(ret);
    });
  }

  /** Settlements at 30, 60 and 90 days (billed part of what the client sold), then a partial return at ~4 months. */
  private scheduleConsignment(doc: ErpSale, client: Client, at: number): void {
    const shipment: Shipment = { doc, remaining: doc.itens.map((l) => l.quantidade) };
    const pct = client.discount;
    for (const days of [30, 60, 90]) {
      this.schedule(at + (days + this.random.int(0, 5)) * DAY_MS, (when) => {
        const r = this.random;
        const itens: ErpSaleLine[] = [];
        doc.itens.forEach((l, k) => {
          const sold = Math.floor(shipment.remaining[k] * (0.1 + r.next() * 0.25));
          if (sold <= 0) return;
          shipment.remaining[k] -= sold;
          itens.push(this.line(itens.length + 1, this.productIndex.get(l.idProduto)!, sold, l.precoUnitarioCentavos, pct, l.linha));
        });
        if (!itens.length) return;
        const settle = this.doc(when, client, 'NOTA', '5114', itens, { consignacao: true, origem: doc.id });
        for (const l of itens) {
          const p = this.productIndex.get(l.idProduto)!;
          this.consignado[p] -= l.quantidade;
          this.touch(p, when);
        }
        this.emit(settle);
      });
    }
    this.schedule(at + this.random.int(110, 150) * DAY_MS, (when) => {
      const r = this.random;
      const itens: ErpSaleLine[] = [];
      doc.itens.forEach((l, k) => {
        const back = Math.ceil(shipment.remaining[k] * (0.6 + r.next() * 0.4));
        if (back <= 0) return;
        shipment.remaining[k] -= back;
        itens.push(this.line(itens.length + 1, this.productIndex.get(l.idProduto)!, back, l.precoUnitarioCentavos, pct, l.linha));
      });
      if (!itens.length) return;
      const ret = this.doc(when, client, 'DEVOLUCAO', '1918', itens, { consignacao: true, origem: doc.id, pagamento: null });
      for (const l of itens) {
        const p = this.productIndex.get(l.idProduto)!;
        this.consignado[p] -= l.quantidade;
        this.fisico[p] += l.quantidade;
        this.touch(p, when);
      }
      this.emit(ret);
    });
  }

  // ---------------------------------------------------------------- history and live

  /**
   * Writes the whole history from the first day to `hoje`: each day a Poisson number of new
   * documents (by client kind and season) at sorted business-hour instants, interleaved with the
   * events due that day; then loads VENDA and ESTOQUE into the logs.
   */
  generateHistory(): void {
    const w = this.world;
    const r = this.random;
    this.initialStock();
    for (let day = w.startDay; day <= w.endDay; day += DAY_MS) {
      const dow = new Date(day).getUTCDay();
      let expected = 0;
      for (const k of KINDS) if (this.kindClients[k].idx.length) expected += KIND_SHARE[k] * kindSeason(k, day);
      const n = r.poisson(this.docsPerDay * WEEKDAY[dow] * expected);
      const dayEnd = Math.min(localInstant(day, 24) - 1, w.hojeMs);
      const open = localInstant(day, 8);
      const close = Math.min(localInstant(day, 19), w.hojeMs);
      const times: number[] = [];
      if (close > open) for (let i = 0; i < n; i++) times.push(open + Math.floor(r.next() * (close - open)));
      times.sort((a, b) => a - b);
      let i = 0;
      for (;;) {
        const next = this.events[0];
        const eventFirst = next && next.at <= dayEnd && (i >= times.length || next.at <= times[i]);
        if (eventFirst) {
          const e = this.popDue(dayEnd)!;
          e.run(e.at);
        } else if (i < times.length) {
          this.newSale(times[i], day);
          i++;
        } else break;
      }
    }
    // Open sales orders at the end: a few products have units reserved.
    const end = w.hojeMs;
    for (let p = 0; p < this.pTitle.length; p++) {
      if (this.fisico[p] > 0 && r.chance(0.02)) {
        this.reservado[p] = Math.min(this.fisico[p], r.int(1, 5));
        this.touch(p, end - r.int(1, 48 * 60) * 60_000);
      }
    }
    this.logs.VENDA.load(this.history! as unknown as StoredRecord[]);
    this.history = null;
    this.logs.ESTOQUE.load(this.pTitle.map((_, p) => this.stockRecord(p, isoInstant(this.stockChangedMs[p]))));
  }

  /**
   * Starts live mode with the simulator's clock; live document ids and invoice numbers start
   * `idOffset` higher than the history left them (see the simulator's `relogio` option).
   */
  goLive(clock: Clock, idOffset = 0): void {
    this.clock = clock;
    this.nextSaleId += idOffset;
    this.nextNumero += idOffset;
  }

  /** Writes a new ESTOQUE version of every product whose stock changed since the last flush. */
  private flushStock(): void {
    for (const p of [...this.dirtyStock].sort((a, b) => a - b)) this.logs.ESTOQUE.put(this.stockRecord(p, isoInstant(this.clock!.next())));
    this.dirtyStock.clear();
  }

  /**
   * Live: runs the events now due (settlements, returns, receipts, cancellations), then writes
   * `sales` new documents now (retrying a few draws when stock is short), then the stock records
   * they changed. Deterministic in the seed and the sequence of calls (not in instants).
   */
  tick(sales: number): void {
    const clock = this.clock!;
    const now = clock.now();
    for (let e = this.popDue(now); e; e = this.popDue(now)) e.run(now);
    const day = localDay(now);
    for (let i = 0; i < sales; i++) for (let attempt = 0; attempt < 20 && !this.newSale(now, day); attempt++);
    this.flushStock();
  }

  /** Adds or updates a product sent to the ERP (`POST produtos`); returns its id. */
  upsertProduct(p: number | undefined, build: (p: number, isNew: boolean) => void): number {
    let index = p;
    const isNew = index === undefined;
    if (index === undefined) {
      index = this.pTitle.length;
      for (const arr of [this.fisico, this.reservado, this.consignado, this.bloqueado, this.pedidoCompra, this.recebido]) arr.push(0);
      this.reorderPending.push(false);
      this.stockChangedMs.push(0);
    }
    build(index, isNew);
    if (isNew) {
      this.productIndex.set(this.pId[index], index);
      this.dirtyStock.add(index);
      this.flushStock();
    }
    return index;
  }

  /**
   * Applies a sent order: COMPRA raises `pedidoCompra` (received 7-20 days later), VENDA raises
   * `reservado`. A VENDA with `terms` (a known client) is invoiced one simulated day later
   * (`invoiceOrder`): a NOTA naming the order's reference, its reservation released.
   */
  applyOrder(tipo: 'COMPRA' | 'VENDA', items: OrderItem[], terms?: SaleOrderTerms): { id: string; numero: number } {
    const now = this.clock!.now();
    for (const { p, quantidade } of items) {
      if (tipo === 'COMPRA') {
        this.pedidoCompra[p] += quantidade;
        this.schedule(now + this.random.int(7, 20) * DAY_MS, (when) => this.receive(p, quantidade, when));
      } else this.reservado[p] += quantidade;
      this.dirtyStock.add(p);
    }
    if (tipo === 'VENDA' && terms) this.schedule(now + DAY_MS, (when) => this.invoiceOrder(terms, items, when));
    this.flushStock();
    const numero = this.nextOrder++;
    return { id: `${tipo === 'COMPRA' ? 'PC' : 'PV'}-${numero}`, numero };
  }

  /**
   * Bills a sales order (run one simulated day after it arrived): releases each line's reservation
   * and writes one NOTA (CFOP of the order, else 5102/6102 by the client's state) with
   * `referenciaPedido` = the order's reference, the order's seller, payment form and carrier, and
   * each line at the order's price and discount (the list price of the day when the order sent
   * none). A line ships what is on hand (`fisico`) at most, its discount in proportion; lines with
   * nothing on hand are left out, and no NOTA is written when none is left.
   */
  private invoiceOrder(terms: SaleOrderTerms, items: OrderItem[], when: number): void {
    const day = localDay(this.clock!.now());
    const itens: ErpSaleLine[] = [];
    for (const item of items) {
      const p = item.p;
      this.reservado[p] = Math.max(0, this.reservado[p] - item.quantidade);
      const quantidade = Math.min(item.quantidade, Math.max(0, this.fisico[p]));
      if (quantidade > 0) {
        const unit = item.precoUnitarioCentavos ?? this.priceOn(p, day);
        const descontoCentavos = Math.min(quantidade * unit, Math.round(((item.descontoCentavos ?? 0) * quantidade) / item.quantidade));
        itens.push({
          linha: itens.length + 1,
          idProduto: this.pId[p],
          quantidade,
          precoUnitarioCentavos: unit,
          descontoCentavos,
          valorLiquidoCentavos: quantidade * unit - descontoCentavos,
          custoCentavos: quantidade * this.world.titles[this.pTitle[p]].cost,
          linhaOrigem: null,
        });
        this.fisico[p] -= quantidade;
      }
      this.touch(p, when);
    }
    if (!itens.length) return;
    const doc = this.doc(when, terms.client, 'NOTA', '5102', itens, { pagamento: terms.idFormaPagamento ?? undefined });
    this.emit({
      ...doc,
      idVendedor: terms.idVendedor ?? doc.idVendedor,
      idTipoOperacaoFiscal: terms.idTipoOperacaoFiscal ?? doc.idTipoOperacaoFiscal,
      idTransportadora: terms.idTransportadora ?? doc.idTransportadora,
      referenciaPedido: terms.referencia,
    });
  }
}

/** One line of a sent order: product index, units, and (sales orders) the unit price and the line's discount in cents. */
export interface OrderItem {
  p: number;
  quantidade: number;
  precoUnitarioCentavos?: number | null;
  descontoCentavos?: number;
}

/** What a sales order says beside its lines, for its invoice: reference, client and the registers it names (null = the client's usual). */
export interface SaleOrderTerms {
  referencia: string;
  client: Client;
  idVendedor: string | null;
  idFormaPagamento: string | null;
  idTransportadora: string | null;
  idTipoOperacaoFiscal: string | null;
}

function before(a: SimEvent, b: SimEvent): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/** Lower-case ASCII of a name, for e-mail addresses. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
