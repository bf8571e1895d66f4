import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashPassword, type ReplacementDetail, type SessionUser } from '@acervo/contracts';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../db/scratch-database.ts';
import { resultRows } from '../../db/rows.ts';
import { seedDemoData } from '../../seed/demo-seed.ts';
import { buildApp } from '../../app.ts';
import { applyErpRecords } from '../../erp/data/index.ts';
import { at, isbn, makeRecord } from '../../erp/data/erp-data.fixtures.ts';
import { insertCalculation, insertPublisher, type CalculationLineFixture } from './replacements.test-helpers.ts';

/**
 * Concurrent approvals on PostgreSQL itself (issue 18 Part 3): on PGlite, with one connection,
 * transactions run one after another, so only PostgreSQL's pool shows two approvals truly at
 * once. Ten `PUT reposicao/{id}/aprovar` fired together on each of five replacements: one answers
 * 200, nine 409, and each replacement has one set of purchase orders (one per publisher) in
 * `reposicao_pedido_compra` and the ERP outgoing queue. Runs when DATABASE_URL is set; the scratch
 * database's name starts with ACERVO_TEST_DB_PREFIX (default `acervo_t`).
 */
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('replacements-concurrency.pg.test.ts needs DATABASE_URL (a PostgreSQL that may CREATE DATABASE)');

let scratch: ScratchDatabase;
let database: Database;
let app: FastifyInstance;
let admin: SessionUser;
let companyId: number;
const lines: CalculationLineFixture[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(baseUrl, { prefix: process.env.ACERVO_TEST_DB_PREFIX ?? 'acervo_t' });
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const seed = await seedDemoData(database.db);
  companyId = seed.companyIds[0];
  const config: AppConfig = { ...loadConfig({}), dataDir: path.join(os.tmpdir(), 'acervo-test'), jwtSecret: 'test-secret-test-secret-test-secret', logLevel: 'silent', webDist: path.join(os.tmpdir(), 'acervo-no-web') };
  ({ app } = await buildApp(config, database));
  await app.ready();
  await database.db.transaction(async (tx) => {
    await applyErpRecords(tx, companyId, 'PRODUTO', [1, 2, 3, 4].map((n) => makeRecord('PRODUTO', `P${n}`, at(1), n)));
  });
  const publishers = [await insertPublisher(database.db, 'Editora Um'), await insertPublisher(database.db, 'Editora Dois')];
  for (const n of [1, 2, 3, 4]) {
    const [row] = resultRows<{ id: number; erp_id: number }>(await database.db.execute(sql`SELECT p.id, e.id AS erp_id FROM produto p JOIN erp_produto e ON e.produto_id = p.id WHERE p.isbn13 = ${isbn(n)}`));
    lines.push({ productId: Number(row.id), erpProductId: Number(row.erp_id), title: `Livro ${n}`, publisherId: publishers[n % 2], publisher: null, suggested: n, toOrder: n * 2, unitCostCents: 1000 });
  }
  const login = await app.inject({ method: 'POST', url: '/api/core-api/auth/login', payload: { userName: 'admin', password: hashPassword('admin') } });
  admin = login.json() as SessionUser;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await scratch?.drop();
});

describe('concurrent approvals on PostgreSQL', () => {
  it('ten approvals at once: one succeeds, nine answer 409, one set of purchase orders', async () => {
    const auth = { authorization: `Bearer ${admin.token}` };
    const started = performance.now();
    for (let round = 0; round < 5; round++) {
      const idCalculo = await insertCalculation(database.db, companyId, lines);
      const created = await app.inject({ method: 'POST', url: '/api/core-api/reposicao', headers: auth, payload: { idCalculo, descricao: `Rodada ${round}` } });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as ReplacementDetail).id;
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'PUT', url: `/api/core-api/reposicao/${id}/aprovar`, headers: auth })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      const [counts] = resultRows<{ pedidos: number; fila: number; transicoes: number }>(
        await database.db.execute(sql`SELECT
          (SELECT count(*)::int FROM reposicao_pedido_compra WHERE reposicao_id = ${id}) AS pedidos,
          (SELECT count(*)::int FROM fila_integracao WHERE referencia LIKE ${`REP-${id}-%`}) AS fila,
          (SELECT count(*)::int FROM reposicao_transicao WHERE reposicao_id = ${id} AND status = 'APROVADA') AS transicoes`),
      );
      expect(counts).toEqual({ pedidos: 2, fila: 2, transicoes: 1 });
    }
    console.info(`5 rounds of 10 concurrent approvals: ${Math.round(performance.now() - started)} ms`);
  }, 120_000);
});
