/**
 * The screen's product import (`POST /produto/importacao`) on real ONIX feeds of the shared data
 * folder (`ACERVO_SHARED_DATA` or `../shared/data` beside the repository; `npm run test:data`):
 * a publisher's ONIX 3.0 in reference tags, a distributor's 2.1 with 407 products, and EDItEUR's
 * block-update sample, refused per row. `import.routes.test.ts` covers the same paths on the
 * project's own fixtures in `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../products.schema.ts';
import { importCalls } from './import.test-helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const onixDir = path.join(process.env.ACERVO_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data'), 'onix');
const feed = (name: string) => fs.readFileSync(path.join(onixDir, name));

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'admin')).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const { uploadOk, preview, confirmAndRun } = importCalls(() => t, () => admin);

describe('product import of real ONIX feeds', () => {
  it('reads ONIX 3.0 (reference tags) through the foundation reader', async () => {
    const id = await uploadOk(feed('im_onix_9782752906700_phebus.xml'), 'phebus.xml');
    const p = await preview(id);
    expect(p).toMatchObject({ formato: 'ONIX', total: 4, novas: 4, comErro: 0 });
    expect(p.avisos[0]).toContain('ONIX 3.0');
    await confirmAndRun(id);
    expect(await preview(id)).toMatchObject({ status: 'CONCLUIDA', gravados: 4 });
    expect(await t.database.db.select({ n: count() }).from(products).where(eq(products.source, 'importacao:phebus.xml'))).toEqual([{ n: 4 }]);
  });

  it('reads ONIX 2.1 (407 products) and refuses block updates per row', async () => {
    const p = await preview(await uploadOk(feed('yob_onix_peribo_0408.xml'), 'peribo.xml'));
    expect(p.formato).toBe('ONIX');
    expect(p.total).toBe(407);
    expect(p.avisos[0]).toContain('2.1');
    const block = await preview(await uploadOk(feed('editeur_Onix3sample_refnames_blockupdate.xml')));
    expect(block.linhas.itens[0].erros[0].motivo).toContain('NotificationType 04');
  });
});
