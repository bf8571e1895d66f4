import { performance } from 'node:perf_hooks';
import { hashPassword } from '@acervo/contracts';
import { createTestApp } from '@acervo/server/src/test/test-app.ts';
import { ARGON2_OPTIONS, hashClientPassword, verifyClientPassword } from '@acervo/server/src/auth/password-hasher.ts';

/**
 * Login benchmark (`npm run bench:login -w @acervo/bench`): times `POST /api/core-api/auth/login`
 * through Fastify `inject` on a fresh demo database (in-memory PGlite, or PostgreSQL when
 * DATABASE_URL is set), 3 warm-up calls then CALLS sequential calls, and the bare argon2id verify
 * for comparison. Prints mean / p50 / p95 / max in ms. Target: mean < 150 ms per call with the
 * OWASP argon2id parameters (m=19456 KiB, t=2, p=1); the exit code is 1 when the mean misses it.
 */

const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const TARGET_MS = 150;

function stats(samples: number[]): { mean: number; p50: number; p95: number; min: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  /** Nearest-rank percentile. */
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { mean: samples.reduce((s, x) => s + x, 0) / samples.length, p50: pct(50), p95: pct(95), min: sorted[0], max: sorted[sorted.length - 1] };
}

function line(label: string, s: ReturnType<typeof stats>): string {
  const f = (n: number) => n.toFixed(1).padStart(7);
  return `${label.padEnd(28)} mean ${f(s.mean)}  p50 ${f(s.p50)}  p95 ${f(s.p95)}  min ${f(s.min)}  max ${f(s.max)}  (ms)`;
}

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const payload = { userName: 'admin', password: hashPassword('admin') };
    const once = async () => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/core-api/auth/login', payload });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
      return ms;
    };
    for (let i = 0; i < 3; i++) await once();
    const login: number[] = [];
    for (let i = 0; i < CALLS; i++) login.push(await once());

    const stored = await hashClientPassword(payload.password);
    const verify: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      if (!(await verifyClientPassword(stored, payload.password))) throw new Error('verify failed');
      verify.push(performance.now() - started);
    }

    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (memória)';
    console.log(`auth/login benchmark — ${CALLS} chamadas sequenciais, banco ${db}, argon2id m=${ARGON2_OPTIONS.memoryCost} t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}`);
    const s = stats(login);
    console.log(line('POST auth/login (inject)', s));
    console.log(line('argon2id verify only', stats(verify)));
    const ok = s.mean < TARGET_MS;
    console.log(`meta: média < ${TARGET_MS} ms por chamada → ${ok ? 'OK' : 'NÃO ATINGIDA'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
