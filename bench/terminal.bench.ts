/**
 * Terminal benchmark (`npm run bench:terminal -w @acervo/bench`, issue 16).
 *
 * Generates the catalogue benchmark's synthetic catalogue (`generateCatalogue` of
 * catalog.bench.ts: BENCH_ROWS titles, default 500,000, publishers, contributors, word index) on
 * PostgreSQL (a database of this run's own name, dropped afterwards) and on PGlite
 * (BENCH_PGLITE_ROWS, default 100,000, in a temporary folder), adds the first demo company's ERP
 * data in SQL (an ERP product and a stock row for every other title, 30 % of them sold out; 24
 * months of invoices: 60,000 documents of 2 lines over 2,000 titles, and the detail's title with
 * ~4 invoices a day; the billing rollups rebuilt from them, as the ERP writer keeps them), starts the real app on a loopback port, signs in as the demo admin and loads
 * each query shape with autocannon (BENCH_CONNECTIONS, default 10, BENCH_SECONDS, default 10 s,
 * after 2 s of warm-up) from a child process: one letter, a broad word, three words with one typo,
 * two common words ("historia brasil"), an author surname, an ISBN prefix, the detail; beside a bare Fastify route and the app's
 * `GET health` in the same run. Latency percentiles are exact (every response time).
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_ROWS,
 * BENCH_PGLITE_ROWS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_TARGETS (`postgres,pglite`),
 * BENCH_REUSE_DB=<name>: measure that existing PostgreSQL database of BENCH_ROWS generated titles
 * (migrations run; the ERP data are added only when it has none; nothing is dropped).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { hashPassword } from '@acervo/contracts';
import { buildApp } from '@acervo/server/src/app.ts';
import { loadConfig, type AppConfig } from '@acervo/server/src/config.ts';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { rebuildBillingRollups } from '@acervo/server/src/reports/billing-rollups.ts';
import { queryWords } from '@acervo/server/src/terminal/terminal-text.ts';
import { bareFastify, generateCatalogue, load, type LoadResult } from './catalog.bench.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 500_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DB = `acervo_terminal_bench_${process.pid}_${Date.now().toString(36)}`;
/** An existing database of BENCH_ROWS generated titles to measure instead of generating one (not dropped). */
const REUSE_DB = process.env.BENCH_REUSE_DB?.trim() || null;

