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
    const ask = async () => {
      const res = await call(t.app, 'GET', 'relatorio/atualizacao', { token: seller.token });
      expect(res.statusCode).toBe(200);
      return readSideStatusSchema.parse(res.json());
    };
    // On a standby, WAL written by anything on the primary (this file's seed, another file's tests:
    // WAL is the whole cluster's) may be received but not yet replayed at the first ask; a standby
    // catches up within moments, and then the answer is null. On the primary it is null at once.
    await expect.poll(ask, { timeout: 15_000, interval: 50 }).toEqual({ dadosAte: null });
  });

  it('refuses an anonymous caller', async () => {
    const res = await call(t.app, 'GET', 'relatorio/atualizacao');
    expect(res.statusCode).toBe(401);
  });
});
