/**
 * Billing report on millions of invoice lines (issue 17 part 5), on PostgreSQL:
 *
 *   npm run bench:reports -w @acervo/bench -- --lines 5000000 [--database-url postgres://…/base] [--keep name]
 *
 * 1. Loads `--lines` invoice lines (default 1,000,000; ~4 lines per document, 1-7) through the real
 *    writer (`applyErpRecords`, pages of 1000 documents, one transaction each, billing rollups
 *    included) into a fresh database `<prefix>_<random>` (or `--keep <name>`, kept afterwards):
 *    3 years of sales ending 2026-10-31, 20,000 titles (popularity skewed), 5,000 clients in 27
 *    states with 25 sellers, billing, consignment-settlement, consignment and bonus operations,
 *    2 % of documents cancelled and 3 % returns of earlier invoices (often a later month).
 * 2. The rollups' cost on the page write: 10 more pages written with and 10 without the rollups,
 *    alternating, each rolled back (same table sizes), median and p95 of each.
 * 3. After ANALYZE, for a 12-month range (2025-11-01 to 2026-10-31): the totals and the first page
 *    (50 rows, default sort) of each of the seven tabs, 15 runs each through the report's SQL
 *    (rollups), and 3 runs each of the same query over the raw lines (`linesOnly`, the naive
 *    baseline); p95 of each, the ratio, and whether both gave the same answer.
 * `--reuse <name>` skips 1 and 2 and times 3 on a database kept by an earlier `--keep <name>` run (or by
 * `dashboard-data.ts`: its company with the most lines).
 * Prints the load average beside the figures (a busy 2-core machine stretches them).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { BILLING_TABS, billingFilterSchema, type ErpEntity, type ErpRecord, type ErpSale } from '@acervo/contracts';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { companies } from '@acervo/server/src/companies/companies.schema.ts';
import { applyErpRecords, refreshErpStatistics } from '@acervo/server/src/erp/data/index.ts';
import { applySaleRecords } from '@acervo/server/src/erp/data/erp-data.repository.ts';
import { makeRecord, makeSale, saleLine } from '@acervo/server/src/erp/data/erp-data.fixtures.ts';
import { billingTabSql, billingTotalsSql, type BillingScope } from '@acervo/server/src/reports/billing-report.repository.ts';
import { billingSort } from '@acervo/server/src/reports/billing-report.service.ts';
import { resultRows } from '@acervo/server/src/db/rows.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000000' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'string' },
    reuse: { type: 'string' },
    prefix: { type: 'string', default: 'h3_reports' },
  },
});
const TARGET_LINES = Number(values.lines);
const PAGE = 1000;
const TITLES = 20_000;
const CLIENTS = 5_000;
const SELLERS = 25;
const UFS = ['SP', 'RJ', 'MG', 'PR', 'RS', 'SC', 'BA', 'PE', 'CE', 'GO', 'DF', 'ES', 'PA', 'AM', 'MA', 'MT', 'MS', 'PB', 'RN', 'AL', 'PI', 'SE', 'RO', 'TO', 'AC', 'AP', 'RR'] as const;
const START = Date.UTC(2023, 10, 1);
const END = Date.UTC(2026, 9, 31);
const FROM = '2025-11-01';
const TO = '2026-10-31';

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(2026);
/** A title index skewed to the first ones (a few best sellers, a long tail). */
const title = () => Math.min(TITLES, 1 + Math.floor(TITLES * rnd() ** 2.5));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { median: pct(s, 50), p95: pct(s, 95) };
};
const fmt = (n: number) => n.toFixed(1).padStart(8);
const load = () => os.loadavg()[0].toFixed(1);

async function applyAll<E extends ErpEntity>(db: Database, companyId: number, entity: E, records: ErpRecord<E>[]): Promise<void> {
  for (let i = 0; i < records.length; i += PAGE) await db.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records.slice(i, i + PAGE)));
}

const clientUf = (c: number) => UFS[Math.min(UFS.length - 1, Math.floor(UFS.length * (c % 97) ** 1.6 / 97 ** 1.6))];
let docSeq = 0;
let minute = 0;
const at = () => new Date(Date.UTC(2026, 10, 1) + minute++ * 1000).toISOString();
const invoices: { id: string; lines: number; day: string }[] = [];

