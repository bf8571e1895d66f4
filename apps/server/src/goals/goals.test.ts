import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  FORBIDDEN_MESSAGE,
  GOAL_COMPANY_MESSAGE,
  GOAL_DUPLICATE_MESSAGE,
  GOAL_MAX_CENTS,
  GOAL_MAX_ITEMS,
  GOAL_YEAR_MISMATCH_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  type GoalYear,
  type SessionUser,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser } from '../auth/auth.test-helpers.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { companies } from '../companies/companies.schema.ts';
import { profiles } from '../profiles/profiles.schema.ts';
import { userCompanies } from '../users/users.schema.ts';
import { goals } from './goals.schema.ts';

let t: TestApp;
let admin: SessionUser;
let seller: SessionUser;
/** Linked to company 1 only, as Administrador (goals role there). */
let single: SessionUser;
/** Administrador in company 1, Vendedor (no goals role) in company 2. */
let mixed: SessionUser;
let c1: number;
let c2: number;

const YEAR = 2031;
/** The goals the demo seed wrote, read before the first test clears the table. */
let seeded: { companyId: number; year: number; month: number; valueCents: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [c1, c2] = t.seed.companyIds;
  seeded = await t.database.db.select({ companyId: goals.companyId, year: goals.year, month: goals.month, valueCents: goals.valueCents }).from(goals);
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
  await createUser(t.database.db, { login: 'metas.um', password: 'Senha-metas-1', companyIds: [c1], profileName: 'Administrador', lastCompanyId: c1 });
  single = await t.login('metas.um', 'Senha-metas-1');
  const mixedId = await createUser(t.database.db, { login: 'metas.misto', password: 'Senha-metas-2', companyIds: [c1, c2], profileName: 'Administrador', lastCompanyId: c1 });
  const [sellerProfile] = await t.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Vendedor'));
  await t.database.db.update(userCompanies).set({ profileId: sellerProfile.id }).where(and(eq(userCompanies.userId, mixedId), eq(userCompanies.companyId, c2)));
  mixed = await t.login('metas.misto', 'Senha-metas-2');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.database.db.delete(goals);
  await t.database.db.delete(auditLog).where(eq(auditLog.entity, 'meta'));
});

async function rowCount(): Promise<number> {
  return t.database.db.$count(goals);
}
async function auditCount(): Promise<number> {
  return t.database.db.$count(auditLog, eq(auditLog.entity, 'meta'));
}
function put(token: string, payload: unknown) {
  return call(t.app, 'PUT', 'meta', { token, payload });
}
function get(token: string, query = `ano=${YEAR}`) {
  return call(t.app, 'GET', `meta?${query}`, { token });
}
function fields(res: { json(): unknown }): string[] {
  return (res.json() as { messages: { field: string }[] }).messages.map((m) => m.field);
}

describe('demo seed', () => {
  it('sets twelve months of goals for both demo companies in the current and the previous year, the previous 5 % lower', () => {
    const now = new Date().getFullYear();
    expect(seeded).toHaveLength(2 * 2 * 12);
    const value = (companyId: number, year: number, month: number) => seeded.find((g) => g.companyId === companyId && g.year === year && g.month === month)?.valueCents;
    expect(value(c1, now, 1)).toBe(28_000_000);
    expect(value(c1, now - 1, 1)).toBe(26_600_000);
    expect(value(c2, now, 12)).toBe(11_000_000);
    expect(seeded.every((g) => Number.isInteger(g.valueCents))).toBe(true);
  });
});

