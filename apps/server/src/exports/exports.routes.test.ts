import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { EXPORT_FILE_GONE_MESSAGE, EXPORT_NOT_READY_MESSAGE, UNKNOWN_EXPORT_ORIGIN_MESSAGE, type ExportItem, type StockReportRow } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { ExportSource } from '../shared/export-source.ts';
import { createTaskKindRegistry } from '../domains.ts';
import { parameters } from '../parameters/parameters.schema.ts';
import { seedStock, stockFixtures } from '../reports/stock-report.fixtures.ts';
import { exportQueue } from './exports.schema.ts';
import { clearExportQueue, expireExportFiles, exportsFolder, runExport } from './exports.service.ts';

/**
 * Export queue (issue 17 part 1): every route through Fastify inject (PGlite, or PostgreSQL with
 * DATABASE_URL), the job run in-process (`runExport`, what the queue's poller calls), the files
 * read back (CSV with csv-parse, XLSX with exceljs) and compared row by row with the stock
 * report's API, the owner-only rule, the badge, and both clean-up task kinds.
 */
let t: TestApp;
let dataDir: string;
let admin: string;
let seller: string;
const API = '/api/core-api';

/** Test-only sources, added beside the real ones (the routes read the same map). */
const failing: ExportSource = {
  origem: 'teste/falha',
  role: undefined,
  fileBaseName: 'falha',
  columns: [{ header: 'N', kind: 'integer' }],
  parseFilters: (f) => f,
  async *rows() {
    yield [1];
    throw new Error('banco indisponível');
  },
};
const restricted: ExportSource = { ...failing, origem: 'teste/restrito', role: 'ROLE_QUE_NINGUEM_TEM' };
const kinds: ExportSource = {
  origem: 'teste/tipos',
  role: undefined,
  fileBaseName: 'tipos',
  columns: [
    { header: 'Texto', kind: 'text' },
    { header: 'Inteiro', kind: 'integer' },
    { header: 'Valor (R$)', kind: 'money' },
    { header: 'Dia', kind: 'date' },
    { header: 'Instante', kind: 'date' },
    { header: 'Decimal', kind: 'decimal' },
    { header: 'Participação', kind: 'percent' },
  ],
  parseFilters: (f) => f,
  async *rows() {
    yield ['Ação; "aspas"\nduas linhas', 12, 123456, '2026-03-01', new Date('2026-03-01T02:30:00Z'), 1.5, 0.125];
    yield ['=1+1', -3, -5, null, null, null, null];
    yield [null, 0, '9007199254740993', '2026-12-31', '2026-12-31T23:59:00-03:00', 0, 1];
  },
};

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  return t.app.inject({ method, url: `${API}/${url}`, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
}

async function request(format: 'csv' | 'excel', origem: string, filtros: Record<string, unknown> = {}, token = admin): Promise<number> {
  const res = await call('POST', `fila-exportacao/${format}`, token, { origem, filtros });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const run = (id: number) => runExport({ database: t.database, dataDir, sources: t.ctx.exportSources }, id);

async function item(id: number, token = admin): Promise<ExportItem> {
  const list = await call('GET', 'fila-exportacao?pageSize=50', token);
  return (list.json().itens as ExportItem[]).find((i) => i.id === id)!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'acervo-exports-'));
  t = await createTestApp({ dataDir });
  const sources = t.ctx.exportSources as Map<string, ExportSource>;
  for (const source of [failing, restricted, kinds]) sources.set(source.origem, source);
  await seedStock(t.database.db, t.seed.companyIds[0]!, stockFixtures(45));
  await seedStock(t.database.db, t.seed.companyIds[1]!, stockFixtures(5, 100), 1000);
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST fila-exportacao/csv|excel', () => {
  it('queues an item (201 {id}) and a job, AGUARDANDO_PROCESSAMENTO, owned by the caller', async () => {
    const id = await request('csv', 'relatorio/estoque', { descricao: 'Iracema' });
    const [row] = await t.database.db.select().from(exportQueue).where(eq(exportQueue.id, id));
    expect(row).toMatchObject({ origin: 'relatorio/estoque', format: 'CSV', status: 'AGUARDANDO_PROCESSAMENTO', userId: t.seed.adminId, companyId: t.seed.companyIds[0], viewed: false, filters: { descricao: 'Iracema' } });
    const jobs = await t.database.sql.executeSql("SELECT data FROM pgboss.job WHERE name = 'fila_exportacao'");
    expect(jobs.rows.map((r) => (r.data as { idExportacao: number }).idExportacao)).toContain(id);
    expect((await item(id)).status).toBe('AGUARDANDO_PROCESSAMENTO');
  });

  it('answers 400 for an unknown origin, bad filters (named filtros.<campo>) and a malformed body; 403 without the report role', async () => {
    const unknown = await call('POST', 'fila-exportacao/csv', admin, { origem: 'relatorio/inexistente', filtros: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual([{ field: 'origem', message: UNKNOWN_EXPORT_ORIGIN_MESSAGE }]);
    const badEan = await call('POST', 'fila-exportacao/excel', admin, { origem: 'relatorio/estoque', filtros: { ean: 'abc' } });
    expect(badEan.statusCode).toBe(400);
    expect(badEan.json().messages[0].field).toBe('filtros.ean');
    const extra = await call('POST', 'fila-exportacao/csv', admin, { origem: 'relatorio/estoque', filtros: { campoQualquer: '1' } });
    expect(extra.statusCode).toBe(400);
    const sort = await call('POST', 'fila-exportacao/csv', admin, { origem: 'relatorio/estoque', filtros: { sorter: 'senha,asc' } });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().messages[0].field).toBe('filtros.sorter');
    const long = await call('POST', 'fila-exportacao/csv', admin, { origem: 'relatorio/estoque', filtros: { descricao: 'x'.repeat(1000) } });
    expect(long.statusCode).toBe(400);
    for (const body of [{ origem: 'relatorio/estoque', filtros: 'texto' }, { origem: 'x'.repeat(1000) }, { origem: 'relatorio/\u0000estoque' }, {}, { origem: 'relatorio/estoque', outro: 1 }]) {
      const res = await call('POST', 'fila-exportacao/csv', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const forbidden = await call('POST', 'fila-exportacao/csv', admin, { origem: 'teste/restrito', filtros: {} });
    expect(forbidden.statusCode).toBe(403);
    const before = await t.database.db.$count(exportQueue);
    await call('POST', 'fila-exportacao/csv', admin, { origem: 'relatorio/estoque', filtros: { ean: 'abc' } });
    expect(await t.database.db.$count(exportQueue)).toBe(before);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/fila-exportacao/csv`, payload: { origem: 'relatorio/estoque', filtros: {} } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the export job', () => {
  /** Every row of the stock report through its API, as the screen pages it. */
  async function apiRows(query: string): Promise<StockReportRow[]> {
    const out: StockReportRow[] = [];
    for (let page = 0; ; page++) {
      const res = await call('GET', `relatorio/estoque?pageSize=20&page=${page}&${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      out.push(...(res.json().itens as StockReportRow[]));
      if (!res.json().proxima) return out;
    }
  }
  const reais = (cents: number | null) => (cents === null ? '' : `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`);

  it('writes the CSV (BOM, ";", pt-BR money, formula-safe text) with the same rows, in the same order, as the API', async () => {
    const id = await request('csv', 'relatorio/estoque', { sorter: 'valorCapaCentavos,desc', tiposEstoque: ['FISICO_POSITIVO', 'CONSIGNADO'] });
    expect(await run(id)).toBe('SUCESSO');
    const done = await item(id);
    expect(done).toMatchObject({ status: 'SUCESSO', arquivoDisponivel: true, formato: 'CSV', indVisualizado: false });
    expect(done.nomeArquivo).toMatch(/^relatorio_estoque_\d{8}-\d{6}\.csv$/);
    const res = await call('GET', `fila-exportacao/${id}/arquivo`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(done.nomeArquivo!);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parse(res.rawPayload, { delimiter: ';', bom: true, relax_quotes: false }) as string[][];
    const expected = await apiRows('sorter=valorCapaCentavos,desc&tiposEstoque=FISICO_POSITIVO&tiposEstoque=CONSIGNADO');
    expect(expected.length).toBeGreaterThan(10);
    expect(done.linhas).toBe(expected.length);
    expect(records[0]![0]).toBe('EAN');
    expect(records.slice(1)).toEqual(
      expected.map((r) => [
        r.ean,
        r.titulo.startsWith('=') ? `'${r.titulo}` : r.titulo,
        r.editora ?? '',
        r.assunto ?? '',
        r.situacao ?? '',
        r.tipoProduto ?? '',
        reais(r.precoCentavos),
        reais(r.custoCentavos),
        ...[r.fisico, r.reservado, r.consignado, r.bloqueado, r.pedidoCompra, r.proprio, r.disponivel].map(String),
        reais(r.valorCustoCentavos),
        reais(r.valorCapaCentavos),
      ]),
    );
  });

  it('writes the XLSX with typed cells (numbers in reais with a BRL format) equal to the API rows', async () => {
    const id = await request('excel', 'relatorio/estoque', { descricao: 'cortiço', sorter: 'fisico,asc' });
    expect(await run(id)).toBe('SUCESSO');
    const res = await call('GET', `fila-exportacao/${id}/arquivo`, admin);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const expected = await apiRows('descricao=corti%C3%A7o&sorter=fisico,asc');
    expect(expected.length).toBeGreaterThan(3);
    expect(sheet.rowCount).toBe(expected.length + 1);
    expected.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.ean);
      expect(row.getCell(2).value).toBe(r.titulo);
      expect(row.getCell(7).value).toBe(r.precoCentavos / 100);
      expect(row.getCell(7).numFmt).toContain('R$');
      expect(row.getCell(8).value).toBe(r.custoCentavos === null ? null : r.custoCentavos / 100);
      expect(row.getCell(9).value).toBe(r.fisico);
      expect(row.getCell(15).value).toBe(r.disponivel);
      expect(row.getCell(16).value).toBe(r.valorCustoCentavos / 100);
      expect(row.getCell(17).value).toBe(r.valorCapaCentavos / 100);
    });
  });

  it('writes every column kind: money, day and instant (São Paulo), decimal and percent, in CSV and XLSX', async () => {
    const csvId = await request('csv', 'teste/tipos');
    const xlsxId = await request('excel', 'teste/tipos');
    expect(await run(csvId)).toBe('SUCESSO');
    expect(await run(xlsxId)).toBe('SUCESSO');
    const csv = parse((await call('GET', `fila-exportacao/${csvId}/arquivo`, admin)).rawPayload, { delimiter: ';', bom: true }) as string[][];
    expect(csv).toEqual([
      ['Texto', 'Inteiro', 'Valor (R$)', 'Dia', 'Instante', 'Decimal', 'Participação'],
      ['Ação; "aspas"\nduas linhas', '12', '1234,56', '01/03/2026', '28/02/2026 23:30', '1,5', '12,50%'],
      ["'=1+1", '-3', '-0,05', '', '', '', ''],
      ['', '0', '90071992547409,93', '31/12/2026', '31/12/2026 23:59', '0', '100,00%'],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await call('GET', `fila-exportacao/${xlsxId}/arquivo`, admin)).rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect(row.getCell(3).value).toBe(1234.56);
    expect(row.getCell(4).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(row.getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(5).value).toEqual(new Date('2026-02-28T23:30:00Z'));
    expect(row.getCell(6).value).toBe(1.5);
    expect(row.getCell(7).value).toBe(0.125);
    expect(row.getCell(7).numFmt).toBe('0.00%');
    expect(workbook.worksheets[0]!.getRow(3).getCell(1).value).toBe('=1+1');
  });

  it('ends ERRO with the reason when the rows fail, and leaves no partial file', async () => {
    const id = await request('csv', 'teste/falha');
    expect(await run(id)).toBe('ERRO');
    const failed = await item(id);
    expect(failed).toMatchObject({ status: 'ERRO', arquivoDisponivel: false, motivo: 'Falha ao gerar o arquivo: banco indisponível' });
    expect((await readdir(exportsFolder(dataDir))).filter((f) => f.startsWith(`${id}-`))).toEqual([]);
    expect((await call('GET', `fila-exportacao/${id}/arquivo`, admin)).statusCode).toBe(409);
  });

  it('runs an item once when its job is delivered twice at the same time', async () => {
    const id = await request('csv', 'relatorio/estoque');
    const results = await Promise.all([run(id), run(id), run(id)]);
    expect(results.filter((r) => r === 'SUCESSO')).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(2);
    expect((await readdir(exportsFolder(dataDir))).filter((f) => f.startsWith(`${id}-`))).toHaveLength(1);
    expect(await run(id)).toBeNull();
  });

  it('scopes the rows to the requester company, as when asked', async () => {
    const id = await request('csv', 'relatorio/estoque');
    expect(await run(id)).toBe('SUCESSO');
    const records = parse((await call('GET', `fila-exportacao/${id}/arquivo`, admin)).rawPayload, { delimiter: ';', bom: true }) as string[][];
    expect(records).toHaveLength(45 + 1);
    expect(records.some((r) => r[1]!.endsWith(' 101'))).toBe(false);
  });
});

describe('GET fila-exportacao, {id}, {id}/arquivo, notificacaoDownloads', () => {
  it('lists only the caller items of the last 7 days, newest first, 10 a page', async () => {
    for (let i = 0; i < 4; i++) await request('csv', 'relatorio/estoque');
    const mine = await call('GET', 'fila-exportacao', admin);
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body.size).toBe(10);
    expect(body.itens.length).toBeLessThanOrEqual(10);
    expect(body.totalItens).toBeGreaterThan(10);
    expect(body.itens[0].usuario).toBe('Administrador');
    const ids = body.itens.map((i: ExportItem) => i.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const sellerId = await request('csv', 'relatorio/estoque', {}, seller);
    const theirs = (await call('GET', 'fila-exportacao?pageSize=50', seller)).json();
    expect(theirs.itens.map((i: ExportItem) => i.id)).toEqual([sellerId]);
    // older than 7 days: not listed
    const old = await request('csv', 'relatorio/estoque', {}, seller);
    await t.database.db.update(exportQueue).set({ createdAt: sql`now() - interval '8 days'` }).where(eq(exportQueue.id, old));
    expect((await call('GET', 'fila-exportacao?pageSize=50', seller)).json().itens.map((i: ExportItem) => i.id)).toEqual([sellerId]);
    expect((await call('GET', 'fila-exportacao?status=ERRO', admin)).json().itens.every((i: ExportItem) => i.status === 'ERRO')).toBe(true);
    for (const q of ['pageSize=0', 'pageSize=51', 'page=-1', 'status=OUTRO', 'term=x', 'page=abc']) expect((await call('GET', `fila-exportacao?${q}`, admin)).statusCode, q).toBe(400);
  });

  it('downloads only the owner item (404 for another user), sets indVisualizado and lowers the badge', async () => {
    const id = await request('csv', 'relatorio/estoque', { descricao: 'Iracema' });
    const before = (await call('GET', 'fila-exportacao/notificacaoDownloads', admin)).json() as number;
    expect((await call('GET', `fila-exportacao/${id}`, admin)).statusCode).toBe(409);
    expect((await call('GET', `fila-exportacao/${id}`, admin)).json().message).toBe(EXPORT_NOT_READY_MESSAGE);
    expect(await run(id)).toBe('SUCESSO');
    expect((await call('GET', 'fila-exportacao/notificacaoDownloads', admin)).json()).toBe(before + 1);
    for (const url of [`fila-exportacao/${id}`, `fila-exportacao/${id}/arquivo`]) expect((await call('GET', url, seller)).statusCode).toBe(404);
    expect((await item(id)).indVisualizado).toBe(false);
    const res = await call('GET', `fila-exportacao/${id}`, admin);
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file.miniType).toBe('text/csv; charset=utf-8');
    expect(file.nomeArquivo).toMatch(/\.csv$/);
    const stored = (await readdir(exportsFolder(dataDir))).find((f) => f.startsWith(`${id}-`))!;
    expect(Buffer.from(file.conteudo, 'base64')).toEqual(await readFile(path.join(exportsFolder(dataDir), stored)));
    expect((await item(id)).indVisualizado).toBe(true);
    expect((await call('GET', 'fila-exportacao/notificacaoDownloads', admin)).json()).toBe(before);
    for (const url of ['fila-exportacao/0', 'fila-exportacao/abc', 'fila-exportacao/99999999999', 'fila-exportacao/999999/arquivo']) expect([400, 404]).toContain((await call('GET', url, admin)).statusCode);
  });

  it('the badge counts SUCESSO items not downloaded, the owner own only', async () => {
    const sellerBadge = (await call('GET', 'fila-exportacao/notificacaoDownloads', seller)).json() as number;
    const id = await request('excel', 'relatorio/estoque', {}, seller);
    expect(await run(id)).toBe('SUCESSO');
    expect((await call('GET', 'fila-exportacao/notificacaoDownloads', seller)).json()).toBe(sellerBadge + 1);
    const res = await call('GET', `fila-exportacao/${id}/arquivo`, seller);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', 'fila-exportacao/notificacaoDownloads', seller)).json()).toBe(sellerBadge);
  });
});

describe('clean-up task kinds', () => {
  it('are built-in system tasks of the registry', () => {
    const registry = createTaskKindRegistry();
    expect(registry.get('LIMPEZA_ARQUIVOS_EXPORTACAO')).toMatchObject({ escopo: 'SISTEMA', builtIn: true });
    expect(registry.get('LIMPEZA_FILA_EXPORTACAO')).toMatchObject({ escopo: 'SISTEMA', builtIn: true });
  });

  it('expire the files after "export file expiration days" and clear the rows after "export queue clearing days"', async () => {
    await t.database.db.update(parameters).set({ value: '3' }).where(eq(parameters.key, 'ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS'));
    await t.database.db.update(parameters).set({ value: '10' }).where(eq(parameters.key, 'FILA_EXPORTACAO_LIMPEZA_DIAS'));
    const fresh = await request('csv', 'relatorio/estoque');
    const aging = await request('csv', 'relatorio/estoque');
    const ancient = await request('csv', 'relatorio/estoque');
    for (const id of [fresh, aging, ancient]) expect(await run(id)).toBe('SUCESSO');
    const fileOf = async (id: number) => path.join(exportsFolder(dataDir), (await t.database.db.select().from(exportQueue).where(eq(exportQueue.id, id)))[0]!.filePath!);
    const [agingFile, ancientFile, freshFile] = [await fileOf(aging), await fileOf(ancient), await fileOf(fresh)];
    await t.database.db.update(exportQueue).set({ finishedAt: sql`now() - interval '4 days'`, createdAt: sql`now() - interval '4 days'` }).where(eq(exportQueue.id, aging));
    await t.database.db.update(exportQueue).set({ finishedAt: sql`now() - interval '11 days'`, createdAt: sql`now() - interval '11 days'` }).where(eq(exportQueue.id, ancient));
    const stale = await request('csv', 'relatorio/estoque');
    await t.database.db.update(exportQueue).set({ status: 'PROCESSANDO', updatedAt: sql`now() - interval '31 minutes'` }).where(eq(exportQueue.id, stale));

    const registry = createTaskKindRegistry();
    const ctx = { db: t.database.db, database: t.database, config: t.ctx.config, queue: t.ctx.jobs, log: { info() {}, warn() {}, error() {} }, taskKinds: registry };
    const info = { id: 1, nome: 'x', tipo: 'x', periodo: '* * * * *', idEmpresa: null, idExecucao: 1 } as never;
    const expired = await registry.get('LIMPEZA_ARQUIVOS_EXPORTACAO')!.run(ctx as never, info, new AbortController().signal);
    expect(expired).toBe('2 arquivo(s) de exportação expirado(s) excluído(s)');
    expect(existsSync(agingFile)).toBe(false);
    expect(existsSync(ancientFile)).toBe(false);
    expect(existsSync(freshFile)).toBe(true);
    const listed = (await call('GET', 'fila-exportacao?pageSize=50', admin)).json().itens as ExportItem[];
    expect(listed.find((i) => i.id === aging)).toMatchObject({ status: 'SUCESSO', arquivoDisponivel: false });
    const gone = await call('GET', `fila-exportacao/${aging}/arquivo`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(EXPORT_FILE_GONE_MESSAGE);
    expect(await expireExportFiles({ db: t.database.db, dataDir })).toBe(0);

    const cleared = await registry.get('LIMPEZA_FILA_EXPORTACAO')!.run(ctx as never, info, new AbortController().signal);
    expect(cleared).toMatch(/^\d+ exportação\(ões\) antiga\(s\) excluída\(s\); 1 interrompida\(s\) marcada\(s\) com erro$/);
    const ids = (await t.database.db.select({ id: exportQueue.id }).from(exportQueue)).map((r) => r.id);
    expect(ids).not.toContain(ancient);
    expect(ids).toContain(aging);
    expect(ids).toContain(fresh);
    expect((await t.database.db.select().from(exportQueue).where(eq(exportQueue.id, stale)))[0]).toMatchObject({ status: 'ERRO' });
    expect(await clearExportQueue({ db: t.database.db, dataDir })).toEqual({ deleted: 0, interrupted: 0 });
  });
});
