/**
 * Throughput of `applyErpRecords` for sales (issue 7: a full first sync of ~150k documents under
 * 5 minutes). Applies `--paginas` pages of 1000 sales with ~4 lines each (1-7) to a fresh database,
 * each page in its own transaction like the sync, after the registers and products they name;
 * then applies the same pages again as updates (newer `alteradoEm`: every header rewritten and
 * every line replaced), and times the checksum of everything stored.
 *
 *   npx tsx src/erp/data/erp-data.bench.ts [--paginas 20]            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx src/erp/data/erp-data.bench.ts
 *
 * Prints ms per page (median, p95, max), documents and lines per second, the CPU time per page
 * (this process, plus the PostgreSQL backend when the server is local: about the wall time on an idle
 * machine) and the load average (wall times on a busy machine are larger).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ERP_ENTITIES, type ErpEntity, type ErpRecord, type ErpSale } from '@acervo/contracts';
import { openDatabase, type Database } from '../../db/client.ts';
import { createScratchDatabase } from '../../db/scratch-database.ts';
import { companies } from '../../companies/companies.schema.ts';
import { applyErpRecords, storedErpStatistics } from './index.ts';
import { at, makeRecord, makeSale, saleLine } from './erp-data.fixtures.ts';

const { values } = parseArgs({ options: { paginas: { type: 'string', default: '20' } } });
const pages = Number(values.paginas);
const PAGE = 1000;
const PRODUCTS = 20_000;
const CLIENTS = 3000;

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU time (ms) a local PostgreSQL backend has used, from /proc (null when not readable: remote server, not Linux). */
function backendCpuMs(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ = 100
  } catch {
    return null;
  }
}

/** CPU of the last `applyPage` (ms): this process (app + PGlite) and the PostgreSQL backend. */
const lastCpu = { client: 0, server: null as number | null };

/**
 * Applies one page in its own transaction. Wall time depends on what else the machine runs; the CPU
 * time (this process + the local PostgreSQL backend) approximates the wall time on an idle machine.
 */
async function applyPage<E extends ErpEntity>(database: Database, companyId: number, entity: E, records: ErpRecord<E>[]): Promise<number> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  let pid: number | null = null;
  let serverStart: number | null = null;
  const { rejected } = await database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') {
      pid = Number(((await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] }).rows[0].pid);
      serverStart = backendCpuMs(pid);
    }
    return applyErpRecords(tx, companyId, entity, records);
  });
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  lastCpu.client = (used.user + used.system) / 1000;
  const serverEnd = backendCpuMs(pid);
  lastCpu.server = serverStart !== null && serverEnd !== null ? serverEnd - serverStart : null;
  if (rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(rejected.slice(0, 3))}`);
  return wall;
}

function salePage(page: number, minute: number): ErpSale[] {
  const rnd = random(page + 1);
  return Array.from({ length: PAGE }, (_, i) => {
    const n = page * PAGE + i;
    const lines = 1 + Math.floor(rnd() * 7);
    return makeSale(`NF-${n}`, at(minute), {
      numero: n + 1,
      dataEmissao: `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
      idCliente: `C${Math.floor(rnd() * CLIENTS)}`,
      idVendedor: `V${n % 20}`,
      idTipoOperacaoFiscal: 'OP1',
      idFormaPagamento: `FP${n % 5}`,
      idTransportadora: n % 3 ? `T${n % 4}` : null,
      freteCentavos: n % 7 === 0 ? 1590 : 0,
      itens: Array.from({ length: lines }, (_, l) => saleLine(l + 1, `P${Math.floor(rnd() ** 2 * PRODUCTS)}`, 1 + Math.floor(rnd() * 10), 1990 + Math.floor(rnd() * 10_000), l === 0 ? 100 : 0)),
    });
  });
}

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  const scratch = base ? await createScratchDatabase(base, { prefix: 'acervo_bench' }) : null;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, dataDir: '' } : { dataDir: 'memory://' });
  try {
    const [company] = await database.db.insert(companies).values({ name: 'Bench', cnpj: '11111111000191', erpCode: 'DEMO01' }).returning({ id: companies.id });
    const companyId = company.id;
    const setup = performance.now();
    for (const entity of ERP_ENTITIES.slice(0, 9)) await applyPage(database, companyId, entity, Array.from({ length: 20 }, (_, i) => makeRecord(entity, `${entity === 'VENDEDOR' ? 'V' : entity === 'FORMA_PAGAMENTO' ? 'FP' : entity === 'TRANSPORTADORA' ? 'T' : entity === 'TIPO_OPERACAO_FISCAL' ? 'OP' : entity}${i}`, at(1), i + 1)));
    for (let p = 0; p < CLIENTS / PAGE; p++) await applyPage(database, companyId, 'CLIENTE', Array.from({ length: PAGE }, (_, i) => makeRecord('CLIENTE', `C${p * PAGE + i}`, at(1), p * PAGE + i, { idVendedor: `V${i % 20}` })));
    const productTimes: number[] = [];
    for (let p = 0; p < PRODUCTS / PAGE; p++) {
      productTimes.push(await applyPage(database, companyId, 'PRODUTO', Array.from({ length: PAGE }, (_, i) => makeRecord('PRODUTO', `P${p * PAGE + i}`, at(1), p * PAGE + i, { idSelo: `SELO${i % 20}` }))));
    }
    productTimes.sort((a, b) => a - b);
    console.log(`${database.kind}: registers, ${CLIENTS} clients and ${PRODUCTS} products (catalogue created) in ${((performance.now() - setup) / 1000).toFixed(1)} s; product page median ${percentile(productTimes, 50).toFixed(0)} ms`);

    for (const [label, minute] of [
      ['insert', 10],
      ['update', 20],
    ] as const) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let lines = 0;
      for (let p = 0; p < pages; p++) {
        const records = salePage(p, minute);
        lines += records.reduce((s, r) => s + r.itens.length, 0);
        times.push(await applyPage(database, companyId, 'VENDA', records));
        cpuTimes.push(lastCpu.client + (lastCpu.server ?? 0));
      }
      cpuTimes.sort((a, b) => a - b);
      const total = times.reduce((a, b) => a + b, 0);
      times.sort((a, b) => a - b);
      console.log(
        `${database.kind}: VENDA ${label} ${pages} pages of ${PAGE} documents (${(lines / pages / PAGE).toFixed(2)} lines each): ` +
          `median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms per page; ` +
          `${Math.round((pages * PAGE) / (total / 1000))} documents/s, ${Math.round(lines / (total / 1000))} lines/s; ` +
          `CPU (app${database.kind === 'postgres' ? ' + PostgreSQL backend' : ' + PGlite'}) median ${percentile(cpuTimes, 50).toFixed(0)} ms per page`,
      );
    }
    console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
    const start = performance.now();
    const stats = await storedErpStatistics(database.db, companyId, 'VENDA');
    console.log(`${database.kind}: storedErpStatistics VENDA ${stats.registros} documents in ${(performance.now() - start).toFixed(0)} ms (checksum ${stats.checksum})`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

await main();
