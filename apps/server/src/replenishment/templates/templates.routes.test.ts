import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REPLENISHMENT_MESSAGES, replenishmentTemplateSchema, type SessionUser } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createUser } from '../../auth/auth.test-helpers.ts';
import { auditLog } from '../../audit/audit.schema.ts';

/* Templates of the replenishment calculation (SPEC 3 "Replacement template"): CRUD per company, names unique ignoring case and accents, audited. */

let t: TestApp;
let admin: SessionUser;
/** Administrador with the second company selected. */
let other: SessionUser;
let seller: SessionUser;

const INPUTS = { base: 'REDE', dataInicio: '2026-01-01', dataFim: '2026-06-30', metodoPonderacao: 'TSB', quantidadeMinimaPedido: 5, nivelServico: 95, maisVendidos: { tipo: 'ABC', valor: 'B' } };

beforeAll(async () => {
  t = await createTestApp();
  const [c1, c2] = t.seed.companyIds;
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
  await createUser(t.database.db, { login: 'modelo.outra', password: 'Senha-modelo-1', companyIds: [c1, c2], profileName: 'Administrador', lastCompanyId: c2 });
  other = await t.login('modelo.outra', 'Senha-modelo-1');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('reposicao/modelo', () => {
  it('creates, lists, reads, updates and deletes a template of the selected company, auditing each change', async () => {
    const created = await call(t.app, 'POST', 'reposicao/modelo', { token: admin.token, payload: { nome: '  Reposição Mensal ', parametros: INPUTS } });
    expect(created.statusCode, created.body).toBe(201);
    const template = replenishmentTemplateSchema.parse(created.json());
    expect(template).toMatchObject({ nome: 'Reposição Mensal', parametros: INPUTS });

    const list = await call(t.app, 'GET', 'reposicao/modelo', { token: admin.token });
    expect((list.json() as { id: number }[]).map((m) => m.id)).toContain(template.id);
    // the other company does not see it, nor read, change or delete it
    expect((await call(t.app, 'GET', 'reposicao/modelo', { token: other.token })).json()).toEqual([]);
    for (const [method, payload] of [['GET', undefined], ['PUT', { nome: 'x', parametros: INPUTS }], ['DELETE', undefined]] as const) {
      const res = await call(t.app, method, `reposicao/modelo/${template.id}`, { token: other.token, payload });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe(REPLENISHMENT_MESSAGES.templateNotFound);
    }

    const updated = await call(t.app, 'PUT', `reposicao/modelo/${template.id}`, { token: admin.token, payload: { nome: 'Reposição mensal (rede)', parametros: { ...INPUTS, nivelServico: 90 } } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ nome: 'Reposição mensal (rede)', parametros: { nivelServico: 90 } });
    expect((await call(t.app, 'GET', `reposicao/modelo/${template.id}`, { token: admin.token })).json()).toMatchObject({ nome: 'Reposição mensal (rede)' });

    const deleted = await call(t.app, 'DELETE', `reposicao/modelo/${template.id}`, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: REPLENISHMENT_MESSAGES.templateDeleted });
    expect((await call(t.app, 'GET', `reposicao/modelo/${template.id}`, { token: admin.token })).statusCode).toBe(404);

    const trail = await t.database.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'modelo-reposicao'), eq(auditLog.recordId, String(template.id))))
      .orderBy(auditLog.id);
    expect(trail.map((e) => e.action)).toEqual(['CRIACAO', 'ALTERACAO', 'EXCLUSAO']);
    expect(trail[1].changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ campo: 'nome', antes: 'Reposição Mensal', depois: 'Reposição mensal (rede)' })]),
    );
    const audit = await call(t.app, 'GET', `auditoria?entidade=modelo-reposicao&idRegistro=${template.id}`, { token: admin.token });
    expect(audit.statusCode, audit.body).toBe(200);
    expect((audit.json() as { totalItens: number }).totalItens).toBe(3);
  });

  it('refuses a second template of the same name in the company, ignoring case, accents and spaces (400 templateNameTaken); another company may use it', async () => {
    const first = await call(t.app, 'POST', 'reposicao/modelo', { token: admin.token, payload: { nome: 'Didáticos Escola', parametros: INPUTS } });
    expect(first.statusCode).toBe(201);
    const again = await call(t.app, 'POST', 'reposicao/modelo', { token: admin.token, payload: { nome: '  DIDATICOS   escola', parametros: INPUTS } });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual([{ field: 'nome', message: REPLENISHMENT_MESSAGES.templateNameTaken }]);
    const second = await call(t.app, 'POST', 'reposicao/modelo', { token: admin.token, payload: { nome: 'Outro', parametros: INPUTS } });
    const rename = await call(t.app, 'PUT', `reposicao/modelo/${second.json().id}`, { token: admin.token, payload: { nome: 'didaticos escola', parametros: INPUTS } });
    expect(rename.statusCode).toBe(400);
    // keeping its own name (another case) is fine
    const same = await call(t.app, 'PUT', `reposicao/modelo/${first.json().id}`, { token: admin.token, payload: { nome: 'DIDÁTICOS ESCOLA', parametros: INPUTS } });
    expect(same.statusCode, same.body).toBe(200);
    const elsewhere = await call(t.app, 'POST', 'reposicao/modelo', { token: other.token, payload: { nome: 'Didáticos Escola', parametros: INPUTS } });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('names the supplier of the inputs (`editora`), in every answer; null without one', async () => {
    const saved = await call(t.app, 'POST', 'editora', { token: admin.token, payload: { nome: 'Companhia das Letras' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const publisher = saved.json() as { id: number; nome: string };
    const created = await call(t.app, 'POST', 'reposicao/modelo', { token: admin.token, payload: { nome: 'Por fornecedor', parametros: { ...INPUTS, idEditora: publisher.id } } });
    expect(created.statusCode, created.body).toBe(201);
    const template = replenishmentTemplateSchema.parse(created.json());
    expect(template.editora).toBe(publisher.nome);
    expect((await call(t.app, 'GET', `reposicao/modelo/${template.id}`, { token: admin.token })).json().editora).toBe(publisher.nome);
    const listed = (await call(t.app, 'GET', 'reposicao/modelo', { token: admin.token })).json() as { id: number; editora: string | null }[];
    expect(listed.find((m) => m.id === template.id)?.editora).toBe(publisher.nome);
    const cleared = await call(t.app, 'PUT', `reposicao/modelo/${template.id}`, { token: admin.token, payload: { nome: 'Por fornecedor', parametros: INPUTS } });
    expect(cleared.json().editora).toBeNull();
  });

  it('validates the body (400 with messages) and needs the role (403)', async () => {
    const cases: unknown[] = [
      { nome: '', parametros: INPUTS },
      { nome: 'x'.repeat(101), parametros: INPUTS },
      { nome: 'Sem datas', parametros: { base: 'EMPRESA' } },
      { nome: 'Método', parametros: { ...INPUTS, metodoPonderacao: 'NADA' } },
      { nome: 'Extra', parametros: INPUTS, extra: true },
      { nome: 'Calculo', parametros: { ...INPUTS, idModelo: 1 } },
    ];
    for (const payload of cases) {
      const res = await call(t.app, 'POST', 'reposicao/modelo', { token: admin.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json().messages as unknown[]).length).toBeGreaterThan(0);
    }
    expect((await call(t.app, 'PUT', 'reposicao/modelo/0', { token: admin.token, payload: { nome: 'x', parametros: INPUTS } })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', 'reposicao/modelo', { token: seller.token, payload: { nome: 'x', parametros: INPUTS } })).statusCode).toBe(403);
  });

  it('a calculation from a template records it; a template of another company is refused (400 on idModelo)', async () => {
    const mine = (await call(t.app, 'POST', 'reposicao/modelo', { token: admin.token, payload: { nome: 'Para calcular', parametros: INPUTS } })).json() as { id: number };
    const theirs = (await call(t.app, 'POST', 'reposicao/modelo', { token: other.token, payload: { nome: 'Deles', parametros: INPUTS } })).json() as { id: number };
    const ok = await call(t.app, 'POST', 'reposicao/calculo', { token: admin.token, payload: { ...INPUTS, idModelo: mine.id } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().parametros).toMatchObject({ idModelo: mine.id, base: 'REDE' });
    const refused = await call(t.app, 'POST', 'reposicao/calculo', { token: admin.token, payload: { ...INPUTS, idModelo: theirs.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual([{ field: 'idModelo', message: REPLENISHMENT_MESSAGES.templateNotFound }]);
  });
});
