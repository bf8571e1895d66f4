/**
 * ONIX 3.0 export benchmark (`npm run bench:onix-export -w @acervo/bench`).
 *
 * On PostgreSQL (`DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test; a fresh database
 * `acervo_bench_onix_export_<random>` is created and dropped afterwards) it generates, inside the
 * database with `INSERT … SELECT generate_series`, ONIX_EXPORT_PRODUCTS products (default 100,000),
 * each fully filled: title and subtitle, publisher and imprint, form and form detail, 4 measures,
 * pages, language, edition, status, dates, a ~400-character synopsis, BISAC category and keywords,
 * 2 contributors, 3 subjects, 2 prices (one with a territory). Then, in this process:
 *
 * 1. baseline: the same rows read with the export's reader (`readExportBatch`, keyset batches of
 *    500, product + children) and written as JSON lines to /dev/null — no XML, no HTTP;
 * 2. the real route: the app (`buildApp`, log level silent) on a loopback port, `GET
 *    produto/onix` downloaded over HTTP by a client in the same process that discards the bytes.
 *
 * During each phase the process RSS is sampled every 50 ms; printed: wall time, products/s, MB,
 * RSS before, peak RSS during, RSS after. RSS flat = the peak does not grow with the catalogue
 * (compare ONIX_EXPORT_PRODUCTS=20000 with 100000).
 *
 * Environment: DATABASE_URL, ONIX_EXPORT_PRODUCTS, BENCH_KEEP=1 (keep the database).
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from '@acervo/contracts';
import { buildApp } from '@acervo/server/src/app.ts';
import { loadConfig, type AppConfig } from '@acervo/server/src/config.ts';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { readExportBatch } from '@acervo/server/src/products/onix/onix-export.ts';
import { seedDemoData } from '@acervo/server/src/seed/demo-seed.ts';

const PRODUCTS = Number(process.env.ONIX_EXPORT_PRODUCTS ?? 100_000);
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const KEEP = process.env.BENCH_KEEP === '1';
const MB = 1024 * 1024;
/** Fractions of the stream at which RSS is recorded (shows whether it keeps growing). */
const MARKS = [0.1, 0.25, 0.5, 0.75, 1];

/** RSS (MB) when the products read crossed each of MARKS. */
function progressSampler(): { observe(products: number): void; text(): string } {
  const seen: string[] = [];
  let next = 0;
  return {
    observe(products: number) {
      while (next < MARKS.length && products >= MARKS[next] * PRODUCTS) {
        seen.push(`${MARKS[next] * 100}% ${(process.memoryUsage.rss() / MB).toFixed(0)}`);
        next++;
      }
    },
    text: () => `RSS (MB) at ${seen.join(', ')}`,
  };
}

/** Generation statements (deterministic; ISBN-13 979-66… with valid check digits). */
function generationSql(rows: number): string[] {
  const isbn12 = `'97966' || lpad(n::text, 7, '0')`;
  return [
    `INSERT INTO editora (id, nome, nome_chave) SELECT i, 'Editora Sintética ' || i, 'editora sintetica ' || i FROM generate_series(1, 200) i`,
    `SELECT setval(pg_get_serial_sequence('editora', 'id'), 200)`,
    `INSERT INTO selo (id, editora_id, nome, nome_chave) SELECT i, 1 + (i - 1) / 2, 'Selo ' || i, 'selo ' || i FROM generate_series(1, 400) i`,
    `SELECT setval(pg_get_serial_sequence('selo', 'id'), 400)`,
    `INSERT INTO produto (id, isbn13, titulo, subtitulo, editora_id, selo_id, formato_produto, detalhes_formato, situacao, status,
                          ano_edicao, data_publicacao, numero_edicao, numero_paginas, idioma, altura_mm, largura_mm, espessura_mm,
                          peso_gramas, sinopse, categoria_bisac, palavras_chave)
     SELECT n,
       ${isbn12} || ((10 - (SELECT sum(substr(${isbn12}, k, 1)::int * CASE WHEN k % 2 = 1 THEN 1 ELSE 3 END)
                             FROM generate_series(1, 12) k) % 10) % 10)::text,
       'Título sintético número ' || n || ' & cia', 'Volume ' || (n % 7),
       1 + n % 200, (n % 200) * 2 + 1 + n % 2,
       (ARRAY['BC','BB','BA','EA'])[1 + n % 4], ARRAY['B305'], '21', '04',
       2010 + n % 15, make_date(2010 + n % 15, 1 + n % 12, 1 + n % 28), 1 + n % 3, 100 + n % 400, 'por',
       230, 160, 10 + n % 30, 300 + n % 500,
       repeat('Sinopse sintética do produto ' || n || ', com <alguns> caracteres & parágrafos. ', 6),
       'FIC0' || lpad(((n % 80) * 1000 + 10000)::text, 5, '0'), 'romance; ficção; teste ' || (n % 13)
     FROM generate_series(1, ${rows}) n`,
    `SELECT setval(pg_get_serial_sequence('produto', 'id'), ${rows})`,
    `INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo, nome_invertido)
     SELECT n, k, CASE k WHEN 1 THEN 'A01' ELSE 'B06' END, 'Pessoa ' || k || ' Número ' || (n % 997), 'Número ' || (n % 997) || ', Pessoa ' || k
     FROM generate_series(1, ${rows}) n, generate_series(1, 2) k`,
    `INSERT INTO produto_assunto (produto_id, ordem, esquema, codigo, descricao, principal)
     SELECT n, 1, '10', 'FIC0' || lpad(((n % 80) * 1000 + 10000)::text, 5, '0'), NULL, true FROM generate_series(1, ${rows}) n
     UNION ALL SELECT n, 2, '93', 'FBA', NULL, false FROM generate_series(1, ${rows}) n
     UNION ALL SELECT n, 3, '20', NULL, 'romance; ficção; teste ' || (n % 13), false FROM generate_series(1, ${rows}) n`,
    `INSERT INTO produto_preco (produto_id, ordem, tipo, moeda, valor_centavos, territorio)
     SELECT n, 1, '02', 'BRL', 1990 + n % 5000, 'BR' FROM generate_series(1, ${rows}) n
     UNION ALL SELECT n, 2, '01', 'USD', 999, NULL FROM generate_series(1, ${rows}) n`,
  ];
}

