import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_SECRET_MASK, FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE, type AuditEntry, type PagedList, type SessionUser } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser } from '../auth/auth.test-helpers.ts';
import { auditLog } from './audit.schema.ts';
import { diffSnapshots, recordAudit, type AuditActor } from './audit.service.ts';

describe('diffSnapshots', () => {
  it('on create lists every field of after that is not null, before as null', () => {
    expect(diffSnapshots(null, { nome: 'Editora', cnpj: '11222333000181', descricao: null, ativo: true })).toEqual([
      { campo: 'nome', antes: null, depois: 'Editora' },
      { campo: 'cnpj', antes: null, depois: '11222333000181' },
      { campo: 'ativo', antes: null, depois: true },
    ]);
  });

  it('on update lists only the fields whose JSON differs, arrays and objects compared by value', () => {
    const before = { nome: 'A', ativo: true, permissoes: ['X', 'Y'], empresas: [{ idEmpresa: 1, idPerfil: 2 }], codigo: null };
    const after = { nome: 'B', ativo: true, permissoes: ['X', 'Y'], empresas: [{ idEmpresa: 1, idPerfil: 3 }], codigo: undefined };
    expect(diffSnapshots(before, after)).toEqual([
      { campo: 'nome', antes: 'A', depois: 'B' },
      { campo: 'empresas', antes: [{ idEmpresa: 1, idPerfil: 2 }], depois: [{ idEmpresa: 1, idPerfil: 3 }] },
    ]);
  });

  it('on delete lists every field of before that is not null, after as null; fields only in before come last', () => {
    expect(diffSnapshots({ nome: 'A', descricao: null, ativo: false }, undefined)).toEqual([
      { campo: 'nome', antes: 'A', depois: null },
      { campo: 'ativo', antes: false, depois: null },
    ]);
    expect(diffSnapshots({ x: 1, y: 2 }, { y: 3 })).toEqual([
      { campo: 'y', antes: 2, depois: 3 },
      { campo: 'x', antes: 1, depois: null },
    ]);
  });

  it('masks secret fields as *** (null stays null, an empty secret is null) and never keeps the value', () => {
    const changes = diffSnapshots({ login: 'a', senha: 'OLD-HASH', smtpSenha: '' }, { login: 'a', senha: 'NEW-HASH', smtpSenha: 'segredo' }, ['senha', 'smtpSenha']);
    expect(changes).toEqual([
      { campo: 'senha', antes: AUDIT_SECRET_MASK, depois: AUDIT_SECRET_MASK },
      { campo: 'smtpSenha', antes: null, depois: AUDIT_SECRET_MASK },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/HASH|segredo/);
    expect(diffSnapshots({ senha: 'H' }, null, ['senha'])).toEqual([{ campo: 'senha', antes: AUDIT_SECRET_MASK, depois: null }]);
  });

  it('answers no change for equal snapshots, or null against an absent field', () => {
    expect(diffSnapshots({ a: 1, b: [1, 2], c: null }, { a: 1, b: [1, 2] })).toEqual([]);
    expect(diffSnapshots(null, null)).toEqual([]);
    expect(diffSnapshots({}, { descricao: null })).toEqual([]);
  });
});

describe('audit trail on the database', () => {
  let t: TestApp;
  let admin: SessionUser;
  let seller: SessionUser;
  let actor: AuditActor;
  let c1: number;
  let c2: number;

  beforeAll(async () => {
    t = await createTestApp();
    [c1, c2] = t.seed.companyIds;
    admin = await t.login('admin', 'admin');
    seller = await t.login('vendedor', 'vendedor');
    actor = { userId: admin.id, userName: 'Administrador', companyId: c1 };
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.database.db.delete(auditLog);
  });

  const list = async (token: string, query: string) => {
    const res = await call(t.app, 'GET', `auditoria?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PagedList<AuditEntry>;
  };

  describe('recordAudit', () => {
    it('writes who, which company, the entity, the record and the masked changes', async () => {
      await recordAudit(t.database.db, { actor, entity: 'usuario', recordId: 42, action: 'SENHA', before: { senha: 'a' }, after: { senha: 'b' }, secretFields: ['senha'] });
      const rows = await t.database.db.select().from(auditLog);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: admin.id, userName: 'Administrador', companyId: c1, entity: 'usuario', recordId: '42', action: 'SENHA', changes: [{ campo: 'senha', antes: '***', depois: '***' }] });
      expect(rows[0].at).toBeInstanceOf(Date);
    });

    it('inside a transaction that rolls back leaves no row', async () => {
      await expect(
        t.database.db.transaction(async (tx) => {
          await recordAudit(tx, { actor, entity: 'empresa', recordId: 1, action: 'ALTERACAO', before: { nome: 'A' }, after: { nome: 'B' } });
          expect(await tx.$count(auditLog)).toBe(1); // written, inside the transaction
          throw new Error('a rule broke after the change');
        }),
      ).rejects.toThrow('a rule broke after the change');
      expect(await t.database.db.$count(auditLog)).toBe(0);
    });

    it('skips an update or a permission change that changed nothing; keeps events that are changes in themselves', async () => {
      await recordAudit(t.database.db, { actor, entity: 'empresa', recordId: 1, action: 'ALTERACAO', before: { nome: 'A' }, after: { nome: 'A' } });
      await recordAudit(t.database.db, { actor, entity: 'perfil', recordId: 1, action: 'PERMISSAO', before: { permissoes: ['X'] }, after: { permissoes: ['X'] } });
      expect(await t.database.db.$count(auditLog)).toBe(0);
      for (const action of ['SENHA', 'ATIVACAO', 'INATIVACAO', 'EXCLUSAO'] as const) {
        await recordAudit(t.database.db, { actor, entity: 'usuario', recordId: 7, action, before: {}, after: {} });
      }
      expect((await t.database.db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id)).map((r) => r.action)).toEqual(['SENHA', 'ATIVACAO', 'INATIVACAO', 'EXCLUSAO']);
    });
  });

  describe('GET auditoria', () => {
    it('pages newest first with the SPEC paged shape, filtered by entity and record', async () => {
      for (let i = 1; i <= 12; i++) {
        await recordAudit(t.database.db, { actor, entity: 'empresa', recordId: 5, action: 'ALTERACAO', before: { nome: `v${i - 1}` }, after: { nome: `v${i}` } });
      }
      await recordAudit(t.database.db, { actor, entity: 'empresa', recordId: 6, action: 'CRIACAO', after: { nome: 'outra' } });
      await recordAudit(t.database.db, { actor, entity: 'perfil', recordId: 5, action: 'CRIACAO', after: { nome: 'perfil' } });

      const first = await list(admin.token, 'entidade=empresa&idRegistro=5&page=0&pageSize=5');
      expect(first).toMatchObject({ page: 0, size: 5, totalItens: 12, totalPage: 3, proxima: true });
      expect(first.itens.map((e) => e.alteracoes[0].depois)).toEqual(['v12', 'v11', 'v10', 'v9', 'v8']);
      expect(first.itens[0]).toMatchObject({ idUsuario: admin.id, nomeUsuario: 'Administrador', idEmpresa: c1, entidade: 'empresa', idRegistro: '5', acao: 'ALTERACAO' });
      expect(Number.isNaN(Date.parse(first.itens[0].data))).toBe(false);
      const last = await list(admin.token, 'entidade=empresa&idRegistro=5&page=2&pageSize=5');
      expect(last).toMatchObject({ page: 2, totalItens: 12, proxima: false });
      expect(last.itens.map((e) => e.alteracoes[0].depois)).toEqual(['v2', 'v1']);
      // the whole entity: the 13 company entries, not the profile's
      expect((await list(admin.token, 'entidade=empresa')).totalItens).toBe(13);
      // entries of one instant still page without repeats or gaps (id breaks the tie)
      const ids = [...(await list(admin.token, 'entidade=empresa&pageSize=7')).itens, ...(await list(admin.token, 'entidade=empresa&pageSize=7&page=1')).itens].map((e) => e.id);
      expect(new Set(ids).size).toBe(13);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    });

    it('answers 401 without a session and 403 without the role of the entity, even to a bad query', async () => {
      const anonymous = await call(t.app, 'GET', 'auditoria?entidade=empresa');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(UNAUTHORIZED_MESSAGE);
      for (const entidade of ['empresa', 'usuario', 'perfil', 'parametro', 'acesso-api', 'agendamento', 'meta']) {
        const res = await call(t.app, 'GET', `auditoria?entidade=${entidade}`, { token: seller.token });
        expect(res.statusCode, entidade).toBe(403);
        expect(res.json().message).toBe(FORBIDDEN_MESSAGE);
      }
    });

    it('answers 400 naming entidade for an unknown or missing entity, and naming an unknown field', async () => {
      for (const query of ['entidade=pedido-venda', 'entidade=', '', 'entidade=empresa%00']) {
        const res = await call(t.app, 'GET', `auditoria?${query}`, { token: admin.token });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().messages.map((m: { field: string }) => m.field)).toContain('entidade');
      }
      const extra = await call(t.app, 'GET', 'auditoria?entidade=empresa&empresa=1', { token: admin.token });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().messages.map((m: { field: string }) => m.field)).toContain('empresa');
      const long = await call(t.app, 'GET', `auditoria?entidade=empresa&idRegistro=${'1'.repeat(51)}`, { token: admin.token });
      expect(long.statusCode).toBe(400);
    });

    it("lists acesso-api entries of the caller's selected company only", async () => {
      await recordAudit(t.database.db, { actor: { ...actor, companyId: c1 }, entity: 'acesso-api', recordId: 1, action: 'CRIACAO', after: { login: 'api-um' } });
      await recordAudit(t.database.db, { actor: { ...actor, companyId: c2 }, entity: 'acesso-api', recordId: 2, action: 'CRIACAO', after: { login: 'api-dois' } });
      const inC1 = await list(admin.token, 'entidade=acesso-api');
      expect(inC1.itens.map((e) => e.idRegistro)).toEqual(['1']);
      // the record id of the other company does not open it either
      expect((await list(admin.token, 'entidade=acesso-api&idRegistro=2')).totalItens).toBe(0);
      const switched = await call(t.app, 'POST', 'auth/refresh', { token: (await t.login('admin', 'admin')).token, payload: { idEmpresa: c2 } });
      const inC2 = await list((switched.json() as SessionUser).token, 'entidade=acesso-api');
      expect(inC2.itens.map((e) => e.idRegistro)).toEqual(['2']);
    });

    it('lists meta entries of the companies whose goals the caller may edit, whatever company is selected', async () => {
      await recordAudit(t.database.db, { actor: { ...actor, companyId: c1 }, entity: 'meta', recordId: `${c1}-2030`, action: 'CRIACAO', after: { mes01: 1 } });
      await recordAudit(t.database.db, { actor: { ...actor, companyId: c2 }, entity: 'meta', recordId: `${c2}-2030`, action: 'CRIACAO', after: { mes01: 2 } });
      expect((await list(admin.token, 'entidade=meta')).itens.map((e) => e.idRegistro)).toEqual([`${c2}-2030`, `${c1}-2030`]);
      await createUser(t.database.db, { login: 'auditoria.um', password: 'Senha-aud-1', companyIds: [c1], profileName: 'Administrador', lastCompanyId: c1 });
      const onlyC1 = await t.login('auditoria.um', 'Senha-aud-1');
      expect((await list(onlyC1.token, 'entidade=meta')).itens.map((e) => e.idRegistro)).toEqual([`${c1}-2030`]);
      expect((await list(onlyC1.token, `entidade=meta&idRegistro=${c2}-2030`)).totalItens).toBe(0);
    });

    it('lists system-wide entities whatever company made them', async () => {
      await recordAudit(t.database.db, { actor: { ...actor, companyId: c2 }, entity: 'perfil', recordId: 3, action: 'CRIACAO', after: { nome: 'P' } });
      await recordAudit(t.database.db, { actor: { ...actor, companyId: null }, entity: 'perfil', recordId: 3, action: 'ALTERACAO', before: { nome: 'P' }, after: { nome: 'Q' } });
      expect((await list(admin.token, 'entidade=perfil&idRegistro=3')).itens.map((e) => [e.acao, e.idEmpresa])).toEqual([
        ['ALTERACAO', null],
        ['CRIACAO', c2],
      ]);
    });
  });
});