/** One page of 1000 documents over a slice of the 3 years (dates rise page after page). */
function salesPage(pageIndex: number, pages: number): ErpSale[] {
  const out: ErpSale[] = [];
  const from = START + ((END - START) * pageIndex) / pages;
  const span = (END - START) / pages;
  for (let k = 0; k < PAGE; k++) {
    const day = new Date(from + rnd() * span).toISOString().slice(0, 10);
    const n = ++docSeq;
    if (rnd() < 0.03 && invoices.length > 100) {
      const origin = invoices[Math.floor(invoices.length * (0.7 + 0.3 * rnd()))];
      const itens = [saleLine(1, `P${title()}`, 1 + Math.floor(rnd() * 3), 2000 + Math.floor(rnd() * 6000), 0, 1 + Math.floor(rnd() * origin.lines))];
      out.push(makeSale(`D${n}`, at(), { tipo: 'DEVOLUCAO', numero: n, dataEmissao: day, idCliente: 'C1', idVendedor: null, uf: 'SP', idTipoOperacaoFiscal: 'OP-DEV', idDocumentoOrigem: origin.id, itens }));
      continue;
    }
    const client = 1 + Math.floor(rnd() * CLIENTS);
    const count = 1 + Math.floor(rnd() * 7);
    const itens = Array.from({ length: count }, (_, i) => saleLine(i + 1, `P${title()}`, 1 + Math.floor(rnd() * 10), 1990 + Math.floor(rnd() * 8000), Math.floor(rnd() * 500)));
    const r = rnd();
    const op = r < 0.8 ? 'OP-VENDA' : r < 0.9 ? 'OP-ACERTO' : r < 0.97 ? 'OP-CONSIG' : 'OP-BONIF';
    out.push(
      makeSale(`N${n}`, at(), {
        tipo: 'NOTA',
        numero: n,
        serie: '1',
        dataEmissao: day,
        idCliente: `C${client}`,
        idVendedor: `V${1 + (client % SELLERS)}`,
        uf: clientUf(client),
        idTipoOperacaoFiscal: op,
        cancelada: rnd() < 0.02,
        itens,
      }),
    );
    invoices.push({ id: `N${n}`, lines: count, day });
  }
  return out;
}

