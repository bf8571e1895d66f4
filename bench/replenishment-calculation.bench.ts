/**
 * Replenishment calculation over the whole catalogue (issue 18 Part 2):
 *
 *   npm run bench:replenishment -w @acervo/bench -- [--titles 100000] [--months 24] [--database-url postgres://…] [--prefix h1_repl] [--runs 3] [--steps a0,a,b,c1,c2]
 *   npm run bench:replenishment -w @acervo/bench -- --pglite [--titles 6000]
 * (`--keep`: the PostgreSQL database is kept and its URL printed, to EXPLAIN the queries on it.
 * `--readers 1,2,1,2`: step c1 once per value, in that order, reading the titles on that many
 * connections — an A/B in one run; without it the app's default, `POSTGRES_READERS` on PostgreSQL.)
 *
 * 1. A fresh database (PostgreSQL `<prefix>_<random>`, dropped at the end; or in-memory PGlite with
 *    `--pglite`) with the demo seed (admin, two companies), then, written in SQL with generate_series
 *    (the ERP writer would take an hour for this size and is not what is measured): `--titles`
 *    catalogue products and their ERP products with stock in company 1 (every other title in company 2
 *    too, for saldoRede), and `--months` months of billing rollup rows (`rel_faturamento_produto`,
 *    grain M) ending 2026-10: intermittent demand, each title selling in a share of months drawn
 *    per title (5–95 %), 1–40 units, 4 % of rows returns — from hashes, the same data every run. ANALYZE.
 * 2. Timed, `--runs` times each, median (and the RSS peak of the process, sampled every 10 ms; the
 *    CPU time of this process and, on PostgreSQL, of the database backends: they do not stretch
 *    with the machine's load; `--steps c1` runs only that step, so its RSS is its own):
 *    a0. floor: one SUM per title over the period's rollup rows, the least any calculation reads;
 *    a. baseline: the reads alone (`prepareLines`: candidates, demand, lost sales, saldoRede and
 *       coverage as per-title inputs, read at once) — what any calculation must read;
 *    b. forecasting alone on the prepared inputs, one thread and with worker threads;
 *    c. `POST reposicao/calculo` end to end (`calculate`: a + forecast + store), AUTOMATICO,
 *       lead time 1 + projection 2, service level 90 %, storing the lines with a suggestion
 *       (default `somenteComReposicao`) and with every line (`somenteComReposicao: false`, 100,000 rows).
 * Prints the load average beside the figures (a busy 2-core machine stretches them), and after c1
 * and c2 a digest of the stored lines (equal digests = the same results, e.g. before and after a change).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { seedDemoData } from '@acervo/server/src/seed/demo-seed.ts';
import { resultRows } from '@acervo/server/src/db/rows.ts';
import type { AuthContext } from '@acervo/server/src/shared/request-auth.ts';
import { calculate, lineSettings, prepareLines, resolveInputs } from '@acervo/server/src/replenishment/calculation/calculation.service.ts';
import { computeLine } from '@acervo/server/src/replenishment/calculation/calculation.engine.ts';
import { computeLinesParallel } from '@acervo/server/src/replenishment/calculation/calculation.parallel.ts';

const { values } = parseArgs({
  options: {
    titles: { type: 'string' },
    months: { type: 'string', default: '24' },
    runs: { type: 'string', default: '3' },
    pglite: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    prefix: { type: 'string', default: 'h1_repl' },
    keep: { type: 'boolean', default: false },
    steps: { type: 'string', default: 'a0,a,b,c1,c2' },
    readers: { type: 'string' },
  },
});
const TITLES = Number(values.titles ?? (values.pglite ? 6000 : 100_000));
const MONTHS = Number(values.months);
const RUNS = Number(values.runs);
/** Steps to run (`--steps c1`: the end-to-end calculation alone, so its RSS peak is not raised by the earlier steps' data). */
const STEPS = new Set(values.steps!.split(',').map((s) => s.trim()));
/** Readers of step c1, one run of it per value (`--readers`), or the app's default. */
const READERS: (number | undefined)[] = values.readers ? values.readers.split(',').map((r) => Number(r.trim())) : [undefined];
const END_MONTH = '2026-10-01';
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const LINE_DIGEST_COLUMNS = `produto_id, erp_produto_id, sku, isbn13, titulo, autores, editora_id, editora, situacao, fisico, reservado, bloqueado, pedido_compra,
  disponivel, rede, coberto, estoque_minimo, estoque_maximo, demanda_media, nivel_reposicao, quantidade_sugerida, quantidade_pedido, preco_centavos, custo_centavos,
  metodo, historico, ruptura`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * CPU time (user + system, ms) of the PostgreSQL backends connected to the bench's database, read
 * from /proc (the server runs on this machine; null when it cannot be read, and on PGlite, whose
 * work is this process's). A backend that exits, or a parallel worker, during a step is missed.
 */
let dbCpu: () => Promise<Map<number, number> | null> = async () => null;
const TICK_MS = 10; // USER_HZ 100
function backendCpu(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/**
 * Runs `fn` `RUNS` times; the median wall time, the median CPU time of this process (user + system,
 * worker threads included) and of the database backends (PostgreSQL), and the RSS peak seen while
 * it ran. CPU times do not stretch with the machine's load as the wall time does.
 */
async function timed<T>(label: string, fn: () => Promise<T>): Promise<{ ms: number; rss: number; last: T }> {
  const times: number[] = [];
  const cpus: number[] = [];
  const dbCpus: number[] = [];
  let peak = 0;
  let last!: T;
  for (let i = 0; i < RUNS; i++) {
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const dbBefore = await dbCpu();
    const cpu = process.cpuUsage();
    const start = performance.now();
    last = await fn();
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    const dbAfter = await dbCpu();
    cpus.push((used.user + used.system) / 1000);
    if (dbBefore && dbAfter) dbCpus.push([...dbAfter].reduce((sum, [pid, ms]) => sum + ms - (dbBefore.get(pid) ?? 0), 0));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const ms = median(times);
  const dbText = dbCpus.length ? `  DB CPU ${median(dbCpus).toFixed(0)} ms (${dbCpus.map((t) => t.toFixed(0)).join(', ')})` : '';
  console.log(
    `${label.padEnd(64)} ${ms.toFixed(0).padStart(7)} ms  (runs ${times.map((t) => t.toFixed(0)).join(', ')})  CPU ${median(cpus).toFixed(0)} ms (${cpus.map((t) => t.toFixed(0)).join(', ')})${dbText}  RSS peak ${mb(peak)}  load ${load()}`,
  );
  return { ms, rss: peak, last };
}

async function load_(db: Database, c1: number, c2: number): Promise<void> {
  const x = db.db;
  await x.execute(sql`INSERT INTO erp_tipo_operacao_fiscal (empresa_id, id_erp, alterado_em_erp, cfop, descricao, natureza, ativo)
    VALUES (${c1}, 'OP1', now(), '5102', 'Venda', 'VENDA', true), (${c2}, 'OP1', now(), '5102', 'Venda', 'VENDA', true)`);
  for (let from = 1; from <= TITLES; from += 20_000) {
    const to = Math.min(TITLES, from + 19_999);
    await x.execute(sql`INSERT INTO produto (isbn13, titulo, estoque_minimo, estoque_maximo)
      SELECT '979' || lpad(n::text, 10, '0'), 'Título de bancada ' || n, CASE WHEN n % 10 = 0 THEN 2 END, CASE WHEN n % 7 = 0 THEN 30 END
      FROM generate_series(${from}::int, ${to}::int) n`);
  }
  for (const [company, step] of [[c1, 1], [c2, 2]] as const) {
    await x.execute(sql`INSERT INTO erp_produto (empresa_id, id_erp, alterado_em_erp, produto_id, ean, titulo, preco_centavos, custo_centavos, situacao, ativo)
      SELECT ${company}, 'P' || n, now(), p.id, p.isbn13, p.titulo, 2000 + (n * 37) % 8000, 900 + (n * 17) % 4000, '20', true
      FROM generate_series(1, ${TITLES}::int, ${step}::int) n JOIN produto p ON p.isbn13 = '979' || lpad(n::text, 10, '0')`);
    await x.execute(sql`INSERT INTO erp_estoque (empresa_id, id_erp, alterado_em_erp, produto_id, fisico, reservado, consignado, bloqueado, pedido_compra)
      SELECT empresa_id, 'E' || id_erp, now(), id, (hashtext(id_erp) & 31) - 4, hashtext(id_erp || 'r') & 3, 0, CASE WHEN hashtext(id_erp || 'b') & 15 = 0 THEN 1 ELSE 0 END, hashtext(id_erp || 'o') & 7
      FROM erp_produto WHERE empresa_id = ${company}`);
  }
  // per title a selling probability (5–95 %) and a size; per month a draw — drawn from hashes, not
  // random(), so every run (and the code before and after a change) sees the same data and must
  // store the same lines (the digest printed after c1 and c2)
  await x.execute(sql`INSERT INTO rel_faturamento_produto (empresa_id, grao, periodo, produto_id, operacao_id, devolucao, quantidade, valor_centavos, notas)
    SELECT ${c1}, 'M', m.periodo, ep.id, o.id, d.devolucao, d.q, d.q * ep.preco_centavos, 1
    FROM erp_produto ep
    JOIN erp_tipo_operacao_fiscal o ON o.empresa_id = ${c1} AND o.id_erp = 'OP1'
    CROSS JOIN LATERAL (SELECT k, (${END_MONTH}::date - make_interval(months => k))::date AS periodo FROM generate_series(0, ${MONTHS - 1}::int) k) m
    CROSS JOIN LATERAL (SELECT z.r < 0.04 AS devolucao, 1 + floor(z.size * (1 + (hashtext(ep.id_erp || 's') & 39)))::int AS q
      FROM (SELECT (hashtext(ep.id_erp || ':' || m.k || 'r') & 65535) / 65536.0 AS r, (hashtext(ep.id_erp || ':' || m.k || 'v') & 65535) / 65536.0 AS sells,
        (hashtext(ep.id_erp || ':' || m.k || 'q') & 65535) / 65536.0 AS size) z
      WHERE z.sells < 0.05 + 0.9 * ((hashtext(ep.id_erp) & 1023) / 1023.0)) d
    WHERE ep.empresa_id = ${c1}`);
  await x.execute(sql`ANALYZE`);
}

async function main(): Promise<void> {
  console.log(`replenishment calculation bench: ${TITLES.toLocaleString('en-US')} titles × ${MONTHS} months on ${values.pglite ? 'PGlite (memory)' : 'PostgreSQL'}; ${os.availableParallelism()} cores; load ${load()}`);
  let db: Database;
  let drop: () => Promise<void> = async () => undefined;
  if (values.pglite) db = await openDatabase({ dataDir: 'memory://' });
  else {
    const scratch = await createScratchDatabase(values['database-url']!, { prefix: values.prefix });
    db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    drop = values.keep ? async () => console.log(`kept ${scratch.url}`) : scratch.drop;
  }
  try {
    if (!values.pglite) {
      dbCpu = async () => {
        const pids = resultRows<{ pid: number }>(await db.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`));
        const out = new Map<number, number>();
        for (const { pid } of pids) {
          const ms = backendCpu(Number(pid));
          if (ms === null) return null;
          out.set(Number(pid), ms);
        }
        return out;
      };
    }
    const seed = await seedDemoData(db.db);
    const [c1, c2] = seed.companyIds;
    const loadStart = performance.now();
    await load_(db, c1, c2);
    const [{ n: rollupRows }] = resultRows<{ n: number }>(await db.db.execute(sql`SELECT count(*)::int AS n FROM rel_faturamento_produto`));
    console.log(`data: ${Number(rollupRows).toLocaleString('en-US')} rollup rows written in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    const auth: AuthContext = { userId: seed.adminId, sessionId: 'bench', companyId: c1, roles: [], login: 'admin', name: 'Bench', profileName: null };
    const body = { dataInicio: '2024-11-01', dataFim: '2026-10-31', metodoPonderacao: 'AUTOMATICO' as const, prazoEntregaMeses: 1, periodosProjecao: 2, nivelServico: 90 };
    if (MONTHS !== 24) body.dataInicio = new Date(Date.UTC(2026, 10 - MONTHS, 1)).toISOString().slice(0, 10);
    const p = resolveInputs(body);
    const settings = lineSettings(p);

    console.log(`before the steps: RSS ${mb(process.memoryUsage().rss)}`);
    if (STEPS.has('a0')) {
      const floor = await timed('a0. floor: one SUM per title over the period\'s rollup rows (SQL only)', () =>
        db.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
          await tx.execute(sql`SET LOCAL jit = off`);
          return resultRows(await tx.execute(sql`SELECT r.produto_id, sum(r.quantidade)::bigint AS q FROM rel_faturamento_produto r
            WHERE r.empresa_id = ${c1} AND r.grao = 'M' AND r.periodo >= ${body.dataInicio}::date AND r.periodo < '2026-11-01'::date GROUP BY 1`));
        }),
      );
      console.log(`   ${floor.last.length.toLocaleString('en-US')} titles with sales`);
    }
    if (STEPS.has('a') || STEPS.has('b')) {
      const base = await timed('a. baseline: SQL aggregation + merge (prepareLines)', () => prepareLines(db.db, auth, c1, p));
      const inputs = base.last.lines.map((l) => ({ history: l.history, lostSales: l.lostSales, available: l.available, covered: l.covered, productMinStock: l.row.estoque_minimo, productMaxStock: l.row.estoque_maximo }));
      console.log(`   ${inputs.length.toLocaleString('en-US')} titles prepared`);
      if (STEPS.has('b')) {
        await timed('b1. forecast + level, one thread', async () => inputs.map((i) => computeLine(i, settings)));
        await timed(`b2. forecast + level, ${Math.min(4, os.availableParallelism())} threads (worker_threads)`, () => computeLinesParallel(inputs, settings));
      }
    }
    /** A digest of every stored column of a calculation's lines: equal digests = identical results. */
    const digest = async (id: number) => {
      const [row] = resultRows<{ n: number; md5: string }>(
        await db.db.execute(sql`SELECT count(*)::int AS n, md5(string_agg(i::text, '|' ORDER BY i.produto_id)) AS md5
          FROM (SELECT ${sql.raw(LINE_DIGEST_COLUMNS)} FROM reposicao_calculo_item WHERE calculo_id = ${id}::int) i`),
      );
      return `${row.n} lines, md5 ${row.md5}`;
    };
    if (STEPS.has('c1')) {
      for (const readers of READERS) {
        const label = `c1. calculate end to end, lines with a suggestion stored${readers === undefined ? '' : `, ${readers} reader(s)`}`;
        const withSuggestion = await timed(label, () => calculate(db.db, auth, c1, body, { dbKind: db.kind, readers }));
        console.log(`   ${withSuggestion.last.totais.itens.toLocaleString('en-US')} lines stored, ${withSuggestion.last.totais.quantidadeSugerida.toLocaleString('en-US')} units suggested; totals ${JSON.stringify(withSuggestion.last.totais)}; ${await digest(withSuggestion.last.id)}`);
      }
    }
    if (!STEPS.has('c2')) {
      console.log(`target: ${values.pglite ? '< 1 s (PGlite, 6,000 titles)' : '< 3 s and RSS < 500 MB (PostgreSQL, 100,000 titles)'}; load ${load()}`);
      return;
    }
    const all = await timed('c2. calculate end to end, every line stored', () => calculate(db.db, auth, c1, { ...body, somenteComReposicao: false }, { dbKind: db.kind }));
    console.log(`   ${all.last.totais.itens.toLocaleString('en-US')} lines stored; totals ${JSON.stringify(all.last.totais)}; ${await digest(all.last.id)}`);
    const explainStart = performance.now();
    const { explainItem } = await import('@acervo/server/src/replenishment/calculation/calculation.service.ts');
    await explainItem(db.db, c1, all.last.id, all.last.itens.itens[0].idProduto);
    console.log(`explanation of one line: ${(performance.now() - explainStart).toFixed(0)} ms`);
    console.log(`target: ${values.pglite ? '< 1 s (PGlite, 6,000 titles)' : '< 3 s and RSS < 500 MB (PostgreSQL, 100,000 titles)'}; load ${load()}`);
  } finally {
    await db.close();
    await drop();
  }
}

await main();