/** Rows a raw statement answers. */
async function rows<T>(database: Database, text: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/**
 * The first demo company's ERP data, in SQL: a sales operation, an ERP product and stock for every
 * other title (30 % sold out), 60,000 invoices of 2 lines over 24 months on 2,000 titles, and
 * ~4 invoices a day of the title `hotId` (the detail's). Returns the company id.
 */
export async function addErpData(database: Database, hotId: number): Promise<number> {
  const started = Date.now();
  const [{ id: companyId }] = await rows<{ id: number }>(database, `SELECT id FROM empresa ORDER BY id LIMIT 1`);
  const [{ n }] = await rows<{ n: number }>(database, `SELECT count(*)::int AS n FROM erp_produto WHERE empresa_id = ${companyId}`);
  if (n > 0) return companyId; // a reused database that has them
  const statements = [
    `INSERT INTO erp_tipo_operacao_fiscal (empresa_id, id_erp, alterado_em_erp, cfop, descricao, natureza, ativo)
       VALUES (${companyId}, 'OPV', now(), '5102', 'Venda', 'VENDA', true)`,
    `INSERT INTO erp_produto (empresa_id, id_erp, alterado_em_erp, produto_id, ean, titulo, preco_centavos, situacao, ativo)
       SELECT ${companyId}, 'P' || p.id, now(), p.id, p.isbn13, p.titulo, 1990 + p.id % 8000, '21', true FROM produto p WHERE p.id % 2 = 0 OR p.id = ${hotId}`,
    `INSERT INTO erp_estoque (empresa_id, id_erp, alterado_em_erp, produto_id, fisico, reservado, consignado, bloqueado, pedido_compra)
       SELECT ep.empresa_id, 'E' || ep.id, now(), ep.id,
         CASE WHEN abs(hashint4(ep.id)) % 10 < 3 THEN 0 ELSE 1 + abs(hashint4(ep.id)) % 40 END, 0, abs(hashint4(ep.id + 1)) % 3, 0, abs(hashint4(ep.id + 2)) % 5
       FROM erp_produto ep WHERE ep.empresa_id = ${companyId}`,
    `INSERT INTO erp_venda (empresa_id, id_erp, alterado_em_erp, tipo, numero, serie, data_emissao, cliente_id, uf, tipo_operacao_fiscal_id,
                            consignacao, cancelada, frete_centavos, total_centavos)
       SELECT ${companyId}, 'V' || n, now(), 'NOTA', n, '1', current_date - (n % 730), 1, 'SP',
         (SELECT id FROM erp_tipo_operacao_fiscal WHERE empresa_id = ${companyId} AND id_erp = 'OPV'), false, n % 97 = 0, 0, 0
       FROM generate_series(1, 60000) n`,
    `INSERT INTO erp_venda_item (venda_id, linha, empresa_id, data_emissao, produto_id, quantidade, preco_unitario_centavos, desconto_centavos, valor_liquido_centavos)
       SELECT v.id, k, v.empresa_id, v.data_emissao,
         CASE WHEN k = 1 AND v.numero % 20 = 0 THEN (SELECT id FROM erp_produto WHERE empresa_id = ${companyId} AND produto_id = ${hotId})
              ELSE (SELECT min(id) FROM erp_produto WHERE empresa_id = ${companyId}) + abs(hashint4(v.numero * 3 + k)) % 2000 END,
         1 + v.numero % 4, 2990, 0, (1 + v.numero % 4) * 2990
       FROM erp_venda v CROSS JOIN generate_series(1, 2) k WHERE v.empresa_id = ${companyId}`,
    `ANALYZE terminal_vocabulo`,
    `ANALYZE terminal_vocabulo_variante`,
    `ANALYZE erp_produto`,
    `ANALYZE erp_estoque`,
    `ANALYZE erp_venda`,
    `ANALYZE erp_venda_item`,
  ];
  for (const s of statements) await database.db.execute(sql.raw(s));
  // the ERP writer keeps the billing rollups the detail reads; these rows bypassed it
  await rebuildBillingRollups(database.db, companyId);
  await database.db.execute(sql.raw(`ANALYZE rel_faturamento_produto`));
  console.log(`  ERP data in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return companyId;
}

/** One measured row. */
interface Row {
  database: string;
  scenario: string;
  found: string;
  result: LoadResult;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function printTable(table: Row[]): void {
  const header = ['database', 'scenario', 'found', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx'];
  const lines = table.map((r) => [r.database, r.scenario, r.found, fmt(r.result.rps, 0), fmt(r.result.p50), fmt(r.result.p95), fmt(r.result.p99), fmt(r.result.max), String(r.result.non2xx + r.result.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(line(l));
}

/** Three words (5+ letters) of one real title, the longest with two letters swapped (one typo). */
async function threeWordsOneTypo(database: Database, titles: number): Promise<string> {
  for (let id = Math.ceil(titles / 7); id < titles; id += 97) {
    const [r] = await rows<{ titulo: string }>(database, `SELECT titulo FROM produto WHERE id = ${id}`);
    const words = queryWords(r?.titulo ?? '').filter((w) => w.length >= 5);
    if (words.length < 3) continue;
    const three = words.slice(0, 3);
    const longest = three.reduce((a, b) => (b.length > a.length ? b : a));
    const i = Math.floor(longest.length / 2);
    const typo = longest.slice(0, i) + longest[i + 1] + longest[i] + longest.slice(i + 2);
    return three.map((w) => (w === longest ? typo : w)).join(' ');
  }
  throw new Error('no title of three 5+ letter words');
}

async function measure(name: string, database: Database, titles: number, table: Row[]): Promise<void> {
  const hotId = Math.ceil(titles / 3);
  await addErpData(database, hotId);
  const config: AppConfig = {
    ...loadConfig({}),
    dataDir: path.join(os.tmpdir(), 'acervo-bench'),
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logLevel: 'silent',
    webDist: path.join(os.tmpdir(), 'acervo-bench-no-web'),
  };
  const { app } = await buildApp(config, database);
  try {
    const login = await app.inject({ method: 'POST', url: '/api/core-api/auth/login', payload: { userName: 'admin', password: hashPassword('admin') } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const token = (login.json() as { token: string }).token;
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `${address}/api/core-api`;
    const [isbn] = await rows<{ isbn13: string }>(database, `SELECT isbn13 FROM produto WHERE id = ${hotId}`);
    const typo = await threeWordsOneTypo(database, titles);
    const scenarios: { scenario: string; url: string; auth: boolean }[] = [
      { scenario: 'GET health (bare app route)', url: `${api}/health`, auth: false },
      { scenario: 'q=a (one letter)', url: `${api}/produto/terminal?q=a`, auth: true },
      { scenario: 'q=memorias (broad word)', url: `${api}/produto/terminal?q=memorias`, auth: true },
      { scenario: `q=${typo} (3 words, 1 typo)`, url: `${api}/produto/terminal?q=${encodeURIComponent(typo)}`, auth: true },
      // two of the generator's commonest title words: their arms meet only after thousands of rows each
      { scenario: 'q=historia brasil (2 common words)', url: `${api}/produto/terminal?q=historia%20brasil`, auth: true },
      { scenario: 'q=silva (author surname)', url: `${api}/produto/terminal?q=silva`, auth: true },
      { scenario: `q=${isbn.isbn13.slice(0, 8)} (ISBN prefix)`, url: `${api}/produto/terminal?q=${isbn.isbn13.slice(0, 8)}`, auth: true },
      { scenario: 'GET produto/terminal/{id} (24 months of sales)', url: `${api}/produto/terminal/${hotId}`, auth: true },
    ];
    for (const s of scenarios) {
      const check = await fetch(s.url, { headers: s.auth ? { authorization: `Bearer ${token}` } : {} });
      const body = (await check.json()) as { totalItens?: number; totalAproximado?: boolean; vendas?: { total: number } };
      if (check.status !== 200) throw new Error(`${s.scenario}: HTTP ${check.status} ${JSON.stringify(body)}`);
      const found =
        body.totalItens !== undefined ? `${body.totalAproximado ? '>' : ''}${body.totalItens}` : body.vendas ? `${body.vendas.total} sold` : '-';
      const req = { url: s.url, token: s.auth ? token : undefined, connections: CONNECTIONS };
      await load({ ...req, seconds: 2 });
      const result = await load({ ...req, seconds: SECONDS });
      table.push({ database: name, scenario: s.scenario, found, result });
      console.log(`  ${name}: ${s.scenario}: found ${found}, p95 ${fmt(result.p95)} ms, ${fmt(result.rps, 0)} req/s`);
    }
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const table: Row[] = [];
  console.log(`Terminal benchmark: ${CONNECTIONS} connections, ${SECONDS} s per scenario (${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version})`);
  table.push({ database: '-', scenario: 'bare Fastify GET /ping', found: '-', result: await bareFastify() });
  for (const kind of TARGETS) {
    if (kind === 'postgres') {
      if (REUSE_DB && !/^[a-z_][a-z0-9_]*$/.test(REUSE_DB)) throw new Error(`invalid database name ${REUSE_DB}`);
      const url = new URL(BASE_URL);
      url.pathname = `/${REUSE_DB}`;
      const scratch = REUSE_DB ? { url: url.toString(), drop: async () => undefined } : await createScratchDatabase(BASE_URL, { name: BENCH_DB });
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
      try {
        if (REUSE_DB) console.log(`Measuring the existing database ${REUSE_DB} (${ROWS} titles)…`);
        else console.log(`Generating ${ROWS} titles on PostgreSQL… done in ${((await generateCatalogue(database, ROWS)) / 1000).toFixed(1)} s`);
        await measure(`PostgreSQL ${ROWS / 1000}k`, database, ROWS, table);
      } finally {
        await database.close();
        await scratch.drop();
      }
    } else if (kind === 'pglite') {
      console.log(`Generating ${PGLITE_ROWS} titles on PGlite…`);
      const dir = path.join(HERE, '.data', `terminal-pglite-${process.pid}`);
      fs.rmSync(dir, { recursive: true, force: true });
      const database = await openDatabase({ dataDir: dir });
      try {
        console.log(`  generated in ${((await generateCatalogue(database, PGLITE_ROWS)) / 1000).toFixed(1)} s`);
        await measure(`PGlite ${PGLITE_ROWS / 1000}k`, database, PGLITE_ROWS, table);
      } finally {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  console.log('');
  printTable(table);
  console.log(`\nLoad average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}. Latencies: exact percentiles of every response time, nearest rank.`);
}

const isEntry = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
