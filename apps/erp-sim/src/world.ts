import { faker } from '@faker-js/faker/locale/pt_BR';
import { UFS } from '@acervo/contracts/erp-protocol';
import {
  CHILD_ANIMALS, CHILD_VERBS, CONTRIBUTOR_TYPES, FISCAL_OPERATIONS, FOREIGN_FIRST, FOREIGN_LAST, GENERAL_PATTERNS, GENERAL_TOPICS,
  CHILD_PATTERNS, ENEM_PATTERNS, GENERAL_QUALIFIERS, MUNICIPALITIES, NAME_WORDS, PAYMENT_FORMS, PRODUCT_TYPES, SCHOOL_SERIES, SCHOOL_SUBJECTS, SUBJECTS, SUBTITLES, SURNAMES, TECH_PATTERNS,
  TECH_TOPICS, TECH_TOPICS_OTHER, TITLE_ADJECTIVES, TITLE_NOUNS, UF_POPULATION_2022, type NounForm, type SubjectKind,
} from './br-data.ts';
import { DAY_MS, isoInstant, localDay, localInstant, monthsBefore } from './calendar.ts';
import { ean13, randomCnpj } from './documents.ts';
import { Random } from './prng.ts';

/**
 * The catalogue side of the data set, shared by every simulated company: publishers and their
 * imprints, authors, subjects, the fixed registers (contributor roles, product types, fiscal
 * operations, payment forms, carriers) and the titles with their ISBN-13, prices, release dates
 * and popularity. Built once per seed; the companies (`company.ts`) each carry a part of it.
 */

/** Generator sizes and the simulated "now". */
export interface WorldOptions {
  /** Titles in the whole catalogue (the first company carries all). */
  titulos: number;
  /** Months of sales history before `hoje`. */
  meses: number;
  /** Seed of every random choice. */
  seed: number;
  /** The instant the history ends at. */
  hoje: Date;
}

/** Uf code. */
export type Uf = (typeof UFS)[number];

/** A register record before it gets its company (ids are the same in every company). */
export interface RegisterRecord {
  id: string;
  alteradoEm: string;
  [field: string]: unknown;
}

/** One title of the catalogue. Money in cents; days as UTC-midnight ms of the local date. */
export interface Title {
  ean: string;
  titulo: string;
  subtitulo: string | null;
  publisher: number;
  imprint: number;
  subject: number;
  kind: SubjectKind;
  productType: number;
  contributors: { author: number; role: number }[];
  /** Current list price, cents. */
  price: number;
  /** List price before `priceChangeDay` (equal to `price` when it never changed). */
  oldPrice: number;
  /** Local day the price changed to `price` (Infinity: never). */
  priceChangeDay: number;
  /** Unit cost to the distributor, cents. */
  cost: number;
  releaseDay: number;
  paginas: number | null;
  pesoGramas: number | null;
  /** Edition year when it is not the release year (products sent by Acervo). */
  anoEdicao?: number | null;
  /** True when the product has no release date (products sent by Acervo without one). */
  semDataLancamento?: boolean;
  idioma: string;
  situacao: string;
  ativo: boolean;
  /** Popularity weight (Zipf-like over a random rank). */
  pop: number;
  /** Instant (ms) the product record last changed before the history ends. */
  changedMs: number;
}

/** A publisher with its imprints and ISBN registrant prefix. */
interface Publisher {
  nome: string;
  cnpj: string;
  imprints: number[];
  prefixes: string[];
  pubDigits: number;
  next: number;
}

/** The generated catalogue and registers. */
export interface World {
  options: WorldOptions;
  /** Local day the history starts (inclusive) and ends (inclusive, `hoje`'s day). */
  startDay: number;
  endDay: number;
  hojeMs: number;
  contributorTypes: RegisterRecord[];
  productTypes: RegisterRecord[];
  fiscalOperations: RegisterRecord[];
  paymentForms: RegisterRecord[];
  carriers: RegisterRecord[];
  subjects: RegisterRecord[];
  imprints: (RegisterRecord & { publisher: number })[];
  authors: RegisterRecord[];
  publishers: { nome: string; cnpj: string }[];
  titles: Title[];
  /** Given names from faker's pt_BR locale (female then male). */
  firstNames: string[];
}

