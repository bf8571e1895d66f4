/**
 * Catalogue benchmark (`npm run bench -w @acervo/bench`).
 *
 * Generates a synthetic catalogue of BENCH_ROWS (default 500,000) titles inside the database
 * (one `INSERT … SELECT generate_series`, no row-by-row JS), on (a) PostgreSQL (`DATABASE_URL`,
 * default postgres://postgres@127.0.0.1:5432/test; a database of this run's own name,
 * `acervo_bench_<pid>_<time>`, is created and dropped afterwards) and (b) PGlite in a temporary folder under `bench/.data/` (removed
 * afterwards). For each it starts the real app (`buildApp`, log level silent) on a loopback port,
 * logs in as the demo admin and loads it with autocannon (BENCH_CONNECTIONS, default 10,
 * for BENCH_SECONDS, default 10 s, per scenario) from a child process, so the load generator does
 * not share the server's event loop. A bare Fastify JSON route is measured the same way for
 * comparison.
 *
 * Latency percentiles are computed from every response time autocannon reports through its
 * `response` event (milliseconds, exact order statistics, nearest-rank), not from its histogram
 * summary, which has no p95.
 *
 * Environment: DATABASE_URL, BENCH_ROWS, BENCH_SECONDS, BENCH_CONNECTIONS,
 * BENCH_TARGETS (`postgres,postgres-small,pglite`; `postgres-small` = BENCH_SMALL_ROWS, default
 * 100,000 titles, unfiltered page only), BENCH_KEEP=1 keeps the generated databases (their names
 * are printed), BENCH_REUSE_DB=<name> measures an existing database kept so (PostgreSQL target
 * only; migrations run, nothing is generated or dropped), BENCH_SCENARIOS=<a,b> runs only the
 * scenarios whose name contains one of these texts (e.g. `term=`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { and, sql } from 'drizzle-orm';
import { hashPassword } from '@acervo/contracts';
import { buildApp } from '@acervo/server/src/app.ts';
import { loadConfig, type AppConfig } from '@acervo/server/src/config.ts';
import { openDatabase, type Database, type Executor } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { seedDemoData } from '@acervo/server/src/seed/demo-seed.ts';
import { buildConditions, resolveTextMatch, type ProductListFilters } from '@acervo/server/src/products/products.repository.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 500_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,postgres-small,pglite').split(',').map((s) => s.trim());
/** Titles of the small-catalogue target (`postgres-small`): at most 100,000 must not be slower than 500,000. */
const SMALL_ROWS = Number(process.env.BENCH_SMALL_ROWS ?? 100_000);
const KEEP = process.env.BENCH_KEEP === '1';
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/**
 * This run's own database name (`acervo_bench_<pid>_<base-36 time>`; `_small` appended for the small
 * target): two runs at once never touch each other's database, and no database of a fixed name
 * someone may own is dropped. Only these are created and dropped.
 */
const BENCH_DB = `acervo_bench_${process.pid}_${Date.now().toString(36)}`;
/** A database kept by an earlier run (BENCH_KEEP=1) to measure again instead of generating one. */
const REUSE_DB = process.env.BENCH_REUSE_DB?.trim() || null;
/** Only scenarios whose name contains one of these (BENCH_SCENARIOS, comma-separated); all when unset. */
const SCENARIO_FILTER = (process.env.BENCH_SCENARIOS ?? '').split(',').map((s) => s.trim()).filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Load generator (child process)
// ---------------------------------------------------------------------------------------------

/** What the parent asks the load generator to run. */
export interface LoadRequest {
  url: string;
  token?: string;
  connections: number;
  seconds: number;
}

/** What one scenario measured. Latencies in milliseconds. */
export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