async function main() {
  if (values.reuse) {
    const url = new URL(values['database-url']);
    url.pathname = `/${values.reuse}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      // this bench's company, or on another kept data set (dashboard-data.ts) the company with the most lines
      const [company] = resultRows<{ id: number }>(
        await database.db.execute(sql`(SELECT id FROM empresa WHERE nome = 'Bench') UNION ALL (SELECT empresa_id FROM erp_venda_item GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) LIMIT 1`),
      );
      console.log(`reusing ${values.reuse}, company ${company.id}`);
      await timeQueries(database, Number(company.id));
    } finally {
      await database.close();
    }
    return;
  }
  const scratch = values.keep
    ? await createScratchDatabase(values['database-url'], { name: values.keep })
    : await createScratchDatabase(values['database-url'], { prefix: values.prefix });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  try {
    const [company] = await database.db.insert(companies).values({ name: 'Bench', cnpj: '11111111000191', erpCode: 'BENCH' }).returning({ id: companies.id });
    const companyId = company.id;
    const t0 = performance.now();
    await applyAll(database, companyId, 'TIPO_OPERACAO_FISCAL', [
      makeRecord('TIPO_OPERACAO_FISCAL', 'OP-VENDA', at(), 1, { natureza: 'VENDA' }),
      makeRecord('TIPO_OPERACAO_FISCAL', 'OP-ACERTO', at(), 1, { natureza: 'ACERTO_CONSIGNACAO' }),
      makeRecord('TIPO_OPERACAO_FISCAL', 'OP-CONSIG', at(), 1, { natureza: 'CONSIGNACAO' }),
      makeRecord('TIPO_OPERACAO_FISCAL', 'OP-BONIF', at(), 1, { natureza: 'BONIFICACAO' }),
      makeRecord('TIPO_OPERACAO_FISCAL', 'OP-DEV', at(), 1, { natureza: 'DEVOLUCAO' }),
    ]);
    await applyAll(database, companyId, 'ASSUNTO', Array.from({ length: 60 }, (_, i) => makeRecord('ASSUNTO', `A${i + 1}`, at(), i + 1)));
    await applyAll(database, companyId, 'SELO', Array.from({ length: 150 }, (_, i) => makeRecord('SELO', `S${i + 1}`, at(), i + 1)));
    await applyAll(database, companyId, 'VENDEDOR', Array.from({ length: SELLERS }, (_, i) => makeRecord('VENDEDOR', `V${i + 1}`, at(), i + 1)));
    await applyAll(
      database,
      companyId,
      'CLIENTE',
      Array.from({ length: CLIENTS }, (_, i) => makeRecord('CLIENTE', `C${i + 1}`, at(), i + 1, { uf: clientUf(i + 1), idVendedor: `V${1 + ((i + 1) % SELLERS)}` })),
    );
    await applyAll(
      database,
      companyId,
      'PRODUTO',
      Array.from({ length: TITLES }, (_, i) => makeRecord('PRODUTO', `P${i + 1}`, at(), i + 1, { idSelo: `S${1 + (i % 150)}`, idAssunto: `A${1 + (i % 60)}` })),
    );
    console.log(`registers, 5,000 clients and 20,000 titles: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const pages = Math.ceil(TARGET_LINES / (PAGE * 4));
    const t1 = performance.now();
    for (let p = 0; p < pages; p++) {
      const page = salesPage(p, pages);
      await database.db.transaction((tx) => applyErpRecords(tx, companyId, 'VENDA', page));
      if ((p + 1) % 50 === 0) console.log(`  ${p + 1}/${pages} pages, ${((performance.now() - t1) / 1000).toFixed(0)} s, load ${load()}`);
    }
    const [counts] = resultRows<{ docs: string; lines: string }>(
      await database.db.execute(sql`SELECT (SELECT count(*) FROM erp_venda WHERE empresa_id = ${companyId} AND alterado_em_erp IS NOT NULL) AS docs, (SELECT count(*) FROM erp_venda_item WHERE empresa_id = ${companyId}) AS lines`),
    );
    const loadSeconds = (performance.now() - t1) / 1000;
    console.log(`sales: ${Number(counts.docs).toLocaleString('en')} documents, ${Number(counts.lines).toLocaleString('en')} lines in ${loadSeconds.toFixed(0)} s (${(Number(counts.lines) / loadSeconds).toFixed(0)} lines/s)`);
    for (const entity of ['VENDA', 'CLIENTE', 'PRODUTO'] as const) await refreshErpStatistics(database.db, entity);
    await database.db.execute(sql`ANALYZE rel_faturamento_vendedor, rel_faturamento_documento, rel_faturamento_produto`);
    const sizes = resultRows<{ t: string; n: string }>(
      await database.db.execute(sql`SELECT 'rel_faturamento_vendedor' AS t, count(*) AS n FROM rel_faturamento_vendedor UNION ALL SELECT 'rel_faturamento_documento', count(*) FROM rel_faturamento_documento UNION ALL SELECT 'rel_faturamento_produto', count(*) FROM rel_faturamento_produto`),
    );
    console.log(`rollup rows (day + month): ${sizes.map((s) => `${s.t} ${Number(s.n).toLocaleString('en')}`).join(', ')}`);

    // 2. the rollups' cost on the page write, at this size, rolled back
    const withRollups: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < 20; i++) {
      const page = salesPage(pages - 1, pages);
      const on = i % 2 === 0;
      const started = performance.now();
      await database.db
        .transaction(async (tx) => {
          await applySaleRecords(tx, companyId, page, { billingRollups: on });
          (on ? withRollups : without).push(performance.now() - started);
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
    }
    const w = stats(withRollups);
    const wo = stats(without);
    console.log(`page write (1000 documents, ~4 lines), load ${load()}: without rollups median ${wo.median.toFixed(0)} ms p95 ${wo.p95.toFixed(0)} ms; with rollups median ${w.median.toFixed(0)} ms p95 ${w.p95.toFixed(0)} ms (+${((w.median / wo.median - 1) * 100).toFixed(0)} % median)`);

    await timeQueries(database, companyId);
  } finally {
    await database.close();
    if (!values.keep) await scratch.drop();
  }
}

/** 3. The report over 12 months: rollups vs the naive query over the lines. */
async function timeQueries(database: Database, companyId: number): Promise<void> {
  {
    const scope: BillingScope = { companyIds: [companyId], ownSalesOnly: new Map() };
    const filter = billingFilterSchema.parse({ dataInicio: FROM, dataFim: TO });
    const queries: { name: string; fast: ReturnType<typeof sql>; naive: ReturnType<typeof sql> }[] = [
      { name: 'totais', fast: billingTotalsSql(filter, scope), naive: billingTotalsSql(filter, scope, true) },
      ...BILLING_TABS.map((tab) => ({
        name: tab,
        fast: billingTabSql(tab, filter, scope, billingSort(tab, undefined), { limit: 50, offset: 0 }),
        naive: billingTabSql(tab, filter, scope, billingSort(tab, undefined), { limit: 50, offset: 0 }, true),
      })),
    ];
    console.log(`\n12 months (${FROM} to ${TO}), load ${load()}:`);
    console.log(`${'query'.padEnd(10)} ${'rollup p95'.padStart(11)} ${'lines p95'.padStart(11)} ${'ratio'.padStart(7)}  same answer`);
    for (const q of queries) {
      const fast: number[] = [];
      let fastRows: unknown[] = [];
      for (let i = 0; i < 15; i++) {
        const s = performance.now();
        fastRows = resultRows(await database.db.execute(q.fast));
        fast.push(performance.now() - s);
      }
      const naive: number[] = [];
      let naiveRows: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const s = performance.now();
        naiveRows = resultRows(await database.db.execute(q.naive));
        naive.push(performance.now() - s);
      }
      const f = stats(fast).p95;
      const n = stats(naive).p95;
      const same = JSON.stringify(naiveRows) === JSON.stringify(fastRows);
      console.log(`${q.name.padEnd(10)} ${fmt(f)} ms ${fmt(n)} ms ${(n / f).toFixed(1).padStart(6)}×  ${same ? 'yes' : 'NO'}`);
    }
  }
}

await main();
