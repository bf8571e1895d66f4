import { afterEach, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { applicationUrl, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { emailOutbox } from '../auth/auth.schema.ts';
import { getParameters } from '../parameters/parameters.service.ts';
import { call } from '../auth/auth.test-helpers.ts';

/** The reset link the app e-mails to vendedor, after `POST auth/forgotPassword`. */
async function resetLink(t: TestApp): Promise<string> {
  const res = await call(t.app, 'POST', 'auth/forgotPassword', { payload: { email: 'vendedor@acervo.local' } });
  expect(res.statusCode).toBe(200);
  const [mail] = await t.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
  const match = /(\S+)\/\?resetToken=/.exec(mail.body);
  if (!match) throw new Error(`no reset link in: ${mail.body}`);
  return match[1];
}

describe('"URL do sistema" (URL_APLICACAO) follows the address the app runs at (issue 15, defect 3)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('PUBLIC_URL when set (trailing slash dropped), else http://localhost:PORT', () => {
    expect(applicationUrl(loadConfig({ PORT: '3123' }))).toBe('http://localhost:3123');
    expect(applicationUrl(loadConfig({}))).toBe('http://localhost:3000');
    expect(applicationUrl(loadConfig({ PORT: '3123', PUBLIC_URL: 'https://acervo.exemplo.com.br/' }))).toBe('https://acervo.exemplo.com.br');
    expect(loadConfig({ PUBLIC_URL: '  ' }).publicUrl).toBeUndefined();
    expect(() => loadConfig({ PUBLIC_URL: 'acervo.exemplo.com.br' })).toThrow(/PUBLIC_URL inválida/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://acervo.exemplo.com.br' })).toThrow(/PUBLIC_URL inválida/);
  });

  it('the demo seeded with PORT=3123 e-mails reset links to http://localhost:3123', async () => {
    t = await createTestApp({ port: 3123 });
    expect((await getParameters(t.database.db, ['URL_APLICACAO'])).URL_APLICACAO).toBe('http://localhost:3123');
    expect(await resetLink(t)).toBe('http://localhost:3123');
  });

  it('PUBLIC_URL wins over PORT', async () => {
    const { port, publicUrl } = loadConfig({ PORT: '3123', PUBLIC_URL: 'https://acervo.exemplo.com.br/' });
    t = await createTestApp({ port, publicUrl });
    expect(await resetLink(t)).toBe('https://acervo.exemplo.com.br');
  });
});