/** Rounds a price in cents to end in ,90 (R$ 39,90). */
function price90(cents: number): number {
  return Math.max(90, Math.floor(cents / 100) * 100 + 90);
}

/** Capitalises the first letter. */
function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "o"/"a" article of a gender. */
function article(g: 'm' | 'f'): string {
  return g === 'm' ? 'o' : 'a';
}

/** Registrant ranges by registrant length (as in the ISBN ranges of groups 65 and 85, simplified): no prefix is a prefix of another. */
const REGISTRANT_RANGES: Record<number, [number, number]> = { 2: [0, 19], 3: [200, 699], 4: [7000, 8499], 5: [85000, 89999], 6: [900000, 999999] };

/** Builds the catalogue for `options`. Deterministic in `options`. */
export function buildWorld(options: WorldOptions): World {
  const random = new Random(options.seed, 1000);
  faker.seed(options.seed);
  const hojeMs = options.hoje.getTime();
  const endDay = localDay(hojeMs);
  const startDay = monthsBefore(endDay, options.meses);
  const registerSince = startDay - 3 * 365 * DAY_MS;
  /** A past register change instant, skewed towards older. */
  const registerInstant = (): string => {
    const u = random.next();
    return isoInstant(registerSince + Math.floor(u * u * (hojeMs - DAY_MS - registerSince)));
  };

  const firstNames = [...faker.definitions.person.first_name.female!, ...faker.definitions.person.first_name.male!];
  const surnames = [...new Set([...SURNAMES, ...(faker.definitions.person.last_name.generic ?? [])])];
  const personName = (): [string, string] => {
    const first = random.pick(firstNames);
    const last = random.chance(0.5) ? `${random.pick(surnames)} ${random.pick(surnames)}` : random.pick(surnames);
    return [first, last];
  };

  const contributorTypes = CONTRIBUTOR_TYPES.map(([descricao, codigoOnix], i) => ({ id: String(i + 1), alteradoEm: registerInstant(), descricao, codigoOnix, ativo: codigoOnix !== null }));
  const productTypes = PRODUCT_TYPES.map(([descricao, formatoOnix], i) => ({ id: String(i + 1), alteradoEm: registerInstant(), descricao, formatoOnix, ativo: true }));
  const fiscalOperations = FISCAL_OPERATIONS.map((op, i) => ({ id: String(i + 1), alteradoEm: registerInstant(), cfop: op.cfop, descricao: op.descricao, natureza: op.natureza, ativo: op.ativo }));
  const paymentForms = PAYMENT_FORMS.map(([descricao, parcelas, prazoDias], i) => ({ id: String(i + 1), alteradoEm: registerInstant(), descricao, parcelas, prazoDias, ativo: !descricao.startsWith('Cheque') }));
  const carrierUfs = ['SP', 'SP', 'RJ', 'MG', 'PR', 'RS', 'BA', 'PE', 'GO', 'SC', 'CE', 'AM'] as const;
  const carrierNames = ['Rápido Postal Encomendas', 'Transportes Via Sul', 'Expresso Mirante', 'Log Livro Transportes', 'Carga Certa Logística', 'Translivros', 'Expresso Andorinha', 'Rodoviário Cerrado', 'TransNordeste Cargas', 'Entrega Fácil Logística', 'Expresso Baobá', 'Rota Norte Transportes'];
  const carriers = carrierNames.map((nome, i) => ({ id: String(i + 1), alteradoEm: registerInstant(), nome: `${nome} Ltda`, cnpj: randomCnpj(random), uf: carrierUfs[i], ativo: i !== 10 }));
  const subjects = SUBJECTS.map((s, i) => ({ id: String(i + 1), alteradoEm: registerInstant(), descricao: s.descricao, codigoBisac: s.bisac, ativo: true }));

  // Publishers and imprints.
  const publisherCount = Math.max(5, Math.round(options.titulos / 120));
  const usedNames = new Set<string>();
  const publishers: Publisher[] = [];
  const imprints: World['imprints'] = [];
  const nameWith = (make: () => string): string => {
    for (let i = 0; ; i++) {
      const name = i < 20 ? make() : `${make()} ${i}`;
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
  };
  for (let i = 0; i < publisherCount; i++) {
    const word = () => random.pick(NAME_WORDS);
    const nome = nameWith(() => random.pick([`Editora ${word()}`, `Edições ${word()}`, `${word()} Editorial`, `Editora ${random.pick(surnames)} & ${random.pick(surnames)}`]));
    const publisher: Publisher = { nome, cnpj: randomCnpj(random), imprints: [], prefixes: [], pubDigits: 0, next: 0 };
    const imprintCount = random.chance(0.6) ? 1 : random.int(2, 3);
    for (let k = 0; k < imprintCount; k++) {
      const imprintName = k === 0 ? nome : nameWith(() => `${random.pick(['Selo', 'Selo', 'Coleção', ''])} ${word()}`.trim());
      publisher.imprints.push(imprints.length);
      imprints.push({ id: String(imprints.length + 1), alteradoEm: registerInstant(), nome: imprintName, editora: nome, cnpjEditora: random.chance(0.9) ? publisher.cnpj : null, ativo: true, publisher: i });
    }
    publishers.push(publisher);
  }

  // Authors: a pool drawn with a Zipf-like weight (prolific authors have many titles).
  const authorCount = Math.max(20, Math.round(options.titulos * 0.45));
  const bioPhrases = ['Formou-se em Letras e foi professora por vinte anos.', 'É jornalista e cronista.', 'Recebeu o Prêmio Jabuti.', 'Vive em São Paulo, onde dá oficinas de escrita.', 'Estreou na literatura infantil.', 'É historiador e pesquisador.', 'Traduziu dezenas de livros.', 'Trabalhou como médico antes de se dedicar à escrita.'];
  const authors: World['authors'] = [];
  for (let i = 0; i < authorCount; i++) {
    const foreign = random.chance(0.15);
    const [first, last] = foreign ? [random.pick(FOREIGN_FIRST), random.pick(FOREIGN_LAST)] : personName();
    const lastWord = last.split(' ').at(-1)!;
    const firstFull = last.includes(' ') ? `${first} ${last.split(' ')[0]}` : first;
    const uf = random.pick(UFS);
    const biografia = random.chance(0.3)
      ? `${first} ${last} nasceu em ${MUNICIPALITIES[uf][0][0]} (${uf}), em ${random.int(1940, 1995)}. ${random.pick(bioPhrases)}`
      : null;
    authors.push({ id: String(i + 1), alteradoEm: registerInstant(), nome: `${first} ${last}`, nomeInvertido: `${lastWord}, ${firstFull}`, biografia, ativo: random.chance(0.98), foreign });
  }
  const authorCumulative = cumulative(authorCount, (i) => 1 / (i + 3));
  const publisherCumulative = cumulative(publisherCount, (i) => 1 / (i + 2));
  const subjectCumulative = cumulative(SUBJECTS.length, (i) => SUBJECTS[i].peso);

  // Titles. Their words come from a stream of their own, so richer vocabularies leave the rest of the
  // data set (sales, stock) as it was; no two titles are equal (`makeUniqueTitle`).
  const titles: Title[] = [];
  const titleRandom = new Random(options.seed, 1001);
  const usedTitles = new Set<string>();
  const ranks = random.shuffle(Array.from({ length: options.titulos }, (_, i) => i));
  const span = endDay - startDay;
  for (let i = 0; i < options.titulos; i++) {
    const subject = random.pickCumulative(subjectCumulative);
    const kind = SUBJECTS[subject].kind;
    const publisher = random.pickCumulative(publisherCumulative);
    const imprint = random.pick(publishers[publisher].imprints);
    const productType = kind === 'infantil' && random.chance(0.3) ? 3 : random.chance(0.1) ? 1 : kind === 'didatico' && random.chance(0.1) ? 5 : random.chance(0.02) ? 4 : kind === 'tecnico' && random.chance(0.05) ? 2 : 0;
    // Release: 1% announced (future), 9% in the window, the rest backlist up to 30 years old.
    const r = random.next();
    let releaseDay: number;
    let situacao = '20';
    if (r < 0.01) {
      releaseDay = endDay + random.int(5, 75) * DAY_MS;
      situacao = '10';
    } else if (r < 0.1) releaseDay = startDay + random.int(0, Math.floor(span / DAY_MS)) * DAY_MS;
    else releaseDay = startDay - Math.min(30 * 365, Math.ceil(-Math.log(1 - random.next()) * 5 * 365)) * DAY_MS;
    const ageYears = (endDay - releaseDay) / (365 * DAY_MS);
    if (situacao === '20' && ageYears > 8 && random.chance(0.08)) situacao = '51';
    else if (situacao === '20' && random.chance(0.01)) situacao = '40';
    const base = { ficcao: [3990, 8990], infantil: [2990, 6990], didatico: [9990, 24990], tecnico: [8990, 29990], geral: [3990, 9990] }[kind];
    let price = random.int(base[0], base[1]);
    if (productType === 1) price *= 1.4;
    if (productType === 4) price *= 2.5;
    price = price90(price);
    let oldPrice = price;
    let priceChangeDay = Infinity;
    if (releaseDay < endDay - 180 * DAY_MS && random.chance(0.25)) {
      priceChangeDay = Math.max(startDay, releaseDay + DAY_MS) + random.int(0, Math.floor((endDay - Math.max(startDay, releaseDay)) / DAY_MS) - 1) * DAY_MS;
      oldPrice = price90(price / (1.05 + random.next() * 0.1));
    }
    const cost = Math.round(price * (0.4 + random.next() * 0.1));
    const paginas = kind === 'infantil' ? random.int(12, 64) : kind === 'tecnico' ? random.int(250, 1200) : kind === 'didatico' ? random.int(180, 420) : random.int(96, 640);
    const pesoGramas = Math.round(paginas * 1.5 + 80 + (productType === 1 ? 150 : 0));
    // Contributors: author(s), an illustrator for children's books, a translator for foreign authors.
    const contributors: Title['contributors'] = [];
    const authorsOf = random.chance(0.85) ? 1 : random.int(2, 3);
    for (let k = 0; k < authorsOf; k++) {
      const author = random.pickCumulative(authorCumulative);
      if (!contributors.some((c) => c.author === author)) contributors.push({ author, role: kind === 'didatico' && k > 0 ? 4 : 0 });
    }
    if (kind === 'infantil' && random.chance(0.6)) contributors.push({ author: random.int(0, authorCount - 1), role: 1 });
    if ((authors[contributors[0].author] as { foreign?: boolean }).foreign) contributors.push({ author: random.int(0, authorCount - 1), role: 5 });
    if (random.chance(0.03)) contributors.push({ author: random.int(0, authorCount - 1), role: 2 });
    const unique = contributors.filter((c, k) => contributors.findIndex((o) => o.author === c.author) === k);
    const idioma = (authors[contributors[0].author] as { foreign?: boolean }).foreign && random.chance(0.15) ? random.pick(['eng', 'spa']) : 'por';
    // Product record change: created weeks before release (or a later register update for old titles), then the price change.
    let changedMs: number;
    if (releaseDay >= startDay) changedMs = Math.min(localInstant(releaseDay - random.int(15, 60) * DAY_MS, 9 + random.next() * 9), hojeMs - DAY_MS);
    else changedMs = Math.min(localInstant(Math.max(releaseDay - 30 * DAY_MS, startDay - 3 * 365 * DAY_MS) + random.int(0, 400) * DAY_MS, 9 + random.next() * 9), localInstant(startDay, 0));
    if (priceChangeDay !== Infinity) changedMs = Math.max(changedMs, localInstant(priceChangeDay, 7 + random.next()));
    const [titulo, subtitulo] = makeUniqueTitle(titleRandom, kind, SUBJECTS[subject].bisac, usedTitles);
    titles.push({
      ean: '',
      titulo,
      subtitulo,
      publisher,
      imprint,
      subject,
      kind,
      productType,
      contributors: unique,
      price,
      oldPrice,
      priceChangeDay,
      cost,
      releaseDay,
      paginas,
      pesoGramas,
      idioma,
      situacao,
      ativo: situacao !== '40',
      pop: 1 / (ranks[i] + 10),
      changedMs,
    });
  }
  assignIsbns(random, publishers, titles);
  for (const a of authors) delete (a as { foreign?: boolean }).foreign;
  return {
    options,
    startDay,
    endDay,
    hojeMs,
    contributorTypes,
    productTypes,
    fiscalOperations,
    paymentForms,
    carriers,
    subjects,
    imprints,
    authors,
    publishers: publishers.map((p) => ({ nome: p.nome, cnpj: p.cnpj })),
    titles,
    firstNames,
  };
}

/** Cumulative weights of `n` items. */
export function cumulative(n: number, weight: (i: number) => number): Float64Array<ArrayBuffer> {
  const out = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += weight(i);
    out[i] = sum;
  }
  return out;
}

