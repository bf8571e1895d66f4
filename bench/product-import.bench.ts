/**
 * Product import benchmark (`npm run bench:product-import -w @acervo/bench`; issue 8 part 4).
 *
 * Generates (in a temporary folder) a CSV of PI_BENCH_ROWS rows (default 100,000; `;`, UTF-8,
 * decimal comma; every column family: text, integers, decimal, date, flags, contributors, subjects,
 * prices, publisher by name among 200) and an ONIX 3.0 file of as many products (one contributor,
 * one subject, one price, a short description: ≈ 1 KB a product, so 100,000 products stay under the
 * 150 MB upload cap). For each file, on PostgreSQL (`DATABASE_URL`, default
 * postgres://postgres@127.0.0.1:5432/test; a fresh scratch database, dropped at the end), it times:
 * 1. baseline — parse only: `readImportFile` with a callback that only counts rows;
 * 2. preview — `createPreview` (parse + row checks + the preview table, one transaction), the work
 *    of `POST produto/importacao` once the upload is on disk;
 * 3. write — `runImport`, the job `POST produto/importacao/{id}/confirmar` queues (batches of 1,000
 *    through `upsertFullRecords`, one transaction each);
 * and samples the process RSS every 100 ms (peak reported). Targets: CSV preview + write < 60 s,
 * ONIX < 120 s, RSS < 600 MB. Prints the machine's load average (the machine may be shared).
 *
 * The write runs as the confirming user would have it (an audit entry per product); the ERP
 * integration stays off (no outgoing queue). With PI_BENCH_WORD_INDEX=both each file is also
 * imported into a second scratch database whose word-index triggers (`produto_palavra`, migration
 * 0009) are disabled, the baseline of what the index costs the import.
 *
 * Environment: DATABASE_URL, PI_BENCH_ROWS, PI_BENCH_FILES (`csv,onix`), BENCH_TARGETS (`postgres`; add `pglite` for in-memory PGlite),
 * PI_BENCH_WORD_INDEX (`on`, or `both`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { ean13CheckDigit } from '@acervo/server/src/products/onix/isbn.ts';
import { readImportFile } from '@acervo/server/src/products/import/import-file.ts';
import { createPreview, runImport } from '@acervo/server/src/products/import/import.service.ts';
import { productImports } from '@acervo/server/src/products/import/product-import.schema.ts';
import { users } from '@acervo/server/src/users/users.schema.ts';
import type { AuditActor } from '@acervo/server/src/audit/audit.service.ts';

const ROWS = Number(process.env.PI_BENCH_ROWS ?? 100_000);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres').split(',').map((t) => t.trim());
/** Files to import, `csv,onix` (one per run gives each its own process RSS). */
const FILES = (process.env.PI_BENCH_FILES ?? 'csv,onix').split(',').map((t) => t.trim());
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** `both`: also import with the word-index triggers disabled (the baseline of their cost). */
const WORD_INDEX_MODES = process.env.PI_BENCH_WORD_INDEX === 'both' ? [true, false] : [true];
const LIMITS = { CSV: 60, ONIX: 120 } as const;
const RSS_LIMIT_MB = 600;

/** ISBN-13 number `i` in the 979-65 range (valid check digit); `offset` keeps the two files apart. */
function isbn(i: number, offset: number): string {
  const body = `97965${String(offset + i).padStart(7, '0')}`;
  return body + ean13CheckDigit(body);
}

function writeLines(file: string, header: string, line: (i: number) => string, footer = ''): void {
  const fd = fs.openSync(file, 'w');
  let chunk = header;
  for (let i = 1; i <= ROWS; i++) {
    chunk += line(i);
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk + footer);
  fs.closeSync(fd);
}

