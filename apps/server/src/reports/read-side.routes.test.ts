import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSideStatusSchema } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET relatorio/atualizacao', () => {
  it('answers current data (dadosAte null) to any signed-in user when reports read the primary or a caught-up standby', async () => {
    const seller = await t.login('vendedor', 'vendedor');
    const res = await call(t.app, 'GET', 'relatorio/atualizacao', { token: seller.token });
    expect(res.statusCode).toBe(200);
    expect(readSideStatusSchema.parse(res.json())).toEqual({ dadosAte: null });
  });

  it('refuses an anonymous caller', async () => {
    const res = await call(t.app, 'GET', 'relatorio/atualizacao');
    expect(res.statusCode).toBe(401);
  });
});