/**
 * Gives every title an ISBN-13 in 978-85 or 978-65: each publisher gets a registrant prefix long
 * enough for its titles (a shorter registrant leaves more digits to the publication number), and a
 * second prefix when it runs out; the check digit is computed.
 */
function assignIsbns(random: Random, publishers: Publisher[], titles: Title[]): void {
  const counts = new Array<number>(publishers.length).fill(0);
  for (const t of titles) counts[t.publisher]++;
  const nextRegistrant: Record<string, number> = {};
  const allocate = (p: Publisher, index: number): void => {
    const d = Math.min(5, Math.max(2, Math.ceil(Math.log10(counts[index] + 1))));
    const r = 7 - d;
    let group = index % 5 < 3 ? '85' : '65';
    let key = `${group}:${r}`;
    const range = REGISTRANT_RANGES[r];
    if ((nextRegistrant[key] ?? range[0]) + 7 > range[1]) {
      group = group === '85' ? '65' : '85';
      key = `${group}:${r}`;
    }
    const value = nextRegistrant[key] ?? range[0];
    if (value > range[1]) throw new Error('Faixa de ISBN esgotada: reduza --titulos');
    nextRegistrant[key] = value + random.int(1, 7);
    p.prefixes.push(`978${group}${String(value).padStart(r, '0')}`);
    p.pubDigits = d;
    p.next = 0;
  };
  for (let i = 0; i < titles.length; i++) {
    const t = titles[i];
    const p = publishers[t.publisher];
    if (p.prefixes.length === 0 || p.next >= 10 ** p.pubDigits) allocate(p, t.publisher);
    t.ean = ean13(p.prefixes.at(-1)! + String(p.next).padStart(p.pubDigits, '0'));
    p.next += 1;
  }
}

