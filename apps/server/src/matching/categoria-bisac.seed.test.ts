import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { bisacCategories } from './matching.schema.ts';
import { seedDemoBisac } from './categoria-bisac.service.ts';

/**
 * Issue 15, defect 12: the demo imports a BISAC heading list at its first start (from
 * `BISAC_FILE`, by default the public Bibliomundi list beside the repository), so BISAC matching
 * can be tried; the list is not shipped, so a missing file is skipped.
 */
describe('seedDemoBisac', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let adminId: number;
  let dir: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    ({ adminId } = await seedDemoData(database.db));
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'acervo-bisac-'));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('imports the headings of a file in the Bibliomundi format, audited in the administrator\'s name', async () => {
    const file = path.join(dir, 'bisac.json');
    await fs.writeFile(
      file,
      JSON.stringify([
        { code: 'FIC000000', description_ptbr: 'FICÇÃO / GERAL', description_en: 'FICTION / General' },
        { code: 'FIC019000', description_ptbr: 'FICÇÃO / LITERÁRIA', description_en: 'FICTION / Literary' },
        { code: 'JUV002000', description_ptbr: 'FICÇÃO JUVENIL / ANIMAIS / GERAL', description_en: 'JUVENILE FICTION / Animals / General' },
        { code: 'FIC05700', description_ptbr: 'código malformado', description_en: 'malformed' },
      ]),
    );
    const report = await seedDemoBisac(database.db, { userId: adminId, userName: 'Administrador', companyId: null }, file);
    expect(report).toMatchObject({ arquivo: 'bisac.json', registros: 4, inseridos: 3, malformados: [expect.objectContaining({ codigo: 'FIC05700' })] });
    const [literary] = await database.db.select().from(bisacCategories).where(eq(bisacCategories.code, 'FIC019000'));
    expect(literary).toMatchObject({ heading: 'FICÇÃO / LITERÁRIA' });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'categoria-bisac'));
    expect(audits.map((a) => a.userId)).toEqual([adminId]);
  });

  it('a missing file is skipped (null) and writes nothing', async () => {
    const before = await database.db.$count(bisacCategories);
    expect(await seedDemoBisac(database.db, { userId: adminId, userName: 'Administrador', companyId: null }, path.join(dir, 'nao-existe.json'))).toBeNull();
    expect(await database.db.$count(bisacCategories)).toBe(before);
  });
});