function generateCsv(dir: string): string {
  const file = path.join(dir, `produtos-${ROWS}.csv`);
  writeLines(
    file,
    'isbn13;titulo;subtitulo;anoEdicao;numeroPaginas;pesoGramas;percentualDescontoMaximo;dataPublicacao;indVenda;idioma;formatoProduto;categoriaBisac;sinopse;autores;assuntos;precos;editora;selo\n',
    (i) =>
      `${isbn(i, 0)};Título sintético número ${i};Volume ${i % 7};${1990 + (i % 35)};${100 + (i % 400)};${200 + (i % 300)};${i % 50},5;${String(1 + (i % 28)).padStart(2, '0')}/0${1 + (i % 9)}/20${10 + (i % 15)};${i % 3 ? 'sim' : 'não'};por;${i % 3 ? 'BC' : 'BB'};FIC0${String((i % 80) * 1000).padStart(5, "0")};Sinopse sintética do produto ${i}, com acentuação e vírgulas;A01:Autora Número ${i % 997}|B06:Tradutor ${i % 101};10:FIC000000|93:FBA;02:BRL:${19 + (i % 80)},90;Editora Sintética ${i % 200};Selo ${i % 200}-${i % 2}\n`,
  );
  return file;
}

function generateOnix(dir: string): string {
  const file = path.join(dir, `produtos-${ROWS}.xml`);
  writeLines(
    file,
    '<?xml version="1.0" encoding="UTF-8"?>\n<ONIXMessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/reference">\n<Header><Sender><SenderName>Bench</SenderName></Sender></Header>\n',
    (i) => `<Product><RecordReference>b.${i}</RecordReference><NotificationType>03</NotificationType>
<ProductIdentifier><ProductIDType>15</ProductIDType><IDValue>${isbn(i, 5_000_000)}</IDValue></ProductIdentifier>
<DescriptiveDetail><ProductComposition>00</ProductComposition><ProductForm>BC</ProductForm>
<TitleDetail><TitleType>01</TitleType><TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>Título ONIX ${i}</TitleText></TitleElement></TitleDetail>
<Contributor><SequenceNumber>1</SequenceNumber><ContributorRole>A01</ContributorRole><PersonName>Autora ${i % 997}</PersonName></Contributor>
<Language><LanguageRole>01</LanguageRole><LanguageCode>por</LanguageCode></Language>
<Subject><MainSubject/><SubjectSchemeIdentifier>10</SubjectSchemeIdentifier><SubjectCode>FIC000000</SubjectCode></Subject></DescriptiveDetail>
<CollateralDetail><TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text>Sinopse ${i}.</Text></TextContent></CollateralDetail>
<PublishingDetail><Publisher><PublishingRole>01</PublishingRole><PublisherName>Editora ONIX ${i % 200}</PublisherName></Publisher><PublishingStatus>04</PublishingStatus></PublishingDetail>
<ProductSupply><SupplyDetail><Supplier><SupplierRole>01</SupplierRole><SupplierName>D</SupplierName></Supplier><ProductAvailability>21</ProductAvailability>
<Price><PriceType>02</PriceType><PriceAmount>49.90</PriceAmount><CurrencyCode>BRL</CurrencyCode></Price></SupplyDetail></ProductSupply></Product>
`,
    '</ONIXMessage>\n',
  );
  return file;
}

/** Peak RSS (MB) over the sampling window. */
function rssSampler() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 100);
  return {
    reset: () => (peak = process.memoryUsage.rss()),
    peakMb: () => Math.round(Math.max(peak, process.memoryUsage.rss()) / 1048576),
    stop: () => clearInterval(timer),
  };
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