/** Samples process RSS every 50 ms while `run` runs. */
async function withRss<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; before: number; peak: number; after: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  try {
    const value = await run();
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, ms, before, peak, after: process.memoryUsage.rss() };
  } finally {
    clearInterval(timer);
  }
}

function report(label: string, r: { ms: number; before: number; peak: number; after: number }, bytes: number, products: number): void {
  console.log(
    `${label}: ${(r.ms / 1000).toFixed(1)} s, ${Math.round(products / (r.ms / 1000))} products/s, ${(bytes / MB).toFixed(0)} MB; ` +
      `RSS before ${(r.before / MB).toFixed(0)} MB, peak during ${(r.peak / MB).toFixed(0)} MB, after ${(r.after / MB).toFixed(0)} MB`,
  );
}

async function baseline(database: Database): Promise<{ bytes: number; products: number; progress: string }> {
  const sampler = progressSampler();
  const out = fs.createWriteStream('/dev/null');
  let bytes = 0;
  let products = 0;
  let after = 0;
  for (;;) {
    const batch = await readExportBatch(database.db, {}, after, 500);
    if (batch.length === 0) break;
    let chunk = '';
    for (const p of batch) chunk += `${JSON.stringify(p)}\n`;
    bytes += Buffer.byteLength(chunk);
    products += batch.length;
    sampler.observe(products);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    after = batch[batch.length - 1].id;
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return { bytes, products, progress: sampler.text() };
}

/** Downloads the URL, discarding the body; counts bytes and `</Product>` closings. */
function download(url: string, token: string): Promise<{ status: number; bytes: number; products: number; progress: string }> {
  const sampler = progressSampler();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        let products = 0;
        let carry = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          bytes += Buffer.byteLength(chunk);
          const text = carry + chunk;
          products += text.split('</Product>').length - 1;
          sampler.observe(products);
          carry = text.slice(-12).includes('</Product>') ? '' : text.slice(-12);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, products, progress: sampler.text() }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  console.log(`ONIX export bench: ${PRODUCTS.toLocaleString('en')} products on PostgreSQL; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const scratch = await createScratchDatabase(BASE_URL, { name: `acervo_bench_onix_export_${Math.random().toString(36).slice(2, 8)}` });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  try {
    const genStarted = Date.now();
    await database.db.transaction(async (tx) => {
      for (const statement of generationSql(PRODUCTS)) await tx.execute(sql.raw(statement));
    });
    await database.db.execute(sql.raw('VACUUM (ANALYZE) editora, selo, produto, produto_contribuidor, produto_assunto, produto_preco'));
    await seedDemoData(database.db);
    console.log(`generated in ${((Date.now() - genStarted) / 1000).toFixed(1)} s`);

    const base = await withRss(() => baseline(database));
    report('baseline (same rows, readExportBatch → JSON → /dev/null)', base, base.value.bytes, base.value.products);
    console.log(`  ${base.value.progress}`);

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
      const run = await withRss(() => download(`${address}/api/core-api/produto/onix`, token));
      if (run.value.status !== 200) throw new Error(`GET produto/onix: HTTP ${run.value.status}`);
      if (run.value.products !== PRODUCTS) throw new Error(`expected ${PRODUCTS} products, got ${run.value.products}`);
      report('GET produto/onix (HTTP, ONIX 3.0 XML)', run, run.value.bytes, run.value.products);
      console.log(`  ${run.value.progress}`);
      console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (!KEEP) await scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
