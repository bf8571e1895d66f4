/**
 * Imports the real BISAC heading list of the shared data folder (`ACERVO_SHARED_DATA` or
 * `../shared/data` beside the repository; `bisac/bibliomundi_bisac_pt-BR_en.json`, see its
 * SOURCES.md) through `POST categoria-bisac/importacao` and checks the report against what the file
 * itself says, counted independently here: its five duplicated codes (TEC012020 with two different
 * headings, not imported; the other four imported once), its one malformed code (FIC05700), every
 * other code imported, and a re-import that changes nothing and duplicates nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BisacImportReport, PagedList, BisacCategory } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { resultRows } from '../db/rows.ts';
import { uploadBisac } from './matching.test-helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const file = path.join(process.env.ACERVO_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data'), 'bisac', 'bibliomundi_bisac_pt-BR_en.json');

let t: TestApp;
let admin: string;
let bytes: Buffer;
let rows: { code: string; description_ptbr: string; description_en: string }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'admin')).token;
  bytes = fs.readFileSync(file);
  rows = JSON.parse(bytes.toString('utf8'));
});
afterAll(async () => {
  await t?.close();
});

const stored = async () => Number(resultRows<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM categoria_bisac`))[0].n);

describe('BISAC import of the shared Bibliomundi list', () => {
  it('names the five duplicated codes and the malformed one, imports every other code, and a re-import changes nothing', async () => {
    const codes = rows.map((r) => r.code);
    const repeated = [...new Set(codes.filter((c, i) => codes.indexOf(c) !== i))].sort();
    const wellFormed = new Set(codes.filter((c) => /^[A-Z]{3}\d{6}$/.test(c)));
    expect(repeated).toEqual(['CRA042000', 'FIC009100', 'FIC065000', 'POE018000', 'TEC012020']);

    const started = performance.now();
    const res = await uploadBisac(t.app, admin, 'bibliomundi_bisac_pt-BR_en.json', bytes);
    const firstMs = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<BisacImportReport>();
    expect(report.registros).toBe(rows.length);
    expect(report.duplicados.map((d) => d.codigo).sort()).toEqual(repeated);
    const tec = report.duplicados.find((d) => d.codigo === 'TEC012020');
    expect(tec).toMatchObject({ importado: false, linhas: [codes.indexOf('TEC012020') + 1, codes.lastIndexOf('TEC012020') + 1] });
    expect(tec?.descricoes).toEqual(expect.arrayContaining(['TECHNOLOGY & ENGINEERING / Food Science / Food Packaging & Processing', 'TECHNOLOGY & ENGINEERING / Food Science / Food Safety & Security']));
    expect(report.duplicados.filter((d) => d.importado).map((d) => d.codigo).sort()).toEqual(['CRA042000', 'FIC009100', 'FIC065000', 'POE018000']);
    expect(report.malformados).toEqual([{ linha: codes.indexOf('FIC05700') + 1, codigo: 'FIC05700', motivo: expect.any(String) }]);
    // every well-formed code but the conflicting one
    expect(report.importados).toBe(wellFormed.size - 1);
    expect(report).toMatchObject({ inseridos: wellFormed.size - 1, atualizados: 0, inalterados: 0 });
    expect(await stored()).toBe(wellFormed.size - 1);

    const again = (await uploadBisac(t.app, admin, 'bibliomundi_bisac_pt-BR_en.json', bytes)).json<BisacImportReport>();
    expect(again).toMatchObject({ importados: wellFormed.size - 1, inseridos: 0, atualizados: 0, inalterados: wellFormed.size - 1 });
    expect(await stored()).toBe(wellFormed.size - 1);
    console.log(`BISAC import: ${rows.length} rows in ${firstMs.toFixed(0)} ms (first), ${t.database.kind}`);

    // pt-BR headings trimmed; the sections for the category picker (53 major sections plus NON000000)
    const trailing = (await call(t.app, 'GET', 'categoria-bisac?term=FIC009100', { token: admin })).json<PagedList<BisacCategory>>();
    expect(trailing.itens[0]).toMatchObject({ codigo: 'FIC009100', descricao: 'FICÇÃO / FANTASIA / AÇÃO & AVENTURA', secao: 'FIC' });
    const sections = (await call(t.app, 'GET', 'categoria-bisac?principais=true&pageSize=200', { token: admin })).json<PagedList<BisacCategory>>();
    expect(sections.totalItens).toBe(new Set(codes.filter((c) => /^[A-Z]{3}000000$/.test(c))).size);
  });
});
