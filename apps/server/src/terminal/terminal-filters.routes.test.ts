import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdNome, PagedList, SessionUser } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createProfile, createUser } from '../auth/auth.test-helpers.ts';
import { erpSubjects } from '../erp/data/erp-data.schema.ts';
import { publishers } from '../products/products.schema.ts';

let t: TestApp;
let seller: SessionUser;

beforeAll(async () => {
  t = await createTestApp();
  const [first, second] = t.seed.companyIds;
  seller = await t.login('vendedor', 'vendedor');
  const changed = new Date();
  await t.database.db.insert(erpSubjects).values([
    { companyId: first, erpId: 'A1', erpChangedAt: changed, description: 'Ficção brasileira', active: true },
    { companyId: first, erpId: 'A2', erpChangedAt: changed, description: 'Poesia', active: true },
    { companyId: first, erpId: 'A3', erpChangedAt: changed, description: 'Ficção antiga (inativo)', active: false },
    { companyId: first, erpId: 'A4' }, // placeholder: not a record yet
    { companyId: second, erpId: 'B1', erpChangedAt: changed, description: 'Ficção da outra empresa', active: true },
  ]);
  await t.database.db.insert(publishers).values([
    { name: 'Companhia das Letras', nameKey: 'companhia das letras' },
    { name: 'Editora Ática', nameKey: 'editora atica' },
    { name: 'Editora Fechada', nameKey: 'editora fechada', active: false },
  ]);
  await createProfile(t.database.db, 'Só catálogo', ['ROLE_VISUALIZAR_PRODUTOS_CADASTRAR']);
  await createUser(t.database.db, { login: 'catalogo', password: 'Senha-cat-1', companyIds: [first], profileName: 'Só catálogo' });
});
afterAll(async () => {
  await t.close();
});

const names = async (path: string, token = seller.token) => {
  const res = await call(t.app, 'GET', path, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PagedList<IdNome>>().itens.map((i) => i.nome);
};

describe('Terminal filter choices', () => {
  it("lists the selected company's active ERP subjects by name, term ignoring accents", async () => {
    expect(await names('produto/terminal/assuntos')).toEqual(['Ficção brasileira', 'Poesia']);
    expect(await names('produto/terminal/assuntos?term=FICCAO')).toEqual(['Ficção brasileira']);
    expect(await names('produto/terminal/assuntos?term=%25_%27')).toEqual([]);
  });

  it('lists the active catalogue publishers by name', async () => {
    expect(await names('produto/terminal/editoras')).toEqual(['Companhia das Letras', 'Editora Ática']);
    expect(await names('produto/terminal/editoras?term=atica&pageSize=1')).toEqual(['Editora Ática']);
  });

  it('needs the Terminal role (403 before validating) and answers 400 for bad queries', async () => {
    const other = await t.login('catalogo', 'Senha-cat-1');
    for (const path of ['produto/terminal/assuntos', 'produto/terminal/editoras']) {
      expect((await call(t.app, 'GET', path)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', `${path}?bogus=1`, { token: other.token })).statusCode).toBe(403);
      for (const query of ['bogus=1', `term=${'x'.repeat(1000)}`, 'term=%01', 'pageSize=0', 'sorter=nome']) {
        const res = await call(t.app, 'GET', `${path}?${query}`, { token: seller.token });
        expect(res.statusCode, `${path}?${query.slice(0, 30)}`).toBe(400);
      }
    }
  });
});