/** Minimal typing of the autocannon API used here (the package ships no types). */
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
}
interface AutocannonResult {
  duration: number;
  non2xx: number;
  errors: number;
  requests: { total: number };
}
type Autocannon = (
  opts: { url: string; connections: number; duration: number; headers?: Record<string, string> },
  done: (err: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function runLoad(req: LoadRequest): Promise<LoadResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const times: number[] = [];
  const headers = req.token ? { authorization: `Bearer ${req.token}` } : undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: req.url, connections: req.connections, duration: req.seconds, headers }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({
        requests: result.requests.total,
        rps: result.requests.total / result.duration,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: times[times.length - 1] ?? NaN,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Runs one load scenario in a fresh child process (this file, run with `--load-generator`). */
export function load(req: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--load-generator'], { stdio: 'inherit' });
    child.once('message', (msg: { ok: boolean; result?: LoadResult; error?: string }) => {
      if (msg.ok && msg.result) resolve(msg.result);
      else reject(new Error(msg.error));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(req);
  });
}

// ---------------------------------------------------------------------------------------------
// Synthetic catalogue
// ---------------------------------------------------------------------------------------------

/**
 * Title vocabulary, most frequent first: a word is drawn with index floor(N·u³) for a uniform u
 * (from `hashint4`), so the first words (articles, prepositions) are very common and the last
 * ones rare, roughly like real titles. Deterministic: the same catalogue on both databases.
 */
const WORDS = `de|a|o|e|da|do|das|dos|em|para|com|uma|um|os|as|no|na|história|vida|mundo|amor|tempo|casa|livro|guia|arte|brasil|
caminho|noite|mar|luz|sonho|segredo|cidade|terra|coração|memórias|viagem|família|poder|homem|mulher|menino|menina|escola|
jogo|guerra|paz|fim|começo|dia|sol|lua|estrelas|rio|floresta|jardim|ilha|montanha|estrada|janela|porta|espelho|sombra|
fogo|água|vento|pedra|ouro|prata|sangue|alma|mente|corpo|voz|silêncio|palavra|poema|canção|música|dança|teatro|cinema|
pintura|ciência|natureza|animais|cavalo|gato|cachorro|pássaro|baleia|dragão|princesa|rei|rainha|cavaleiro|bruxa|fada|
monstro|herói|aventura|mistério|crime|detetive|assassinato|fantasma|magia|feitiço|lenda|mito|conto|contos|crônicas|
cartas|diário|manual|introdução|fundamentos|princípios|teoria|prática|método|técnicas|lições|curso|dicionário|gramática|
matemática|física|química|biologia|filosofia|sociologia|economia|política|direito|administração|contabilidade|marketing|
gestão|liderança|negócios|empreendedorismo|finanças|investimentos|tecnologia|programação|computação|dados|redes|
sistemas|engenharia|arquitetura|design|fotografia|culinária|receitas|saúde|medicina|enfermagem|psicologia|educação|
pedagogia|infância|adolescência|velhice|felicidade|tristeza|saudade|esperança|coragem|medo|raiva|alegria|liberdade|
verdade|mentira|justiça|revolução|império|república|colônia|sertão|cerrado|pantanal|amazônia|nordeste|bahia|minas|
paulista|carioca|gaúcho|caipira|samba|bossa|futebol|carnaval|festa|encontro|despedida|retorno|partida|chegada|
travessia|naufrágio|tesouro|mapa|bússola|navio|trem|avião|foguete|planeta|galáxia|universo|átomo|energia|clima|
oceano|deserto|neve|chuva|tempestade|primavera|verão|outono|inverno|manhã|tarde|madrugada|relógio|calendário|
século|geração|herança|destino|escolha|perdão|promessa|traição|vingança|glória|ruína|queda|ascensão|labirinto|
torre|castelo|palácio|aldeia|fazenda|quintal|cozinha|biblioteca|livraria|editora|papel|tinta|pena|cor|cores|
azul|vermelho|verde|amarelo|branco|negro|cinza|dourado|pequeno|grande|novo|velho|último|primeiro|eterno|perdido|
esquecido|secreto|proibido|invisível|impossível|selvagem|sagrado|profano|breve|longo|doce|amargo|claro|escuro|
antigo|moderno|contemporâneo|clássico|completo|essencial|ilustrado|prático|avançado|básico|definitivo|colaboração|
sociedade|comunidade|cultura|identidade|diversidade|inclusão|sustentabilidade|ecologia|agricultura|alimentação|
nutrição|esporte|corrida|xadrez|violão|piano|orquestra|ópera|romance|poesia|teatro|ensaio|biografia|autobiografia`
  .replace(/\s+/g, '')
  .split('|');

/** Syllables for invented proper names (places, characters) that make many titles unique. */
const SYLLABLES = 'ba|be|bi|bo|ca|co|cu|da|de|di|do|fa|fe|ga|go|ia|ja|ju|la|le|li|lo|ma|me|mi|mo|na|ne|no|pa|pe|pi|po|ra|re|ri|ro|sa|se|si|ta|te|ti|to|va|ve|vi|xa|za|zu'.split('|');

const FIRST_NAMES = 'Ana|Maria|José|João|Antônio|Francisca|Carlos|Paulo|Pedro|Lucas|Luiz|Marcos|Luís|Gabriel|Rafael|Daniel|Marcelo|Bruno|Eduardo|Felipe|Raimundo|Rodrigo|Juliana|Márcia|Fernanda|Patrícia|Aline|Sandra|Camila|Amanda|Bruna|Jéssica|Letícia|Júlia|Luciana|Vanessa|Mariana|Gabriela|Vera|Vitória|Larissa|Cláudia|Beatriz|Rita|Luana|Sônia|Renata|Eliane|Cecília|Clarice|Graciliano|Machado|Jorge|Rachel|Lygia|Conceição|Ariano|Érico|Hilda|Adélia'.split('|');
const SURNAMES = 'Silva|Santos|Oliveira|Souza|Rodrigues|Ferreira|Alves|Pereira|Lima|Gomes|Costa|Ribeiro|Martins|Carvalho|Almeida|Lopes|Soares|Fernandes|Vieira|Barbosa|Rocha|Dias|Nascimento|Andrade|Moreira|Nunes|Marques|Machado|Mendes|Freitas|Cardoso|Ramos|Gonçalves|Santana|Teixeira|Araújo|Pinto|Correia|Cavalcanti|Monteiro|Moura|Batista|Campos|Castro|Queiroz|Assis|Amado|Lispector|Ramalho|Veríssimo|Meireles|Bandeira|Drummond|Telles|Prado|Suassuna|Evaristo|Buarque|Vasconcelos|Bueno'.split('|');
const PUBLISHER_PREFIXES = 'Editora|Edições|Grupo Editorial|Casa Editorial|Livraria e Editora|Selo|Publicações|Companhia das'.split('|');
const PUBLISHER_NAMES = WORDS.slice(18, 268);

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (list: string[]) => `ARRAY[${list.map(quote).join(',')}]::text[]`;

/** Uniform [0,1) from an integer key (deterministic; `hashint4` exists on PostgreSQL and PGlite). */
const U = (key: string) => `((hashint4(${key}) & 2147483647)::float8 / 2147483648.0)`;

/**
 * SQL statements generating the catalogue: ~2,000 publishers (publisher popularity skewed:
 * index floor(2000·u²)), `rows` products with 2–6 word titles (30 % with a 2–4 word subtitle,
 * 40 % with an invented proper name), ISBN-13 prefix 978-65 with valid check digits plus the
 * matching ISBN-10, ERP id on 80 %, edition years 1970–2025, ONIX availability/status/form codes,
 * and 1–3 contributors per product.
 */
function generationSql(rows: number): string[] {
  const pubCount = PUBLISHER_PREFIXES.length * PUBLISHER_NAMES.length;
  const word = (key: string) => `(w.words)[1 + floor(${WORDS.length} * power(${U(key)}, 3))::int]`;
  const syllable = (key: string) => `(w.syl)[1 + floor(${SYLLABLES.length} * ${U(key)})::int]`;
  const isbn12 = `'97865' || lpad(n::text, 7, '0')`;
  return [
    `INSERT INTO editora (id, nome, nome_chave)
     SELECT i + 1, p.pre || ' ' || initcap(p.nam), acervo_normalize(p.pre || ' ' || p.nam)
     FROM generate_series(0, ${pubCount - 1}) i,
     LATERAL (SELECT (${textArray(PUBLISHER_PREFIXES)})[1 + i / ${PUBLISHER_NAMES.length}] AS pre,
                     (${textArray(PUBLISHER_NAMES)})[1 + i % ${PUBLISHER_NAMES.length}] AS nam) p`,
    `SELECT setval(pg_get_serial_sequence('editora', 'id'), ${pubCount})`,
    `INSERT INTO produto (id, isbn13, isbn10, titulo, subtitulo, editora_id, situacao, status, ano_edicao,
                          formato_produto, id_erp, numero_paginas, idioma, data_publicacao, ativo)
     SELECT n,
       ${isbn12} || ((10 - (SELECT sum(substr(${isbn12}, k, 1)::int * CASE WHEN k % 2 = 1 THEN 1 ELSE 3 END)
                             FROM generate_series(1, 12) k) % 10) % 10)::text,
       '65' || lpad(n::text, 7, '0') || (SELECT CASE c WHEN 10 THEN 'X' ELSE c::text END FROM
         (SELECT (11 - sum(substr('65' || lpad(n::text, 7, '0'), k, 1)::int * (11 - k)) % 11) % 11 AS c
          FROM generate_series(1, 9) k) x),
       upper(left(t.title, 1)) || substr(t.title, 2),
       t.subtitle,
       1 + floor(${pubCount} * power(${U('n * 7 + 3')}, 2))::int,
       (ARRAY['20','21','21','21','22','23','31','32','40','41','43','51'])[1 + (hashint4(n * 7 + 4) & 2147483647) % 12],
       (ARRAY['04','04','04','02','07','08'])[1 + (hashint4(n * 7 + 5) & 2147483647) % 6],
       (1970 + (hashint4(n * 7 + 6) & 2147483647) % 56)::smallint,
       (ARRAY['BC','BC','BB','BA','EA','ED','BG','AJ'])[1 + (hashint4(n * 7 + 1) & 2147483647) % 8],
       CASE WHEN n % 5 <> 0 THEN 'ERP' || n END,
       48 + (hashint4(n * 7 + 2) & 2147483647) % 900,
       CASE WHEN n % 10 = 0 THEN 'eng' ELSE 'por' END,
       make_date(1970 + (hashint4(n * 7 + 6) & 2147483647) % 56, 1 + n % 12, 1 + n % 28),
       n % 50 <> 0
     FROM generate_series(1, ${rows}) n
     CROSS JOIN (SELECT ${textArray(WORDS)} AS words, ${textArray(SYLLABLES)} AS syl) w
     CROSS JOIN LATERAL (SELECT
       (SELECT string_agg(${word('n * 64 + k')}, ' ' ORDER BY k) FROM generate_series(1, 2 + (hashint4(n) & 2147483647) % 5) k)
         || CASE WHEN n % 5 < 2 THEN ' ' || initcap(${syllable('n * 64 + 20')} || ${syllable('n * 64 + 21')} || ${syllable('n * 64 + 22')}) ELSE '' END
         AS title,
       CASE WHEN n % 10 < 3 THEN
         (SELECT string_agg(${word('n * 64 + 30 + k')}, ' ' ORDER BY k) FROM generate_series(1, 2 + (hashint4(n + 1) & 2147483647) % 3) k)
       END AS subtitle
       WHERE n > 0) t`,
    `SELECT setval(pg_get_serial_sequence('produto', 'id'), ${rows})`,
    `INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo, nome_invertido)
     SELECT n, k, CASE WHEN k = 1 THEN 'A01' WHEN k = 2 THEN (ARRAY['A01','B01','B06','A12'])[1 + n % 4] ELSE 'B06' END,
       f.first || ' ' || f.last, f.last || ', ' || f.first
     FROM generate_series(1, ${rows}) n
     CROSS JOIN LATERAL generate_series(1, 1 + (hashint4(n * 5 + 1) & 2147483647) % 3 / 2 + (n % 7 = 0)::int) k
     CROSS JOIN LATERAL (SELECT
       (${textArray(FIRST_NAMES)})[1 + floor(${FIRST_NAMES.length} * ${U('n * 8 + k')})::int] AS first,
       (${textArray(SURNAMES)})[1 + floor(${SURNAMES.length} * ${U('n * 8 + k + 4')})::int] AS last
       WHERE k > 0) f`,
  ];
}

/** Secondary indexes of the catalogue tables (dropped for the bulk load, rebuilt afterwards). */
async function catalogueIndexes(db: Executor): Promise<{ name: string; def: string }[]> {
  const res = (await db.execute(sql`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN ('produto', 'produto_contribuidor', 'editora')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`)) as unknown as { rows: { name: string; def: string }[] };
  return res.rows;
}

/** Fills an empty, migrated database with the synthetic catalogue and the demo users (also used by terminal.bench.ts). */
export async function generateCatalogue(database: Database, rows: number): Promise<number> {
  const started = Date.now();
  const db = database.db;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL maintenance_work_mem = '${database.kind === 'postgres' ? '512MB' : '128MB'}'`));
    const indexes = await catalogueIndexes(tx);
    for (const ix of indexes) await tx.execute(sql.raw(`DROP INDEX ${ix.name}`));
    for (const statement of generationSql(rows)) await tx.execute(sql.raw(statement));
    for (const ix of indexes) await tx.execute(sql.raw(ix.def));
  });
  // Fresh statistics and visibility map, and no autovacuum or checkpoint running during the load.
  await db.execute(sql.raw('VACUUM (ANALYZE) editora, produto, produto_contribuidor, produto_palavra'));
  await db.execute(sql.raw('CHECKPOINT'));
  await seedDemoData(db);
  return Date.now() - started;
}

// ---------------------------------------------------------------------------------------------
// Targets
// ---------------------------------------------------------------------------------------------

/** An opened, generated database and how to dispose of it. */
interface Target {
  name: string;
  /** Titles generated. */
  rows: number;
  database: Database;
  generationMs: number;
  dispose(): Promise<void>;
}

/** PostgreSQL target of `rows` titles in a new database `dbName` (this run's own name; dropped at the end). */
async function postgresTarget(rows = ROWS, name = 'PostgreSQL', dbName = BENCH_DB): Promise<Target> {
  if (REUSE_DB) return reusedTarget(REUSE_DB, rows, name);
  const scratch = await createScratchDatabase(BASE_URL, { name: dbName });
  if (KEEP) console.log(`  database ${dbName} (kept: BENCH_REUSE_DB=${dbName} measures it again; drop it when done)`);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const generationMs = await generateCatalogue(database, rows);
  return {
    name,
    rows,
    database,
    generationMs,
    async dispose() {
      await database.close();
      if (!KEEP) await scratch.drop();
    },
  };
}

/** An existing PostgreSQL database (BENCH_REUSE_DB) of `rows` titles: migrated, not generated, not dropped. */
async function reusedTarget(dbName: string, rows: number, name: string): Promise<Target> {
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`invalid database name ${dbName}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return { name, rows, database, generationMs: 0, dispose: () => database.close() };
}

const DATA_ROOT = path.join(HERE, '.data');

async function pgliteTarget(): Promise<Target> {
  const dir = path.join(DATA_ROOT, `pglite-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  cleanups.add(() => fs.rmSync(dir, { recursive: true, force: true }));
  const database = await openDatabase({ dataDir: dir });
  const generationMs = await generateCatalogue(database, ROWS);
  return {
    name: 'PGlite',
    rows: ROWS,
    database,
    generationMs,
    async dispose() {
      await database.close();
      if (!KEEP) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Synchronous clean-ups run on exit and on Ctrl-C (temporary folders). */
const cleanups = new Set<() => void>();
function runCleanups(): void {
  if (KEEP) return;
  for (const fn of cleanups) {
    try {
      fn();
    } catch {
      /* best effort */
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

/** One row of the result table. */
interface Row {
  database: string;
  scenario: string;
  matches: string;
  result: LoadResult;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function printTable(rows: Row[]): void {
  const header = ['database', 'scenario', 'matching rows', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx'];
  const lines = rows.map((r) => [r.database, r.scenario, r.matches, fmt(r.result.rps, 0), fmt(r.result.p50), fmt(r.result.p95), fmt(r.result.p99), fmt(r.result.max), String(r.result.non2xx + r.result.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(line(l));
}

/** A bare Fastify JSON route, the floor the API is compared with. */
export async function bareFastify(): Promise<LoadResult> {
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ ok: true, now: Date.now() }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    await load({ url: `${address}/ping`, connections: CONNECTIONS, seconds: 1 });
    return await load({ url: `${address}/ping`, connections: CONNECTIONS, seconds: SECONDS });
  } finally {
    await app.close();
  }
}

/**
 * Words of the title scenarios (BENCH_WORDS, comma-separated): by default 'nomoba', an invented
 * proper name (a handful of titles, like searching a specific title), 'colaboracao', a less
 * frequent vocabulary word (≈ 0.5 % of titles, 2,600 rows at 500k) and 'memorias', a common one
 * (≈ 2 %, 10,600 rows). The matching-row count is printed with each result.
 */
const TITLE_WORDS = (process.env.BENCH_WORDS ?? 'nomoba,colaboracao,memorias').split(',').map((s) => s.trim()).filter(Boolean);

async function measureTarget(target: Target, rows: Row[]): Promise<void> {
  const config: AppConfig = {
    ...loadConfig({}),
    dataDir: path.join(os.tmpdir(), 'acervo-bench'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logLevel: 'silent',
    webDist: path.join(os.tmpdir(), 'acervo-bench-no-web'),
  };
  const { app } = await buildApp(config, target.database);
  try {
    const login = await app.inject({ method: 'POST', url: '/api/core-api/auth/login', payload: { userName: 'admin', password: hashPassword('admin') } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const token = (login.json() as { token: string }).token;
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const db = target.database.db;
    const pick = (await db.execute(sql.raw(`SELECT isbn13 FROM produto WHERE id = ${Math.ceil(target.rows / 3)}`))) as unknown as { rows: { isbn13: string }[] };
    const isbn = pick.rows[0].isbn13;

    /** Exact number of rows the list's filters match (the list itself stops counting at 1,000). */
    const countMatches = async (filters: ProductListFilters) => {
      const conds = buildConditions(await resolveTextMatch(db, filters));
      const res = (await db.execute(sql`SELECT count(*)::int AS n FROM produto ${conds.length ? sql`WHERE ${and(...conds)}` : sql``}`)) as unknown as {
        rows: { n: number }[];
      };
      return String(res.rows[0].n);
    };
    const api = `${address}/api/core-api/produto`;
    const scenarios: { scenario: string; matches: string; url: string }[] = [];
    if (target.rows === ROWS) {
      // The publisher with the most titles (2 % of them: ≈ 11,000 at 500,000).
      const top = (await db.execute(
        sql`SELECT e.nome AS name FROM editora e JOIN produto p ON p.editora_id = e.id GROUP BY e.nome ORDER BY count(*) DESC LIMIT 1`,
      )) as unknown as { rows: { name: string }[] };
      const publisher = top.rows[0].name;
      for (const word of TITLE_WORDS) {
        scenarios.push({ scenario: `GET produto?titulo=${word}&pageSize=10`, matches: await countMatches({ title: word }), url: `${api}?titulo=${encodeURIComponent(word)}&pageSize=10` });
      }
      const broad = TITLE_WORDS[TITLE_WORDS.length - 1];
      scenarios.push(
        { scenario: `GET produto?term=${broad}&pageSize=10`, matches: await countMatches({ term: broad }), url: `${api}?term=${encodeURIComponent(broad)}&pageSize=10` },
        { scenario: 'GET produto?term=silva&pageSize=10', matches: await countMatches({ term: 'silva' }), url: `${api}?term=silva&pageSize=10` },
        { scenario: `GET produto?editora=${publisher}`, matches: await countMatches({ publisher }), url: `${api}?editora=${encodeURIComponent(publisher)}&pageSize=10` },
        { scenario: 'GET produto?situacao=21', matches: await countMatches({ availability: '21' }), url: `${api}?situacao=21&pageSize=10` },
        { scenario: 'GET produto?status=ATIVO', matches: await countMatches({ active: true }), url: `${api}?status=ATIVO&pageSize=10` },
        { scenario: 'GET produto?isbn13=<existing>', matches: '1', url: `${api}?isbn13=${isbn}` },
      );
    }
    scenarios.push({ scenario: 'GET produto (no filter)', matches: String(target.rows), url: `${api}?pageSize=10` });
    for (const s of scenarios) {
      if (SCENARIO_FILTER.length && !SCENARIO_FILTER.some((f) => s.scenario.includes(f))) continue;
      const check = await fetch(s.url, { headers: { authorization: `Bearer ${token}` } });
      if (check.status !== 200) throw new Error(`${s.scenario}: HTTP ${check.status} ${await check.text()}`);
      await load({ url: s.url, token, connections: CONNECTIONS, seconds: 2 }); // warm-up
      const result = await load({ url: s.url, token, connections: CONNECTIONS, seconds: SECONDS });
      rows.push({ database: target.name, scenario: s.scenario, matches: s.matches, result });
      console.log(`  ${target.name}: ${s.scenario}: p95 ${fmt(result.p95)} ms, ${fmt(result.rps, 0)} req/s`);
    }
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  process.once('exit', runCleanups);
  process.once('SIGINT', () => {
    runCleanups();
    process.exit(130);
  });
  const rows: Row[] = [];
  console.log(`Catalogue benchmark: ${ROWS} titles, ${CONNECTIONS} connections, ${SECONDS} s per scenario (${os.cpus().length} CPUs, Node ${process.version})`);
  const bare = await bareFastify();
  rows.push({ database: '-', scenario: 'bare Fastify GET /ping', matches: '-', result: bare });
  for (const kind of TARGETS) {
    console.log(`Generating ${kind === 'postgres-small' ? SMALL_ROWS : ROWS} titles on ${kind}…`);
    const target =
      kind === 'pglite' ? await pgliteTarget() : kind === 'postgres-small' ? await postgresTarget(SMALL_ROWS, `PostgreSQL ${SMALL_ROWS / 1000}k`, `${BENCH_DB}_small`) : await postgresTarget();
    console.log(`  generated in ${(target.generationMs / 1000).toFixed(1)} s`);
    try {
      await measureTarget(target, rows);
    } finally {
      await target.dispose();
    }
  }
  console.log('');
  printTable(rows);
  console.log('\nLatencies: exact percentiles of every response time (autocannon `response` event), nearest rank.');
}

// Entry: the same file is the benchmark (parent) and the load generator (child). Imported by
// another bench (terminal.bench.ts reuses the generator and the load generator), it runs nothing.
const isEntry = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (!isEntry) {
  // imported: only the exports are used
} else if (process.argv.includes('--load-generator')) {
  process.on('message', (msg: LoadRequest) => {
    runLoad(msg).then(
      (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
      (err: Error) => process.send?.({ ok: false, error: String(err?.stack ?? err) }, () => process.exit(1)),
    );
  });
} else {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
