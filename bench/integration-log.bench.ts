/**
 * Integration log search benchmark (`npm run bench:integration-log -w @acervo/bench`, issue 7:
 * "response contains" on 2 million log rows, p95 under 300 ms).
 *
 * On a scratch PostgreSQL database (`DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test;
 * `acervo_bench_log_*`, dropped afterwards unless BENCH_KEEP=1) with the app's migrations and demo
 * companies, it generates BENCH_LOG_ROWS (default 2,000,000) `log_integracao` rows inside the
 * database (`INSERT … SELECT generate_series` in batches of 250,000): realistic exchanges of the
 * simulator connector (LISTAR pages of sales, stock and products with pt-BR titles and authors,
 * 5xx errors, product sends, logins), spread over 90 days and two companies, bodies of 0.3–2 KB.
 * Then it runs `listIntegrationLogs` — the very function behind `GET log-integracao` (first page of
 * 10, newest first, the count capped at 1,000) — with `resposta` set to words of four
 * frequencies: rare (a few rows), uncommon (~0.05 %), common (~10 %) and everywhere (every LISTAR
 * page), BENCH_RUNS times each (default 30, after 3 warm-ups), and prints p50/p95/max.
 * Baseline in the same run: the same searches after `DROP INDEX log_integracao_resposta_trgm`
 * (what the search costs without the trigram index: a sequential scan), BENCH_BASE_RUNS (5) each.
 *
 * Environment: DATABASE_URL, BENCH_LOG_ROWS, BENCH_RUNS, BENCH_BASE_RUNS, BENCH_KEEP=1.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { seedDemoData } from '@acervo/server/src/seed/demo-seed.ts';
import { listIntegrationLogs } from '@acervo/server/src/integration/integration.service.ts';
import type { AuthContext } from '@acervo/server/src/auth/auth-guard.ts';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 2_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BASE_RUNS = Number(process.env.BENCH_BASE_RUNS ?? 5);
const KEEP = process.env.BENCH_KEEP === '1';
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BATCH = 250_000;

/** Words searched, by how often they occur in `resposta`. */
const SEARCHES: { label: string; word: string }[] = [
  { label: 'rare (1 row in 200,000)', word: 'Zaratustra' },
  { label: 'uncommon (~0.05 %)', word: 'Quincas Borba' },
  { label: 'common (~10 %)', word: 'machado' },
  { label: 'everywhere (every LISTAR page)', word: 'alteradoEm' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The INSERT … SELECT of rows [from, to): every body built by SQL from the row number `g`. */
function batchInsert(from: number, to: number, c1: number, c2: number) {
  return sql.raw(`
    INSERT INTO log_integracao (data, tipo, operacao, entidade, empresa_id, status, metodo, url, codigo_http, duracao_ms, registros, requisicao, resposta, mensagem)
    SELECT
      now() - make_interval(secs => (${ROWS} - g) * (90 * 86400.0 / ${ROWS})),
      'SIMULADOR',
      CASE WHEN g % 500 = 0 THEN 'LOGIN' WHEN g % 97 = 0 THEN 'ENVIAR_PRODUTO' ELSE 'LISTAR' END,
      CASE WHEN g % 500 = 0 OR g % 97 = 0 THEN NULL ELSE (ARRAY['VENDA','ESTOQUE','PRODUTO','CLIENTE','AUTOR'])[1 + g % 5] END,
      CASE WHEN g % 500 = 0 THEN NULL WHEN g % 2 = 0 THEN ${c1} ELSE ${c2} END,
      CASE WHEN g % 41 = 0 THEN 'ERRO' ELSE 'SUCESSO' END,
      CASE WHEN g % 500 = 0 OR g % 97 = 0 THEN 'POST' ELSE 'GET' END,
      'http://127.0.0.1:4010/api/v1/empresas/DEMO0' || (1 + g % 2) || '/registros/VENDA?limite=500&cursor=' || md5(g::text),
      CASE WHEN g % 41 = 0 THEN 503 ELSE 200 END,
      20 + (g::bigint * 7919) % 900,
      CASE WHEN g % 41 = 0 THEN NULL ELSE (g * 31) % 500 END,
      CASE WHEN g % 500 = 0 THEN '{"usuario":"erp","senha":"***"}'
           WHEN g % 97 = 0 THEN '{"ean":"978650' || lpad((g % 10000000)::text, 7, '0') || '","titulo":"' || (ARRAY['A hora da estrela','Vidas secas','Capitães da areia','O cortiço','Iracema'])[1 + g % 5] || '","precoCentavos":' || (1990 + g % 9000) || '}'
           ELSE NULL END,
      CASE WHEN g % 500 = 0 THEN '{"token":"***","expiraEm":"2026-11-23T12:00:00.000Z"}'
           WHEN g % 41 = 0 THEN '{"erro":"Serviço temporariamente indisponível (falha simulada)"}'
           WHEN g % 97 = 0 THEN '{"id":"P' || g || '","alteradoEm":"2026-11-20T10:00:00.000Z"}'
           ELSE '{"itens":[' || (
             SELECT string_agg('{"id":"V' || (g * 3 + k) || '","alteradoEm":"2026-11-' || lpad((1 + (g + k) % 28)::text, 2, '0') || 'T1' || (k % 10) || ':00:00.000Z","titulo":"'
               || CASE WHEN g % 200000 = 8 AND k = 1 THEN 'Assim falou Zaratustra'
                       WHEN g % 2000 = 4 AND k = 1 THEN 'Quincas Borba'
                       ELSE (ARRAY['Dom Casmurro','Memórias póstumas','O alienista','Helena','A mão e a luva','Esaú e Jacó','Iaiá Garcia','Várias histórias','Papéis avulsos','Relíquias de casa velha'])[1 + (g + k) % 10] END
               || '","autor":"' || CASE WHEN (g + k) % 30 = 0 THEN 'Machado de Assis' ELSE (ARRAY['Clarice Lispector','Graciliano Ramos','Jorge Amado','Aluísio Azevedo','José de Alencar','Cecília Meireles','Rachel de Queiroz','Lygia Fagundes Telles'])[1 + (g * 13 + k) % 8] END
               || '","quantidade":' || ((g + k) % 40 + 1) || ',"valorCentavos":' || ((g * k) % 20000 + 990) || ',"uf":"' || (ARRAY['SP','RJ','MG','RS','PR','BA','PE','CE'])[1 + (g + k) % 8] || '"}', ',')
             FROM generate_series(1, 1 + g % 4) AS k
           ) || '],"cursor":"' || md5(g::text) || '","temMais":' || CASE WHEN g % 3 = 0 THEN 'false' ELSE 'true' END || '}'
      END,
      CASE WHEN g % 41 = 0 THEN 'HTTP 503 após 3 tentativas' ELSE NULL END
    FROM generate_series(${from}, ${to - 1}) AS g`);
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(BASE_URL, { prefix: 'acervo_bench_log_' });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const db = database.db;
  try {
    const seed = await seedDemoData(db);
    const [c1, c2] = seed.companyIds;
    console.log(`Generating ${ROWS.toLocaleString('en')} log_integracao rows on PostgreSQL (${scratch.url.replace(/\/\/[^@]*@/, '//')})…`);
    const started = performance.now();
    // GIN insertion row by row is slow: load without the trigram indexes, then build them (as a restore would)
    await db.execute(sql`DROP INDEX log_integracao_requisicao_trgm`);
    await db.execute(sql`DROP INDEX log_integracao_resposta_trgm`);
    for (let from = 1; from <= ROWS; from += BATCH) {
      await db.execute(batchInsert(from, Math.min(ROWS + 1, from + BATCH), c1, c2));
      process.stdout.write(`  ${Math.min(ROWS, from + BATCH - 1).toLocaleString('en')} rows, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    await db.execute(sql`SET maintenance_work_mem = '512MB'`);
    await db.execute(sql`CREATE INDEX log_integracao_requisicao_trgm ON log_integracao USING gin (requisicao gin_trgm_ops)`);
    await db.execute(sql`CREATE INDEX log_integracao_resposta_trgm ON log_integracao USING gin (resposta gin_trgm_ops)`);
    await db.execute(sql`VACUUM ANALYZE log_integracao`);
    const size = await db.execute(sql`SELECT pg_size_pretty(pg_total_relation_size('log_integracao')) AS total, pg_size_pretty(pg_relation_size('log_integracao_resposta_trgm')) AS trgm`);
    const sizes = (size as unknown as { rows: { total: string; trgm: string }[] }).rows[0];
    console.log(`Generated in ${((performance.now() - started) / 1000).toFixed(0)} s; table with indexes ${sizes.total}, resposta trigram index ${sizes.trgm}`);

    const auth: AuthContext = { userId: seed.adminId, sessionId: 'bench', companyId: c1, roles: [], login: 'admin', name: 'Administrador', profileName: null };
    const measure = async (word: string, runs: number) => {
      const times: number[] = [];
      let answer = { totalItens: 0, totalLimitado: false, first: 0 };
      for (let i = 0; i < runs + 3; i++) {
        const t0 = performance.now();
        const page = await listIntegrationLogs(db, auth, { page: 0, pageSize: 10, resposta: word });
        const ms = performance.now() - t0;
        if (i >= 3) times.push(ms);
        answer = { totalItens: page.totalItens, totalLimitado: page.totalLimitado, first: page.itens.length };
      }
      times.sort((a, b) => a - b);
      return { ...answer, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
    };

    const rows: string[] = [];
    const row = (index: string, s: { label: string; word: string }, r: Awaited<ReturnType<typeof measure>>, runs: number) =>
      `| ${index.padEnd(24)} | ${`${s.label}: "${s.word}"`.padEnd(52)} | ${`${r.totalItens.toLocaleString('en')}${r.totalLimitado ? '+ (capped)' : ''}`.padEnd(16)} | ${String(runs).padStart(4)} | ${`${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.max.toFixed(1)} ms`.padEnd(28)} |`;
    for (const s of SEARCHES) rows.push(row('trigram GIN (the app)', s, await measure(s.word, RUNS), RUNS));
    await db.execute(sql`DROP INDEX log_integracao_resposta_trgm`);
    await db.execute(sql`ANALYZE log_integracao`);
    for (const s of SEARCHES) rows.push(row('no trigram (baseline)', s, await measure(s.word, BASE_RUNS), BASE_RUNS));

    console.log(`\nGET log-integracao?resposta=<word> (listIntegrationLogs: first page of 10 + count capped at 1,000), company ${c1}, ${ROWS.toLocaleString('en')} rows\n`);
    console.log(`| ${'index'.padEnd(24)} | ${'search'.padEnd(52)} | ${'matches'.padEnd(16)} | runs | ${'p50 / p95 / max'.padEnd(28)} |`);
    console.log(`|${'-'.repeat(26)}|${'-'.repeat(54)}|${'-'.repeat(18)}|------|${'-'.repeat(30)}|`);
    for (const line of rows) console.log(line);
  } finally {
    await database.close();
    if (KEEP) console.log(`Kept ${scratch.url}`);
    else await scratch.drop();
  }
}

await main();