describe('access', () => {
  it('answers 401 without a session, on both calls, and writes nothing', async () => {
    for (const res of [await call(t.app, 'GET', `meta?ano=${YEAR}`), await call(t.app, 'PUT', 'meta', { payload: { ano: YEAR, itens: [{ idEmpresa: c1, ano: YEAR, mes: 1, valor: 100 }] } })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(UNAUTHORIZED_MESSAGE);
    }
    expect(await rowCount()).toBe(0);
  });

  it('answers 403 without ROLE_VISUALIZAR_METAS (vendedor), even to invalid input, and writes nothing', async () => {
    expect((await get(seller.token)).statusCode).toBe(403);
    expect((await get(seller.token, 'ano=abc')).statusCode).toBe(403);
    const res = await put(seller.token, { ano: YEAR, itens: [{ idEmpresa: c1, ano: YEAR, mes: 1, valor: 100 }] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FORBIDDEN_MESSAGE);
    expect(await rowCount()).toBe(0);
  });

  it('answers 403 to a user whose selected company gives no goals role, though another company does', async () => {
    const fresh = await t.login('metas.misto', 'Senha-metas-2'); // the refresh ends the session it came from
    const res = await call(t.app, 'POST', 'auth/refresh', { token: fresh.token, payload: { idEmpresa: c2 } });
    expect(res.statusCode).toBe(200);
    const inC2 = res.json() as SessionUser;
    expect((await get(inC2.token)).statusCode).toBe(403);
    expect((await put(inC2.token, { ano: YEAR, itens: [{ idEmpresa: c1, ano: YEAR, mes: 1, valor: 1 }] })).statusCode).toBe(403);
    expect(await rowCount()).toBe(0);
  });
});

describe('GET meta', () => {
  it('lists the companies whose goals the caller may edit, by name, and no goals yet', async () => {
    const res = await get(admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as GoalYear;
    expect(body).toEqual({
      ano: YEAR,
      empresas: [
        { id: c1, nome: 'Distribuidora Acervo Ltda' },
        { id: c2, nome: 'Editora Acervo S.A.' },
      ],
      itens: [],
    });
  });

  it('shows only the linked companies where the profile holds the goals role', async () => {
    expect(((await get(single.token)).json() as GoalYear).empresas.map((c) => c.id)).toEqual([c1]);
    expect(((await get(mixed.token)).json() as GoalYear).empresas.map((c) => c.id)).toEqual([c1]);
  });

  it('leaves out an inactive company', async () => {
    await t.database.db.update(companies).set({ active: false }).where(eq(companies.id, c2));
    try {
      expect(((await get(admin.token)).json() as GoalYear).empresas.map((c) => c.id)).toEqual([c1]);
    } finally {
      await t.database.db.update(companies).set({ active: true }).where(eq(companies.id, c2));
    }
  });

  it('returns only the asked year, values in cents', async () => {
    await put(admin.token, { ano: YEAR, itens: [{ idEmpresa: c1, ano: YEAR, mes: 3, valor: 123456 }] });
    await put(admin.token, { ano: YEAR + 1, itens: [{ idEmpresa: c1, ano: YEAR + 1, mes: 3, valor: 99 }] });
    expect(((await get(admin.token)).json() as GoalYear).itens).toEqual([{ idEmpresa: c1, ano: YEAR, mes: 3, valor: 123456 }]);
    expect(((await get(admin.token, `ano=${YEAR + 1}`)).json() as GoalYear).itens).toEqual([{ idEmpresa: c1, ano: YEAR + 1, mes: 3, valor: 99 }]);
  });

  it('answers 400 on ano when it is missing, out of 2000-2100, not an integer, or with an unknown field', async () => {
    for (const query of ['', 'ano=1999', 'ano=2101', 'ano=abc', 'ano=2026.5', 'ano=1e3', `ano=${'9'.repeat(200)}`]) {
      const res = await get(admin.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(fields(res), query).toContain('ano');
    }
    const extra = await get(admin.token, `ano=${YEAR}&empresa=2`);
    expect(extra.statusCode).toBe(400);
    expect(fields(extra)).toContain('empresa');
  });
});

describe('PUT meta', () => {
  it('creates goals, answers the year as GET does, and audits one CRIACAO per company with the months set', async () => {
    const res = await put(admin.token, {
      ano: YEAR,
      itens: [
        { idEmpresa: c1, ano: YEAR, mes: 1, valor: 1_000_00 },
        { idEmpresa: c1, ano: YEAR, mes: 12, valor: 1 },
        { idEmpresa: c2, ano: YEAR, mes: 6, valor: GOAL_MAX_CENTS },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as GoalYear;
    expect(body.itens).toEqual([
      { idEmpresa: c1, ano: YEAR, mes: 1, valor: 100000 },
      { idEmpresa: c1, ano: YEAR, mes: 12, valor: 1 },
      { idEmpresa: c2, ano: YEAR, mes: 6, valor: GOAL_MAX_CENTS },
    ]);
    expect((await get(admin.token)).json()).toEqual(body);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'meta')).orderBy(auditLog.id);
    expect(entries.map((e) => [e.recordId, e.action, e.companyId, e.userId])).toEqual([
      [`${c1}-${YEAR}`, 'CRIACAO', c1, admin.id],
      [`${c2}-${YEAR}`, 'CRIACAO', c2, admin.id],
    ]);
    expect(entries[0].changes).toEqual([
      { campo: 'mes01', antes: null, depois: 100000 },
      { campo: 'mes12', antes: null, depois: 1 },
    ]);
  });

  it('updates and removes (valor null) only the months sent, keeps the others, and audits only what changed', async () => {
    await put(admin.token, {
      ano: YEAR,
      itens: [1, 2, 3].map((mes) => ({ idEmpresa: c1, ano: YEAR, mes, valor: mes * 100 })),
    });
    const res = await put(admin.token, {
      ano: YEAR,
      itens: [
        { idEmpresa: c1, ano: YEAR, mes: 1, valor: 100 }, // unchanged
        { idEmpresa: c1, ano: YEAR, mes: 2, valor: 250 },
        { idEmpresa: c1, ano: YEAR, mes: 3, valor: null },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as GoalYear).itens).toEqual([
      { idEmpresa: c1, ano: YEAR, mes: 1, valor: 100 },
      { idEmpresa: c1, ano: YEAR, mes: 2, valor: 250 },
    ]);
    const [last] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'meta')).orderBy(auditLog.id).limit(1).offset(1);
    expect(last.action).toBe('ALTERACAO');
    expect(last.changes).toEqual([
      { campo: 'mes02', antes: 200, depois: 250 },
      { campo: 'mes03', antes: 300, depois: null },
    ]);
  });

  it('a save that changes nothing (same values, removing a missing goal, no items) writes no audit entry', async () => {
    await put(admin.token, { ano: YEAR, itens: [{ idEmpresa: c1, ano: YEAR, mes: 5, valor: 500 }] });
    expect(await auditCount()).toBe(1);
    for (const itens of [[{ idEmpresa: c1, ano: YEAR, mes: 5, valor: 500 }], [{ idEmpresa: c1, ano: YEAR, mes: 6, valor: null }], []]) {
      const res = await put(admin.token, { ano: YEAR, itens });
      expect(res.statusCode).toBe(200);
    }
    expect(await auditCount()).toBe(1);
    expect(await rowCount()).toBe(1);
  });

  it('removing the last goal of a company-year is audited as EXCLUSAO', async () => {
    await put(admin.token, { ano: YEAR, itens: [{ idEmpresa: c2, ano: YEAR, mes: 7, valor: 700 }] });
    await put(admin.token, { ano: YEAR, itens: [{ idEmpresa: c2, ano: YEAR, mes: 7, valor: null }] });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'meta')).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['CRIACAO', 'EXCLUSAO']);
    expect(entries[1].changes).toEqual([{ campo: 'mes07', antes: 700, depois: null }]);
    expect(await rowCount()).toBe(0);
  });

  it("cannot change another company's goals: 400 naming itens.N.idEmpresa, and nothing written (not even the allowed items)", async () => {
    for (const [user, foreign] of [
      [single, c2], // not linked
      [mixed, c2], // linked without the goals role
      [admin, 2_000_000], // no such company
    ] as const) {
      const res = await put(user.token, {
        ano: YEAR,
        itens: [
          { idEmpresa: c1, ano: YEAR, mes: 1, valor: 100 },
          { idEmpresa: foreign, ano: YEAR, mes: 1, valor: 100 },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([{ field: 'itens.1.idEmpresa', message: GOAL_COMPANY_MESSAGE }]);
    }
    expect(await rowCount()).toBe(0);
    expect(await auditCount()).toBe(0);
  });

  it('cannot change the goals of an inactive company', async () => {
    await t.database.db.update(companies).set({ active: false }).where(eq(companies.id, c2));
    try {
      const res = await put(admin.token, { ano: YEAR, itens: [{ idEmpresa: c2, ano: YEAR, mes: 1, valor: 100 }] });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(['itens.0.idEmpresa']);
    } finally {
      await t.database.db.update(companies).set({ active: true }).where(eq(companies.id, c2));
    }
    expect(await rowCount()).toBe(0);
  });

  const item = { idEmpresa: 0, ano: YEAR, mes: 1, valor: 100 };
  const bad: [string, (c: number) => unknown, string][] = [
    ['a float valor (12.5)', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, valor: 12.5 }] }), 'itens.0.valor'],
    ['a valor in reais text', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, valor: '10,00' }] }), 'itens.0.valor'],
    ['a valor as JSON text of digits', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, valor: '1000' }] }), 'itens.0.valor'],
    ['a negative valor', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, valor: -1 }] }), 'itens.0.valor'],
    ['a valor above the bound', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, valor: GOAL_MAX_CENTS + 1 }] }), 'itens.0.valor'],
    ['a valor of 1e20', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, valor: 1e20 }] }), 'itens.0.valor'],
    ['a boolean valor', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, valor: true }] }), 'itens.0.valor'],
    ['a missing valor', (c) => ({ ano: YEAR, itens: [{ idEmpresa: c, ano: YEAR, mes: 1 }] }), 'itens.0.valor'],
    ['month 0', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, mes: 0 }] }), 'itens.0.mes'],
    ['month 13', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, mes: 13 }] }), 'itens.0.mes'],
    ['a 2 MB string as month', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, mes: 'x'.repeat(2_000_000) }] }), 'body'],
    ['year 1999', (c) => ({ ano: 1999, itens: [{ ...item, idEmpresa: c, ano: 1999 }] }), 'ano'],
    ['an item of another year', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c }, { ...item, idEmpresa: c, ano: YEAR + 1, mes: 2 }] }), 'itens.1.ano'],
    ['the same company and month twice', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c }, { ...item, idEmpresa: c, valor: 5 }] }), 'itens.1.mes'],
    ['an unknown field in an item', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c, moeda: 'BRL' }] }), 'itens.0.moeda'],
    ['an unknown field in the body', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: c }], empresa: c }), 'empresa'],
    ['a text company id', (c) => ({ ano: YEAR, itens: [{ ...item, idEmpresa: `${c}a` }] }), 'itens.0.idEmpresa'],
    ['itens not a list', () => ({ ano: YEAR, itens: 'todos' }), 'itens'],
    ['no itens', () => ({ ano: YEAR }), 'itens'],
    ['too many itens', (c) => ({ ano: YEAR, itens: Array.from({ length: GOAL_MAX_ITEMS + 1 }, (_, i) => ({ ...item, idEmpresa: c, mes: (i % 12) + 1 })) }), 'itens'],
  ];
  it.each(bad)('answers 400 naming the field for %s, and writes nothing', async (_name, body, field) => {
    await put(admin.token, { ano: YEAR, itens: [{ idEmpresa: c1, ano: YEAR, mes: 1, valor: 777 }] });
    const before = await auditCount();
    const res = await put(admin.token, body(c1));
    expect(res.statusCode).toBe(400);
    const names = fields(res);
    if (field === 'body') expect(names.length).toBeGreaterThan(0);
    else expect(names).toContain(field);
    expect(res.json().message).not.toMatch(/expected|invalid input/i);
    expect((await get(admin.token)).json().itens).toEqual([{ idEmpresa: c1, ano: YEAR, mes: 1, valor: 777 }]);
    expect(await auditCount()).toBe(before);
  });

  it('names the exact messages for a wrong year and a duplicate', async () => {
    const res = await put(admin.token, {
      ano: YEAR,
      itens: [
        { idEmpresa: c1, ano: YEAR, mes: 1, valor: 1 },
        { idEmpresa: c1, ano: YEAR, mes: 1, valor: 2 },
        { idEmpresa: c2, ano: YEAR - 1, mes: 1, valor: 3 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(
      expect.arrayContaining([
        { field: 'itens.1.mes', message: GOAL_DUPLICATE_MESSAGE },
        { field: 'itens.2.ano', message: GOAL_YEAR_MISMATCH_MESSAGE },
      ]),
    );
    expect(await rowCount()).toBe(0);
  });

  it('the goal history reads through GET auditoria, scoped to the companies whose goals the caller may edit', async () => {
    await put(admin.token, {
      ano: YEAR,
      itens: [
        { idEmpresa: c1, ano: YEAR, mes: 1, valor: 10 },
        { idEmpresa: c2, ano: YEAR, mes: 1, valor: 20 },
      ],
    });
    const all = await call(t.app, 'GET', 'auditoria?entidade=meta', { token: admin.token });
    expect(all.json().itens.map((e: { idRegistro: string }) => e.idRegistro).sort()).toEqual([`${c1}-${YEAR}`, `${c2}-${YEAR}`].sort());
    const one = await call(t.app, 'GET', `auditoria?entidade=meta&idRegistro=${c2}-${YEAR}`, { token: admin.token });
    expect(one.json().itens).toHaveLength(1);
    expect(one.json().itens[0]).toMatchObject({ acao: 'CRIACAO', idEmpresa: c2, nomeUsuario: 'Administrador', alteracoes: [{ campo: 'mes01', antes: null, depois: 20 }] });
    // linked to company 1 only: company 2's goal history stays hidden, by list and by id
    const mine = await call(t.app, 'GET', 'auditoria?entidade=meta', { token: single.token });
    expect(mine.json().itens.map((e: { idRegistro: string }) => e.idRegistro)).toEqual([`${c1}-${YEAR}`]);
    const foreign = await call(t.app, 'GET', `auditoria?entidade=meta&idRegistro=${c2}-${YEAR}`, { token: single.token });
    expect(foreign.json()).toMatchObject({ itens: [], totalItens: 0 });
  });
});