/** "a" contracted with the definite article of a noun phrase of form `form`: ao, à, aos, às. */
export function contractA(form: NounForm): string {
  return { m: 'ao', f: 'à', mp: 'aos', fp: 'às' }[form];
}

/** "de" contracted with a following definite article: "de a cozinha" → "da cozinha" (do, da, dos, das). */
export function contractDe(text: string): string {
  return text.replace(/\bde (os|as|o|a) /g, (_, art: string) => `d${art} `);
}

/** Draws a technical title: a frame of TECH_PATTERNS on a topic of the BISAC section, articles agreeing with its gender. */
function techTitle(random: Random, bisac: string | null): string {
  const [topic, form] = random.pick(TECH_TOPICS[bisac?.slice(0, 3) ?? ''] ?? TECH_TOPICS_OTHER);
  const ending = { m: 'o', f: 'a', mp: 'os', fp: 'as' }[form];
  const lower = topic.charAt(0).toLowerCase() + topic.slice(1);
  return cap(random.pick(TECH_PATTERNS).replace('{t}', lower).replace('{T}', topic).replace('{ao}', contractA(form)).replace('{o}', ending));
}

/** A pt-BR title (and maybe subtitle) fitting the subject kind (one draw; `makeUniqueTitle` avoids repeats). */
function makeTitle(random: Random, kind: SubjectKind, bisac: string | null): [string, string | null] {
  const noun = () => random.pick(TITLE_NOUNS);
  const adj = (g: 'm' | 'f') => random.pick(TITLE_ADJECTIVES)[g === 'm' ? 0 : 1];
  const subtitle = (p: number) => (random.chance(p) ? random.pick(SUBTITLES) : null);
  switch (kind) {
    case 'ficcao': {
      const [n, g] = noun();
      const [n2, g2] = noun();
      const choice = random.int(0, 6);
      const title =
        choice === 0 ? `${article(g)} ${n} ${adj(g)}`
        : choice === 1 ? `${article(g)} ${n} ${g2 === 'm' ? 'do' : 'da'} ${n2}`
        : choice === 2 ? `${article(g)} ${n} e ${article(g2)} ${n2}`
        : choice === 3 ? `memórias ${g === 'm' ? 'de um' : 'de uma'} ${n} ${adj(g)}`
        : choice === 4 ? `${article(g)} ${n} de ${random.pick(MUNICIPALITIES[random.pick(UFS)])[0]}`
        : choice === 5 ? `${article(g)} ${n} ${adj(g)} ${g2 === 'm' ? 'do' : 'da'} ${n2}`
        : `quando ${article(g)} ${n} ${random.pick(['voltar', 'acabar', 'chover', 'esquecer', 'partir', 'amanhecer', 'calar'])}`;
      return [cap(title), subtitle(0.2)];
    }
    case 'infantil': {
      const [a, g] = random.pick(CHILD_ANIMALS);
      const [b, gb] = random.pick(CHILD_ANIMALS);
      const r = random.next();
      const title =
        r < 0.45 ? `${article(g)} ${a} que ${random.pick(CHILD_VERBS)}`
        : r < 0.75 ? random.pick(CHILD_PATTERNS).replace('{do}', g === 'm' ? 'do' : 'da').replace('{O}', cap(article(g))).replace('{a}', a)
        : `${article(g)} ${a} e ${article(gb)} ${b}`;
      return [cap(title), null];
    }
    case 'didatico': {
      const subject = random.pick(SCHOOL_SUBJECTS);
      if (bisac === 'STU000000') return [`${random.pick(ENEM_PATTERNS).replace('{ano}', String(random.int(2019, 2027)))}: ${subject}`, random.pick(['teoria e exercícios', 'questões comentadas', null])];
      const year = random.int(1, 9);
      return random.chance(0.7) ? [`${random.pick(SCHOOL_SERIES)}: ${subject}, ${year}º ano`, 'ensino fundamental'] : [`${random.pick(SCHOOL_SERIES)}: ${subject}, ensino médio`, `volume ${random.int(1, 3)}`];
    }
    case 'tecnico':
      return [techTitle(random, bisac), random.chance(0.3) ? `${random.int(2, 12)}ª edição` : null];
    default: {
      const topic = random.pick(GENERAL_TOPICS);
      const pattern = random.pick(GENERAL_PATTERNS);
      const qualifier = !pattern.endsWith('no Brasil') && random.chance(0.7) ? ` ${random.pick(GENERAL_QUALIFIERS)}` : '';
      return [cap(contractDe(pattern.replace('{x}', topic).replace('{X}', cap(topic)))) + qualifier, subtitle(0.15)];
    }
  }
}

