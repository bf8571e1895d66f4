/**
 * ONIX import benchmark (`npm run bench:onix -w @acervo/bench`).
 *
 * Generates a synthetic ONIX for Books 3.0 file (reference tags) of ONIX_BENCH_PRODUCTS products
 * (default 20,000; each with 2 contributors, 3 subjects, 2 prices, a description, 200 publishers
 * with 2 imprints each) in a temporary folder, then imports it with `importOnixFiles` — the code
 * the CLI runs — on (a) PostgreSQL (`DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test;
 * a fresh database `acervo_bench_onix_<random>` is created and dropped afterwards) and (b) in-memory
 * PGlite. Each target is measured twice: first import (all inserts) and re-import (all updates,
 * children replaced). Prints products per second (wall clock, parse + write, one transaction).
 *
 * Environment: DATABASE_URL, ONIX_BENCH_PRODUCTS, BENCH_TARGETS (`postgres,pglite`), ONIX_BENCH_BATCH
 * (products per upsert, default 500).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { importOnixFiles } from '@acervo/server/src/products/onix/onix-import.ts';
import { ean13CheckDigit } from '@acervo/server/src/products/onix/isbn.ts';

const PRODUCTS = Number(process.env.ONIX_BENCH_PRODUCTS ?? 20_000);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((t) => t.trim());
const BATCH = Number(process.env.ONIX_BENCH_BATCH ?? 500);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** ISBN-13 number `i` in the 979-65 range (valid check digit). */
function isbn(i: number): string {
  const body = `97965${String(i).padStart(7, '0')}`;
  return body + ean13CheckDigit(body);
}

function productXml(i: number): string {
  const pub = i % 200;
  const price = (1990 + (i % 5000)).toString();
  return `<Product>
<RecordReference>bench.${i}</RecordReference><NotificationType>03</NotificationType>
<ProductIdentifier><ProductIDType>15</ProductIDType><IDValue>${isbn(i)}</IDValue></ProductIdentifier>
<DescriptiveDetail><ProductComposition>00</ProductComposition><ProductForm>${i % 3 ? 'BC' : 'BB'}</ProductForm>
<Measure><MeasureType>01</MeasureType><Measurement>230</Measurement><MeasureUnitCode>mm</MeasureUnitCode></Measure>
<TitleDetail><TitleType>01</TitleType><TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>Título sintético número ${i}</TitleText><Subtitle>Volume ${i % 7}</Subtitle></TitleElement></TitleDetail>
<Contributor><SequenceNumber>1</SequenceNumber><ContributorRole>A01</ContributorRole><NamesBeforeKey>Autora</NamesBeforeKey><KeyNames>Número ${i % 997}</KeyNames></Contributor>
<Contributor><SequenceNumber>2</SequenceNumber><ContributorRole>B06</ContributorRole><PersonName>Tradutor ${i % 101}</PersonName></Contributor>
<Language><LanguageRole>01</LanguageRole><LanguageCode>por</LanguageCode></Language>
<Extent><ExtentType>00</ExtentType><ExtentValue>${100 + (i % 400)}</ExtentValue><ExtentUnit>03</ExtentUnit></Extent>
<Subject><MainSubject/><SubjectSchemeIdentifier>10</SubjectSchemeIdentifier><SubjectCode>FIC0${String(10000 + (i % 80) * 1000).slice(1)}</SubjectCode></Subject>
<Subject><SubjectSchemeIdentifier>93</SubjectSchemeIdentifier><SubjectCode>FBA</SubjectCode></Subject>
<Subject><SubjectSchemeIdentifier>20</SubjectSchemeIdentifier><SubjectHeadingText>romance; ficção; teste ${i % 13}</SubjectHeadingText></Subject>
</DescriptiveDetail>
<CollateralDetail><TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text textformat="05"><p>Sinopse <em>sintética</em> do produto ${i}, com alguns parágrafos de texto.</p><p>Segundo parágrafo.</p></Text></TextContent></CollateralDetail>
<PublishingDetail><Imprint><ImprintName>Selo ${pub}-${i % 2}</ImprintName></Imprint><Publisher><PublishingRole>01</PublishingRole><PublisherName>Editora Sintética ${pub}</PublisherName></Publisher>
<PublishingStatus>04</PublishingStatus><PublishingDate><PublishingDateRole>01</PublishingDateRole><Date dateformat="00">20${String(10 + (i % 15))}0${1 + (i % 9)}15</Date></PublishingDate></PublishingDetail>
<ProductSupply><SupplyDetail><Supplier><SupplierRole>01</SupplierRole><SupplierName>Distribuidora</SupplierName></Supplier><ProductAvailability>21</ProductAvailability>
<Price><PriceType>02</PriceType><PriceAmount>${price.slice(0, -2)}.${price.slice(-2)}</PriceAmount><CurrencyCode>BRL</CurrencyCode><Territory><CountriesIncluded>BR</CountriesIncluded></Territory></Price>
<Price><PriceType>01</PriceType><PriceAmount>9.99</PriceAmount><CurrencyCode>USD</CurrencyCode></Price>
</SupplyDetail></ProductSupply>
</Product>
`;
}

function generateFile(dir: string): string {
  const file = path.join(dir, `bench-${PRODUCTS}.xml`);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '<?xml version="1.0" encoding="UTF-8"?>\n<ONIXMessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/reference">\n<Header><Sender><SenderName>Bench</SenderName></Sender></Header>\n');
  let chunk = '';
  for (let i = 1; i <= PRODUCTS; i++) {
    chunk += productXml(i);
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, `${chunk}</ONIXMessage>\n`);
  fs.closeSync(fd);
  return file;
}

async function run(label: string, database: Database, file: string): Promise<void> {
  for (const phase of ['first import (inserts)', 're-import (updates)']) {
    const t0 = performance.now();
    const report = await importOnixFiles(database.db, [file], { batchSize: BATCH });
    const seconds = (performance.now() - t0) / 1000;
    const f = report.files[0];
    if (f.status !== 'imported' || f.created + f.updated !== PRODUCTS) throw new Error(`${label}: unexpected report ${JSON.stringify({ ...f, rejections: f.rejections.slice(0, 3) })}`);
    console.log(
      `${label.padEnd(10)} ${phase.padEnd(24)} ${PRODUCTS} products in ${seconds.toFixed(2)} s → ${Math.round(PRODUCTS / seconds)} products/s (created ${f.created}, updated ${f.updated})`,
    );
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-onix-bench-'));
  try {
    const t0 = performance.now();
    const file = generateFile(dir);
    console.log(`generated ${PRODUCTS} products, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s (batch ${BATCH})`);
    if (TARGETS.includes('postgres')) {
      const scratch = await createScratchDatabase(BASE_URL, { prefix: 'acervo_bench_onix' });
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
      try {
        await run('postgres', database, file);
      } finally {
        await database.close();
        await scratch.drop();
      }
    }
    if (TARGETS.includes('pglite')) {
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await run('pglite', database, file);
      } finally {
        await database.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
