import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyErpWarningMessage, companySaveResponseSchema, type CompanySaveResponse } from '@acervo/contracts';
import { startErpSimulator, type ErpSimulator } from '@acervo/erp-sim';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { writeErpParameters } from '../erp/demo-erp.ts';
import { closedPort } from '../auth/auth.test-helpers.ts';

/**
 * Issue 15, defect 6: saving a company whose ERP code the ERP does not know succeeds and the answer
 * carries a warning (`aviso`), which the web shows as a warning toast; against the ERP simulator
 * (companies DEMO01 and DEMO02).
 */
describe('company save warns when the ERP does not know its code', () => {
  let t: TestApp;
  let sim: ErpSimulator;
  let admin: string;

  beforeAll(async () => {
    sim = await startErpSimulator({ port: 0, titulos: 20, meses: 1, empresas: 2, seed: 5, vendasPorMinuto: 0 });
    t = await createTestApp();
    await writeErpParameters(t.database.db, { tipo: 'SIMULADOR', url: `${sim.url}/api/v1` });
    admin = (await t.login('admin', 'admin')).token;
  }, 120_000);
  afterAll(async () => {
    await sim?.close();
    await t?.close();
  });

  async function save(method: 'POST' | 'PUT', path: string, payload: object): Promise<CompanySaveResponse> {
    const res = await call(t.app, method, path, { token: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    return companySaveResponseSchema.parse(res.json());
  }

  it('an unknown code saves (200) with aviso CODIGO_ERP_DESCONHECIDO; a known or blank code saves without one', async () => {
    const created = await save('POST', 'system/company', { nome: 'Livraria Sem ERP', cnpj: '11444777000161', codigoErp: 'NAOEXISTE' });
    expect(created).toMatchObject({ nome: 'Livraria Sem ERP', codigoErp: 'NAOEXISTE' });
    expect(created.aviso).toEqual({ tipo: 'CODIGO_ERP_DESCONHECIDO', codigoErp: 'NAOEXISTE', mensagem: companyErpWarningMessage('CODIGO_ERP_DESCONHECIDO', 'NAOEXISTE') });
    expect(created.aviso?.mensagem).toBe('Empresa salva, mas o ERP não conhece o código "NAOEXISTE": ela não será sincronizada até o código existir no ERP.');
    // the company is stored all the same
    expect((await call(t.app, 'GET', `system/company/${created.id}`, { token: admin })).json()).toMatchObject({ codigoErp: 'NAOEXISTE' });
    const renamed = await save('PUT', `system/company/${created.id}`, { nome: 'Livraria Sem ERP', cnpj: '11444777000161', codigoErp: 'DEMO02' });
    expect(renamed.aviso).toBeUndefined();
    const blank = await save('PUT', `system/company/${created.id}`, { nome: 'Livraria Sem ERP', cnpj: '11444777000161', codigoErp: '' });
    expect(blank.aviso).toBeUndefined();
  });

  it('an ERP that cannot be reached still saves, with aviso ERP_INDISPONIVEL naming the code', async () => {
    await writeErpParameters(t.database.db, { tipo: 'SIMULADOR', url: `http://127.0.0.1:${await closedPort()}/api/v1` });
    const created = await save('POST', 'system/company', { nome: 'Livraria Offline', cnpj: '12ABC34501DE35', codigoErp: 'OFF1' });
    expect(created.aviso).toMatchObject({ tipo: 'ERP_INDISPONIVEL', codigoErp: 'OFF1' });
    expect(created.aviso?.mensagem).toMatch(/^Empresa salva, mas não foi possível conferir o código "OFF1" no ERP: Falha de conexão/);
  });

  it('with the integration off (NENHUMA) no ERP is asked and no warning comes', async () => {
    await writeErpParameters(t.database.db, { tipo: 'NENHUMA' });
    const created = await save('POST', 'system/company', { nome: 'Livraria Sem Integração', cnpj: '11222333000262', codigoErp: 'QUALQUER' });
    expect(created.aviso).toBeUndefined();
  });
});
