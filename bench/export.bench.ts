/**
 * Export queue benchmark (`npm run bench:export -w @acervo/bench`; issue 17 part 1).
 *
 * On PostgreSQL (`DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test; a fresh scratch
 * database, dropped at the end) it writes EXPORT_BENCH_ROWS stock records (default 1,000,000: one
 * ERP product each, generated inside the database with `INSERT … SELECT generate_series`), then
 * times, one after the other, with the process RSS sampled every 50 ms (peak and
 * the value at the end of each phase reported):
 * 1. baseline CSV — csv-stringify alone, its stream API fed one record at a time from memory (no
 *    database), to a file: the reference the issue quotes (7.1 s / 129 MiB);
 * 2. baseline XLSX — exceljs's streaming WorkbookWriter fed the same rows with no care for
 *    memory (a style object on every cell, shared strings, no yield to the zip stream): the
 *    reference of 16.3 s / 579 MiB;
 * 3. export CSV and 4. export XLSX — the real job (`runExport`): the stock report's export source
 *    (its SQL through the cursor of `shared/cursor.ts`) written by `export-writer.ts`, progress
 *    updates included, exactly what a queued export does.
 * Targets: CSV < 10 s, XLSX < 45 s, RSS < 400 MB throughout. Prints the machine's load average
 * (the machine may be shared). Each phase runs in a child process of its own (`--expose-gc`), so
 * each RSS is that phase's alone.
 *
 * Each row also prints its ratio to the csv-stringify baseline of the same run (the machine is
 * shared: compare ratios, not seconds).
 *
 * Options: `--rows N` (default EXPORT_BENCH_ROWS, else 1,000,000).
 * Environment: DATABASE_URL, EXPORT_BENCH_DB_PREFIX (scratch database name prefix), EXPORT_BENCH_NODE_ARGS (e.g. `--cpu-prof`, given to each phase), EXPORT_BENCH_ROWS, EXPORT_BENCH_PHASES (`base-csv,base-xlsx,rows,csv,xlsx`; `rows` = the source read alone).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { REQUIRED } from '@acervo/contracts';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { seedDemoData } from '@acervo/server/src/seed/demo-seed.ts';
import { EXPORT_SOURCES } from '@acervo/server/src/domains.ts';
import { indexExportSources } from '@acervo/server/src/shared/export-source.ts';
import { exportQueue } from '@acervo/server/src/exports/exports.schema.ts';
import { runExport } from '@acervo/server/src/exports/exports.service.ts';

/** `--rows N` (or EXPORT_BENCH_ROWS) rows; default 1,000,000. */
function rowsOption(): number {
  const at = process.argv.indexOf('--rows');
  const value = at > 0 ? process.argv[at + 1] : process.env.EXPORT_BENCH_ROWS;
  const n = Number(value ?? 1_000_000);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--rows: a positive integer, not ${value}`);
  return n;
}

const ROWS = rowsOption();
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PHASES = (process.env.EXPORT_BENCH_PHASES ?? 'base-csv,base-xlsx,rows,csv,xlsx').split(',').map((p) => p.trim());
const LIMITS = { csv: 10, xlsx: 45 } as const;
const RSS_LIMIT_MB = 400;
const MB = 1024 * 1024;

/** Samples the RSS every 50 ms while `work` runs; returns its time and the peak. */
async function measure(work: () => Promise<unknown>): Promise<{ seconds: number; peakMb: number; endMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - start) / 1000;
  const end = process.memoryUsage().rss;
  return { seconds, peakMb: Math.max(peak, end) / MB, endMb: end / MB };
}

/** A stock-report-like row `i` (17 values) for the baselines, made in memory. */
function syntheticRow(i: number): unknown[] {
  return [`97865${String(i).padStart(8, '0')}`, `Título do livro número ${i}`, `Editora ${i % 2000}`, `Assunto ${i % 50}`, 'Disponível', 'Livro', (1990 + (i % 9000)) / 100, (900 + (i % 4000)) / 100, i % 40, i % 3, i % 5, 0, i % 2, (i % 40) + (i % 5), (i % 40) - (i % 3), ((i % 40) * (900 + (i % 4000))) / 100, ((i % 40) * (1990 + (i % 9000))) / 100];
}

async function baselineCsv(file: string): Promise<void> {
  async function* records() {
    for (let i = 1; i <= ROWS; i++) yield syntheticRow(i);
  }
  await pipeline(Readable.from(records()), stringify({ delimiter: ';', bom: true }), fs.createWriteStream(file));
}

async function baselineXlsx(file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Relatório');
  for (let i = 1; i <= ROWS; i++) {
    const row = sheet.addRow(syntheticRow(i));
    row.eachCell((cell, n) => {
      if (n >= 7) cell.numFmt = '#,##0.00';
    });
    row.commit();
  }
  await workbook.commit();
}

/** ERP products and their stock for company `companyId`, generated inside PostgreSQL. */
async function generateStock(database: Database, companyId: number): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO erp_produto (empresa_id, id_erp, alterado_em_erp, ean, titulo, preco_centavos, custo_centavos, situacao, ativo)
    SELECT ${companyId}, 'P' || g, now(), '97865' || lpad(g::text, 8, '0'), 'Título do livro número ' || g, 1990 + (g * 137) % 9000, CASE WHEN g % 7 = 0 THEN NULL ELSE 900 + (g * 53) % 4000 END, CASE WHEN g % 3 = 0 THEN '31' ELSE '20' END, true
    FROM generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`
    INSERT INTO erp_estoque (empresa_id, id_erp, alterado_em_erp, produto_id, fisico, reservado, consignado, bloqueado, pedido_compra)
    SELECT p.empresa_id, 'E' || p.id, now(), p.id, (p.id % 50) - 5, p.id % 4, p.id % 3, p.id % 5 / 4, p.id % 2 FROM erp_produto p WHERE p.empresa_id = ${companyId}`);
  await database.db.execute(sql`ANALYZE erp_produto`);
  await database.db.execute(sql`ANALYZE erp_estoque`);
}

type PhaseResult = { phase: string; seconds: number; peakMb: number; endMb: number; rows?: number; bytes?: number; limit?: number };

/**
 * One phase, in a child process of its own (`--phase <name>`), so each phase's RSS is its own:
 * prints its result as one JSON line.
 */
async function runPhase(phase: string, url: string, dataDir: string, companyId: number, adminId: number): Promise<PhaseResult> {
  if (phase === 'base-csv' || phase === 'base-xlsx') {
    const file = path.join(dataDir, `baseline.${phase === 'base-csv' ? 'csv' : 'xlsx'}`);
    const m = await measure(() => (phase === 'base-csv' ? baselineCsv(file) : baselineXlsx(file)));
    const bytes = fs.statSync(file).size;
    fs.rmSync(file);
    return { phase: phase === 'base-csv' ? 'baseline: csv-stringify stream alone (rows from memory)' : 'baseline: exceljs streaming, no care for memory (rows from memory)', ...m, rows: ROWS, bytes };
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    const sources = indexExportSources(EXPORT_SOURCES);
    const requester = { userId: adminId, companyId, roles: [REQUIRED.relatorioEstoque], login: 'admin', name: 'Administrador', profileName: null };
    if (phase === 'rows') {
      // the source alone: the report's SQL through the cursor, rows discarded (no file)
      const source = sources.get('relatorio/estoque')!;
      let rows = 0;
      const m = await measure(async () => {
        for await (const _ of source.rows(database, { ...requester, sessionId: '' }, source.parseFilters({ sorter: 'titulo,asc' }))) rows++;
      });
      return { phase: 'baseline: the stock source read alone (cursor, no file)', ...m, rows };
    }
    const format = phase === 'csv' ? 'CSV' : 'XLSX';
    const [row] = await database.db
      .insert(exportQueue)
      .values({ userId: adminId, companyId, origin: 'relatorio/estoque', format, filters: { sorter: 'titulo,asc' }, requester })
      .returning({ id: exportQueue.id });
    let status: string | null = null;
    const m = await measure(async () => (status = await runExport({ database, dataDir, sources }, row!.id)));
    const [done] = await database.db.select().from(exportQueue).where(sql`${exportQueue.id} = ${row!.id}`);
    if (status !== 'SUCESSO') throw new Error(`export ${phase}: ${status} ${done?.reason}`);
    return { phase: `export ${format} (runExport: cursor + writer, sorted by title)`, ...m, rows: done!.rows, bytes: done!.sizeBytes ?? 0, limit: LIMITS[phase as 'csv' | 'xlsx'] };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const phaseArg = process.argv.indexOf('--phase');
  if (phaseArg > 0) {
    const [phase, url, dataDir, companyId, adminId] = process.argv.slice(phaseArg + 1);
    const result = await runPhase(phase!, url!, dataDir!, Number(companyId), Number(adminId));
    console.log(`RESULT ${JSON.stringify(result)}`);
    return;
  }
  const scratch = await createScratchDatabase(BASE_URL, { prefix: process.env.EXPORT_BENCH_DB_PREFIX ?? 'acervo_bench_export' });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-export-bench-'));
  const results: PhaseResult[] = [];
  try {
    const seed = await seedDemoData(database.db);
    const companyId = seed.companyIds[0]!;
    const genStart = performance.now();
    await generateStock(database, companyId);
    console.log(`${ROWS.toLocaleString('en-US')} stock records generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s`);
    for (const phase of PHASES) {
      const child = spawnSync(process.execPath, [...(process.env.EXPORT_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--rows', String(ROWS), '--phase', phase, scratch.url, dataDir, String(companyId), String(seed.adminId)], { encoding: 'utf8', env: process.env, maxBuffer: 16 * MB });
      const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`phase ${phase} failed: ${child.stderr}`);
      const result = JSON.parse(line.slice('RESULT '.length)) as PhaseResult;
      console.log(`${result.phase}: ${result.seconds.toFixed(1)} s, peak RSS ${result.peakMb.toFixed(0)} MB`);
      results.push(result);
    }
  } finally {
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nExport of ${ROWS.toLocaleString('en-US')} rows on PostgreSQL, Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; each phase in a child process of its own`);
  const baseline = results.find((r) => r.phase.startsWith('baseline: csv-stringify'))?.seconds;
  console.log('| phase | rows | file MB | seconds | × csv-stringify baseline | target s | peak RSS MB | RSS at end MB | RSS target MB |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const ok = (value: number, limit: number | undefined) => (limit === undefined ? '' : value < limit ? ' ✓' : ' ✗');
    console.log(
      `| ${r.phase} | ${r.rows?.toLocaleString('en-US') ?? ''} | ${r.bytes ? (r.bytes / MB).toFixed(1) : ''} | ${r.seconds.toFixed(1)}${ok(r.seconds, r.limit)} | ${baseline ? (r.seconds / baseline).toFixed(2) : ''} | ${r.limit ?? ''} | ${r.peakMb.toFixed(0)}${r.limit ? ok(r.peakMb, RSS_LIMIT_MB) : ''} | ${r.endMb.toFixed(0)} | ${r.limit ? RSS_LIMIT_MB : ''} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
