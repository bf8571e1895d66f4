/**
 * Terminal search quality (`npm run bench:terminal-quality -w @acervo/bench`, issue 16).
 *
 * Builds the demo catalogue in an in-memory PGlite: the demo ERP's titles (the simulator's data set
 * of `DEMO_ERP`: 6,000 titles, seed 1, applied through `applyErpRecords` as the sync does, so the
 * catalogue products, publishers, imprints and contributors are the ones the demo has) plus every
 * ONIX feed of `../shared/data/onix/*.xml` (`importOnixFiles`). Then draws QUALITY_TITLES (default
 * 500) titles at random (seeded: QUALITY_SEED, default 16) and, for each, one query of each kind:
 * - exact title; the title without accents; one typo (two adjacent letters swapped, or one
 *   replaced when no swap changes the word) in a word of 5+ letters; the title with two words
 *   swapped (the first two of 3+ letters); the
 *   first contributor's surname plus one title word; the ISBN-13 with hyphens; the ISBN-10.
 * Each query goes through the Terminal's search service (`searchTerminal`, page of 10) as the
 * demo admin in the first company. A text query hits when a result in the top 3 has the drawn
 * title (title and subtitle, accents and case ignored: two editions of one title are the same
 * answer to the customer); a barcode hits only on the drawn product itself. MRR@10: mean of 1/rank
 * of the first hit within the top 10 (0 when none). A title that cannot make a query of a kind
 * (one word, no 5+ letter word, no contributor, no ISBN-10 for a 979 ISBN) is left out of that
 * kind, and the count asked is printed beside each share.
 * The misses of each kind are listed (QUALITY_MISSES=n, default 5) to see why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ERP_ENTITIES, isbn13To10, parseErpRecord, type ErpEntity, type ErpRecord } from '@acervo/contracts';
import { generateErpDataSet } from '@acervo/erp-sim';
import { openDatabase } from '@acervo/server/src/db/client.ts';
import { seedDemoData } from '@acervo/server/src/seed/demo-seed.ts';
import { applyErpRecords } from '@acervo/server/src/erp/data/index.ts';
import { DEMO_ERP } from '@acervo/server/src/erp/demo-erp.ts';
import { importOnixFiles } from '@acervo/server/src/products/onix/onix-import.ts';
import { searchTerminal } from '@acervo/server/src/terminal/terminal.service.ts';
import { normalize, queryWords } from '@acervo/server/src/terminal/terminal-text.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ONIX_DIR = path.resolve(HERE, '../../shared/data/onix');
const TITLES = Number(process.env.QUALITY_TITLES ?? 500);
const SEED = Number(process.env.QUALITY_SEED ?? 16);
const MISSES = Number(process.env.QUALITY_MISSES ?? 5);

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Title {
  id: number;
  isbn13: string;
  isbn10: string | null;
  titulo: string;
  subtitulo: string | null;
  contribuidor: string | null;
  fonte: string | null;
}

const KINDS = ['exact title', 'without accents', 'one typo (5+ letters)', 'two words out of order', 'surname + title word', 'ISBN-13 with hyphens', 'ISBN-10'] as const;
type Kind = (typeof KINDS)[number];

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const titleKey = (titulo: string, subtitulo: string | null) => normalize(`${titulo} ${subtitulo ?? ''}`).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** One typo in the first word of 5+ letters of the title: swap two middle letters, or replace one when the swap changes nothing. */
function typoQuery(title: string, random: () => number): string | null {
  const raw = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  const index = raw.findIndex((w) => [...w].length >= 5);
  if (index < 0) return null;
  const chars = [...raw[index]];
  const i = 1 + Math.floor(random() * (chars.length - 2));
  if (chars[i] !== chars[i + 1] && i + 1 < chars.length) [chars[i], chars[i + 1]] = [chars[i + 1], chars[i]];
  else chars[i] = chars[i] === 'x' ? 'z' : 'x';
  const words = [...raw];
  words[index] = chars.join('');
  return words.join(' ');
}

/** The title with two words swapped: the first two of 3+ letters (so not two stop words like "o", "de"). */
function outOfOrder(title: string): string | null {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  const long = words.map((w, i) => ({ w, i })).filter((x) => x.w.length >= 3);
  if (long.length < 2) return null;
  const [x, y] = long;
  const swapped = [...words];
  [swapped[x.i], swapped[y.i]] = [words[y.i], words[x.i]];
  return swapped.join(' ');
}

/** Surname of a contributor name ("Machado de Assis" → "Assis"; "Assis, Machado de" → "Assis"). */
function surname(name: string): string | null {
  const parts = name.includes(',') ? [name.split(',')[0]] : name.split(/\s+/);
  const last = parts[parts.length - 1]?.trim();
  return last && last.length >= 2 ? last : null;
}

function hyphenated(isbn: string): string {
  return `${isbn.slice(0, 3)}-${isbn.slice(3, 5)}-${isbn.slice(5, 9)}-${isbn.slice(9, 12)}-${isbn.slice(12)}`;
}