/** Draws per title before a repeated one gets a volume number. */
const TITLE_DRAWS = 12;

/**
 * A title not yet in `used` (compared without letter case): up to TITLE_DRAWS draws of
 * `makeTitle`; when all repeat (small vocabularies such as a school series), the last draw gets
 * the next free ", volume N". Adds the title to `used`.
 */
export function makeUniqueTitle(random: Random, kind: SubjectKind, bisac: string | null, used: Set<string>): [string, string | null] {
  let drawn = makeTitle(random, kind, bisac);
  for (let i = 1; i < TITLE_DRAWS && used.has(drawn[0].toLowerCase()); i++) drawn = makeTitle(random, kind, bisac);
  let [title] = drawn;
  for (let volume = 2; used.has(title.toLowerCase()); volume++) title = `${drawn[0]}, volume ${volume}`;
  used.add(title.toLowerCase());
  return [title, drawn[1]];
}

/** Population-weighted UF draw (IBGE 2022) and a municipality of it with its IBGE code. */
export function drawPlace(random: Random, ufCumulative: Float64Array): { uf: Uf; municipio: string; codigo: string } {
  const uf = UFS_BY_POP[random.pickCumulative(ufCumulative)];
  const cities = MUNICIPALITIES[uf];
  const [municipio, codigo] = random.chance(0.5) ? cities[0] : random.pick(cities);
  return { uf, municipio, codigo };
}

/** UFs in a fixed order for `drawPlace`. */
export const UFS_BY_POP: readonly Uf[] = [...UFS];
/** Cumulative population weights in `UFS_BY_POP` order. */
export function ufCumulative(): Float64Array {
  return cumulative(UFS_BY_POP.length, (i) => UF_POPULATION_2022[UFS_BY_POP[i]]);
}

