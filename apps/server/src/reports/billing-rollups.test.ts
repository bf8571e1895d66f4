import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErpSale } from '@acervo/contracts';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import { companies } from '../companies/companies.schema.ts';
import { applyErpRecords } from '../erp/data/index.ts';
import { at, makeRecord, makeSale, saleLine } from '../erp/data/erp-data.fixtures.ts';
import { BILLING_ROLLUP_TABLES, rebuildBillingRollups } from './billing-rollups.ts';

/*
 * The rollups kept by the writer page after page equal the rollups rebuilt from the lines, after
 * random syncs of invoices and returns, re-syncs that change client, seller, lines or cancel,
 * older versions arriving late, returns before their invoice, across two companies.
 */

let database: Database;
let drop: () => Promise<void>;
let companyIds: number[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const rows = await database.db
    .insert(companies)
    .values([
      { name: 'Rollup A', cnpj: '11111111000191', erpCode: 'RA' },
      { name: 'Rollup B', cnpj: '22222222000191', erpCode: 'RB' },
    ])
    .returning({ id: companies.id });
  companyIds = rows.map((r) => r.id);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** Deterministic PRNG (mulberry32) so a failure repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function rollupRows(companyId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const { table, keys } of BILLING_ROLLUP_TABLES) {
    const result = await database.db.execute(
      sql.raw(`SELECT concat_ws('|', grao, periodo::text, ${keys.join(', ')}, quantidade, valor_centavos, notas) AS r FROM ${table} WHERE empresa_id = ${companyId} ORDER BY 1`),
    );
    out[table] = resultRows<{ r: string }>(result).map((x) => x.r);
  }
  return out;
}

describe('billing rollups kept by the writer', () => {
  it('equal the rollups rebuilt from the lines after random syncs, re-syncs, cancellations and returns', async () => {
    const rnd = random(17);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
    for (const companyId of companyIds) {
      await database.db.transaction(async (tx) => {
        // two billing operations, a consignment and a return operation; OPX stays a placeholder
        await applyErpRecords(tx, companyId, 'TIPO_OPERACAO_FISCAL', [
          makeRecord('TIPO_OPERACAO_FISCAL', 'OPV', at(0), 1, { natureza: 'VENDA' }),
          makeRecord('TIPO_OPERACAO_FISCAL', 'OPA', at(0), 1, { natureza: 'ACERTO_CONSIGNACAO' }),
          makeRecord('TIPO_OPERACAO_FISCAL', 'OPC', at(0), 1, { natureza: 'CONSIGNACAO' }),
          makeRecord('TIPO_OPERACAO_FISCAL', 'OPD', at(0), 2, { natureza: 'DEVOLUCAO' }),
        ]);
      });
    }
    const versions = new Map<string, { sale: ErpSale; minute: number }>();
    let minute = 10;
    const invoice = (id: string): ErpSale => {
      const lines = Array.from({ length: 1 + Math.floor(rnd() * 4) }, (_, i) => saleLine(i + 1, pick(['P1', 'P2', 'P3', 'P4']), 1 + Math.floor(rnd() * 5), 1000 + Math.floor(rnd() * 5000), Math.floor(rnd() * 50)));
      return makeSale(id, at(minute++), {
        tipo: 'NOTA',
        dataEmissao: pick(['2026-01-05', '2026-01-20', '2026-02-03', '2026-03-31']),
        idCliente: pick(['C1', 'C2', 'C3']),
        idVendedor: pick(['V1', 'V2', null]),
        uf: pick(['SP', 'RJ', 'MG']),
        idTipoOperacaoFiscal: pick(['OPV', 'OPV', 'OPA', 'OPC', 'OPX']),
        cancelada: rnd() < 0.1,
        itens: lines,
      });
    };
    const giveBack = (id: string, origin: string): ErpSale => {
      const lines = Array.from({ length: 1 + Math.floor(rnd() * 2) }, (_, i) => saleLine(i + 1, pick(['P1', 'P2', 'P3']), 1, 1000 + Math.floor(rnd() * 3000), 0, pick([1, 2, 3, 9])));
      return makeSale(id, at(minute++), {
        tipo: 'DEVOLUCAO',
        dataEmissao: pick(['2026-01-25', '2026-02-10', '2026-04-02']),
        idCliente: 'C1',
        idVendedor: 'V1',
        uf: 'SP',
        idTipoOperacaoFiscal: 'OPD',
        idDocumentoOrigem: origin,
        cancelada: rnd() < 0.1,
        itens: lines,
      });
    };
    for (let round = 0; round < 12; round++) {
      for (const companyId of companyIds) {
        const page: ErpSale[] = [];
        for (let k = 0; k < 8; k++) {
          const n = Math.floor(rnd() * 30);
          const r = rnd();
          if (r < 0.6) page.push(invoice(`N${n}`)); // new or changed invoice (re-sync)
          else if (r < 0.9) page.push(giveBack(`D${n}`, `N${Math.floor(rnd() * 30)}`)); // a return, maybe before its invoice
          else {
            const old = versions.get(`${companyId}:N${n}`); // an older version arriving late: skipped by the writer
            if (old) page.push(old.sale);
          }
        }
        await database.db.transaction((tx) => applyErpRecords(tx, companyId, 'VENDA', page));
        for (const s of page) {
          const seen = versions.get(`${companyId}:${s.id}`);
          if (!seen || s.alteradoEm >= seen.sale.alteradoEm) versions.set(`${companyId}:${s.id}`, { sale: s, minute });
        }
      }
    }
    for (const companyId of companyIds) {
      const incremental = await rollupRows(companyId);
      expect(incremental.rel_faturamento_documento.length).toBeGreaterThan(10);
      expect(incremental.rel_faturamento_produto.length).toBeGreaterThan(10);
      await database.db.transaction((tx) => rebuildBillingRollups(tx, companyId));
      expect(await rollupRows(companyId)).toEqual(incremental);
    }
    // the returns were counted at all (some stored return found its invoice)
    const [returns] = resultRows<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM rel_faturamento_documento WHERE devolucao`));
    expect(returns.n).toBeGreaterThan(0);
  });
});