function queryOf(kind: Kind, t: Title, random: () => number): string | null {
  switch (kind) {
    case 'exact title':
      return t.titulo;
    case 'without accents':
      return stripAccents(t.titulo);
    case 'one typo (5+ letters)':
      return typoQuery(t.titulo, random);
    case 'two words out of order':
      return outOfOrder(t.titulo);
    case 'surname + title word': {
      const s = t.contribuidor ? surname(t.contribuidor) : null;
      const words = queryWords(t.titulo).filter((w) => w.length >= 4);
      if (!s || words.length === 0) return null;
      return `${s} ${words.sort((a, b) => b.length - a.length)[0]}`;
    }
    case 'ISBN-13 with hyphens':
      return hyphenated(t.isbn13);
    case 'ISBN-10':
      return t.isbn10 ?? isbn13To10(t.isbn13);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  const seed = await seedDemoData(db);
  const companyId = seed.companyIds[0];
  const data = generateErpDataSet({ titulos: DEMO_ERP.titulos, meses: 1, empresas: 1, seed: 1, hoje: new Date() });
  const order: ErpEntity[] = ['TIPO_CONTRIBUICAO', 'TIPO_PRODUTO', 'ASSUNTO', 'SELO', 'AUTOR', 'PRODUTO', 'ESTOQUE'];
  for (const entity of order.filter((e) => ERP_ENTITIES.includes(e))) {
    const records: ErpRecord[] = [];
    for (const raw of data.companies[0].logs[entity].records()) {
      const parsed = parseErpRecord(entity, raw);
      if (parsed.ok) records.push(parsed.record);
    }
    for (let i = 0; i < records.length; i += 1000) await db.transaction((tx) => applyErpRecords(tx, companyId, entity, records.slice(i, i + 1000)));
  }
  const files = fs
    .readdirSync(ONIX_DIR)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => path.join(ONIX_DIR, f));
  await importOnixFiles(db, files);
  await db.execute(sql`VACUUM ANALYZE`);
  const all = ((await db.execute(sql`
    SELECT p.id, p.isbn13, p.isbn10, p.titulo, p.subtitulo,
      (SELECT c.nome_completo FROM produto_contribuidor c WHERE c.produto_id = p.id ORDER BY c.ordem LIMIT 1) AS contribuidor, p.fonte
    FROM produto p ORDER BY p.id`)) as unknown as { rows: Title[] }).rows;
  const fromOnix = ((await db.execute(sql`SELECT count(*)::int AS n FROM produto WHERE fonte LIKE 'onix:%'`)) as unknown as { rows: { n: number }[] }).rows[0].n;
  console.log(`Catalogue: ${all.length} titles (${fromOnix} from ${files.length} ONIX feeds), built in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const random = prng(SEED);
  const drawn: Title[] = [];
  const pool = [...all];
  while (drawn.length < Math.min(TITLES, all.length)) drawn.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  // the ONIX titles are few and the most varied: every one not drawn is added
  for (const t of all) if (t.fonte?.startsWith('onix:') && !drawn.includes(t)) drawn.push(t);
  console.log(`Evaluation set: ${drawn.length} titles (${TITLES} drawn at random, seed ${SEED}, plus the ONIX titles not drawn)`);

  const caller = { userId: seed.adminId, companyId };
  const lines: string[] = [];
  let elapsed = 0;
  let queries = 0;
  for (const kind of KINDS) {
    let asked = 0;
    let top3 = 0;
    let rr = 0;
    const misses: string[] = [];
    for (const t of drawn) {
      const q = queryOf(kind, t, random);
      if (!q) continue;
      asked++;
      const t0 = performance.now();
      const page = await searchTerminal(db, caller, { q: q.slice(0, 200), page: 0, pageSize: 10 });
      elapsed += performance.now() - t0;
      queries++;
      const barcode = kind.startsWith('ISBN');
      const key = titleKey(t.titulo, t.subtitulo);
      const rank = page.itens.findIndex((i) => (barcode ? i.id === t.id : titleKey(i.titulo, i.subtitulo) === key)) + 1;
      if (rank >= 1 && rank <= 3) top3++;
      if (rank >= 1) rr += 1 / rank;
      if ((rank === 0 || rank > 3) && misses.length < MISSES) {
        misses.push(`    ${rank ? `rank ${rank}` : 'miss'}: "${q}" → ${t.titulo}${t.subtitulo ? ` : ${t.subtitulo}` : ''} (top 3: ${page.itens.slice(0, 3).map((i) => i.titulo).join(' | ') || 'nothing'})`);
      }
    }
    const share = asked ? (100 * top3) / asked : NaN;
    lines.push(`| ${kind.padEnd(24)} | ${String(asked).padStart(5)} | ${share.toFixed(1).padStart(6)} % | ${(asked ? rr / asked : NaN).toFixed(3)} |`);
    console.log(`${kind}: top-3 ${share.toFixed(1)} % of ${asked}, MRR@10 ${(rr / asked).toFixed(3)}`);
    for (const m of misses) console.log(m);
  }
  console.log('');
  console.log('| kind                     | asked |  top 3   | MRR@10 |');
  console.log('|--------------------------|-------|----------|--------|');
  for (const l of lines) console.log(l);
  console.log(`\n${queries} queries, mean ${(elapsed / queries).toFixed(1)} ms each (PGlite in memory, one at a time).`);
  await database.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
