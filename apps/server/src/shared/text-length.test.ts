import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErrorBody } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { companies } from '../companies/companies.schema.ts';
import { products } from '../products/products.schema.ts';
import { rowToBody } from '../products/import/import-row.ts';

/**
 * Issue 15, defect 10 (server side): text longer than a field's limit is refused with the length
 * message on that field (HTTP 400 `{messages:[{field, message}]}`), never cut to fit and stored.
 */
describe('over-long text is refused on its field, not truncated', () => {
  let t: TestApp;
  let admin: string;
  const long = (n: number) => 'Livraria '.repeat(Math.ceil(n / 9)).slice(0, n);

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'admin')).token;
  }, 120_000);
  afterAll(async () => t?.close());

  async function refused(method: 'POST' | 'PUT', path: string, payload: object): Promise<ErrorBody> {
    const res = await call(t.app, method, path, { token: admin, payload });
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as ErrorBody;
  }

  it('a 300-character company name (limit 150): 400 on nome, nothing stored, the existing name untouched', async () => {
    const created = await refused('POST', 'system/company', { nome: long(300), cnpj: '11444777000161' });
    expect(created.messages).toEqual([{ field: 'nome', message: 'Deve ter no máximo 150 caracteres' }]);
    expect(await t.database.db.$count(companies, eq(companies.cnpj, '11444777000161'))).toBe(0);
    const [demo] = await t.database.db.select().from(companies).where(eq(companies.id, t.seed.companyIds[0]));
    const updated = await refused('PUT', `system/company/${demo.id}`, { nome: long(300), cnpj: demo.cnpj });
    expect(updated.messages).toEqual([{ field: 'nome', message: 'Deve ter no máximo 150 caracteres' }]);
    const [after] = await t.database.db.select().from(companies).where(eq(companies.id, demo.id));
    expect(after.name).toBe(demo.name);
  });

  it('a product: 600-character title (limit 500) and 300-character category (limit 150) each refused on their field', async () => {
    const title = await refused('POST', 'produto', { isbn13: '9788535914849', titulo: long(600) });
    expect(title.messages).toEqual([{ field: 'titulo', message: 'Deve ter no máximo 500 caracteres' }]);
    const category = await refused('POST', 'produto', { isbn13: '9788535914849', titulo: 'Dom Casmurro', categoria: long(300) });
    expect(category.messages).toEqual([{ field: 'categoria', message: 'Deve ter no máximo 150 caracteres' }]);
    expect(await t.database.db.$count(products, eq(products.isbn13, '9788535914849'))).toBe(0);
  });

  it('exactly at the limit is accepted and stored whole', async () => {
    const res = await call(t.app, 'POST', 'system/company', { token: admin, payload: { nome: long(150), cnpj: '11444777000161' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { nome: string }).nome).toBe(long(150).trim());
  });

  it('an import row with a publisher or imprint name over 300 characters is rejected on that column, not cut', () => {
    const over = rowToBody({ isbn13: '9788535914849', titulo: 'Dom Casmurro', editora: long(301), selo: 'Selo Curto' });
    expect(over.errors).toEqual([{ coluna: 'editora', motivo: 'Deve ter no máximo 300 caracteres' }]);
    expect(over.imprintName).toBe('Selo Curto');
    expect(rowToBody({ isbn13: '9788535914849', titulo: 'Dom Casmurro', selo: long(301) }).errors).toEqual([{ coluna: 'selo', motivo: 'Deve ter no máximo 300 caracteres' }]);
    expect(rowToBody({ isbn13: '9788535914849', titulo: 'Dom Casmurro', editora: long(300) })).toMatchObject({ errors: [], publisherName: long(300).trim() });
  });
});