/** Disables (or enables) the triggers that keep the word index `produto_palavra`. */
async function setWordIndexTriggers(database: Database, on: boolean): Promise<void> {
  for (const table of ['produto', 'produto_contribuidor']) {
    const names = (await database.db.execute(sql.raw(`SELECT tgname FROM pg_trigger WHERE tgrelid = '${table}'::regclass AND tgname LIKE 'produto_palavra%'`))) as unknown as { rows: { tgname: string }[] };
    for (const { tgname } of names.rows) await database.db.execute(sql.raw(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${tgname}`));
  }
}

/** A user to confirm the imports (the audit entries name it). */
async function benchActor(database: Database, kind: string): Promise<AuditActor> {
  const [user] = await database.db.insert(users).values({ name: 'Bench', login: `bench-${process.pid}-${kind}`, passwordHash: 'x' }).returning({ id: users.id });
  return { userId: user.id, userName: 'Bench', companyId: null };
}

async function measure(label: string, database: Database, file: string, kind: 'CSV' | 'ONIX', rss: ReturnType<typeof rssSampler>): Promise<string[]> {
  const lines: string[] = [];
  const actor = await benchActor(database, kind);
  const size = (fs.statSync(file).size / 1048576).toFixed(1);
  rss.reset();
  let t0 = performance.now();
  let rows = 0;
  await readImportFile(file, async (batch) => {
    rows += batch.length;
  });
  const parse = (performance.now() - t0) / 1000;
  const parseRss = rss.peakMb();
  rss.reset();
  t0 = performance.now();
  const id = await createPreview(database.db, file, path.basename(file), null);
  const preview = (performance.now() - t0) / 1000;
  const [p] = await database.db.select().from(productImports).where(eq(productImports.id, id));
  if (p.total !== ROWS || p.withErrors !== 0) throw new Error(`${label} ${kind}: preview total ${p.total}, errors ${p.withErrors}`);
  await database.db.update(productImports).set({ status: 'NA_FILA' }).where(eq(productImports.id, id));
  t0 = performance.now();
  await runImport(database.db, id, undefined, actor);
  const write = (performance.now() - t0) / 1000;
  const [done] = await database.db.select().from(productImports).where(eq(productImports.id, id));
  if (done.status !== 'CONCLUIDA' || done.written !== ROWS) throw new Error(`${label} ${kind}: ${done.status}, written ${done.written}`);
  const importRss = rss.peakMb();
  const total = preview + write;
  const row = (what: string, s: number, mb: number, target: string) =>
    `| ${label.padEnd(10)} | ${kind.padEnd(4)} ${size.padStart(6)} MB | ${what.padEnd(28)} | ${s.toFixed(1).padStart(7)} | ${String(Math.round(ROWS / s)).padStart(7)} | ${String(mb).padStart(7)} | ${target.padEnd(22)} |`;
  lines.push(row('baseline: parse only', parse, parseRss, '-'));
  lines.push(row('preview (POST importacao)', preview, importRss, '-'));
  lines.push(row('write (job, 1,000/tx)', write, importRss, '-'));
  lines.push(row('preview + write', total, importRss, `< ${LIMITS[kind]} s ${total < LIMITS[kind] ? 'met' : 'NOT met'}, RSS ${importRss < RSS_LIMIT_MB ? 'met' : 'NOT met'}`));
  console.log(lines.join('\n'));
  return lines;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-product-import-bench-'));
  const rss = rssSampler();
  try {
    const t0 = performance.now();
    const csv = generateCsv(dir);
    const onix = generateOnix(dir);
    console.log(`generated ${ROWS} CSV rows and ${ROWS} ONIX products in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${os.cpus().length} cores; load average (1/5/15 min) ${load()}`);
    const out: string[] = [];
    for (const target of TARGETS) for (const wordIndex of WORD_INDEX_MODES) {
      let database: Database;
      let drop = async () => undefined as unknown;
      if (target === 'postgres') {
        const scratch = await createScratchDatabase(BASE_URL, { prefix: 'acervo_bench_import' });
        database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
        drop = scratch.drop;
      } else database = await openDatabase({ dataDir: 'memory://' });
      try {
        if (!wordIndex) await setWordIndexTriggers(database, false);
        const label = wordIndex ? target : `${target} w/o idx`;
        if (FILES.includes('csv')) out.push(...(await measure(label, database, csv, 'CSV', rss)));
        if (FILES.includes('onix')) out.push(...(await measure(label, database, onix, 'ONIX', rss)));
      } finally {
        await database.close();
        await drop();
      }
    }
    console.log(`\n| database   | file           | step                         | seconds | rows/s  | RSS MB  | target                 |\n|---|---|---|---|---|---|---|\n${out.join('\n')}`);
    console.log(`load average at the end (1/5/15 min): ${load()}`);
  } finally {
    rss.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
