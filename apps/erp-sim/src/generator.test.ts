import { describe, expect, it } from 'vitest';
import { isValidCnpj } from '@acervo/contracts';
import { ERP_ENTITIES, erpChecksum, parseErpRecord, type ErpSale, type ErpEntity } from '@acervo/contracts/erp-protocol';
import { generateErpDataSet, type ErpDataSet } from './simulator.ts';
import { cnpj, ean13, randomCpf } from './documents.ts';
import { Random } from './prng.ts';

const HOJE = new Date('2026-11-23T18:00:00.000Z');
const small = (seed = 1, extra: Partial<{ titulos: number; meses: number; empresas: number }> = {}) =>
  generateErpDataSet({ titulos: 500, meses: 3, empresas: 2, seed, hoje: HOJE, ...extra });

/** count+checksum of every company and entity type. */
function fingerprint(data: ErpDataSet): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of data.companies) for (const e of ERP_ENTITIES) out[`${c.info.codigo}.${e}`] = `${c.logs[e].size}:${erpChecksum(e, c.logs[e].records())}`;
  return out;
}

/** Independent CPF check (mod 11, Receita Federal). */
function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(cpf[i]) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

describe('identifiers', () => {
  it('computes EAN-13 and CNPJ check digits like the published examples, and random CPFs are valid', () => {
    expect(ean13('978853591484')).toBe('9788535914849');
    expect(cnpj('112223330001')).toBe('11222333000181');
    const random = new Random(7);
    for (let i = 0; i < 200; i++) expect(isValidCpf(randomCpf(random))).toBe(true);
  });
});

describe('generated data set', () => {
  const data = small();

  it('is the same for the same seed and different for another seed', () => {
    const twin = small();
    expect(fingerprint(twin)).toEqual(fingerprint(data));
    for (let k = 0; k < data.companies.length; k++)
      for (const e of ERP_ENTITIES) expect(JSON.stringify([...twin.companies[k].logs[e].records()]), e).toBe(JSON.stringify([...data.companies[k].logs[e].records()]));
    const other = fingerprint(small(2));
    expect(other['DEMO01.VENDA']).not.toBe(fingerprint(data)['DEMO01.VENDA']);
    expect(other['DEMO01.PRODUTO']).not.toBe(fingerprint(data)['DEMO01.PRODUTO']);
  });

  it('has every record valid against the contract (schema, EAN check digit, line and total arithmetic)', () => {
    for (const c of data.companies)
      for (const e of ERP_ENTITIES) {
        expect(c.logs[e].size, `${c.info.codigo} ${e}`).toBeGreaterThan(0);
        for (const r of c.logs[e].records()) {
          const parsed = parseErpRecord(e, r);
          expect(parsed.ok ? [] : parsed.erros, `${c.info.codigo} ${e} ${r.id}`).toEqual([]);
        }
      }
  });

  it('sales add up to the cent: line net = qty × unit − discount, total = Σ net + freight; all integers', () => {
    let lines = 0;
    for (const c of data.companies)
      for (const r of c.logs.VENDA.records()) {
        const sale = r as unknown as ErpSale;
        let sum = 0;
        for (const l of sale.itens) {
          expect(l.valorLiquidoCentavos).toBe(l.quantidade * l.precoUnitarioCentavos - l.descontoCentavos);
          for (const v of [l.quantidade, l.precoUnitarioCentavos, l.descontoCentavos, l.valorLiquidoCentavos]) expect(Number.isInteger(v)).toBe(true);
          sum += l.valorLiquidoCentavos;
          lines++;
        }
        expect(sale.totalCentavos).toBe(sum + sale.freteCentavos);
      }
    expect(lines).toBeGreaterThan(200);
  });

  it('uses valid ISBN-13s in 978-65 and 978-85, unique per company, and valid CNPJs and CPFs', () => {
    for (const c of data.companies) {
      const eans = [...c.logs.PRODUTO.records()].map((p) => String(p.ean));
      expect(new Set(eans).size).toBe(eans.length);
      for (const ean of eans) expect(ean).toMatch(/^978(65|85)\d{8}$/);
      expect(eans.some((e) => e.startsWith('97865'))).toBe(true);
      expect(eans.some((e) => e.startsWith('97885'))).toBe(true);
      for (const client of c.logs.CLIENTE.records()) {
        const doc = String(client.documento);
        if (client.tipo === 'PESSOA_FISICA') expect(isValidCpf(doc), doc).toBe(true);
        else expect(isValidCnpj(doc), doc).toBe(true);
      }
      for (const s of c.logs.SELO.records()) if (s.cnpjEditora) expect(isValidCnpj(String(s.cnpjEditora))).toBe(true);
      expect(isValidCnpj(c.info.cnpj)).toBe(true);
    }
  });

  it('references resolve: clients, sellers, products, operations, origins and their lines', () => {
    for (const c of data.companies) {
      const has = (e: ErpEntity, id: string | null) => id === null || c.logs[e].get(id) !== undefined;
      for (const r of c.logs.PRODUTO.records()) {
        expect(has('SELO', r.idSelo as string)).toBe(true);
        expect(has('ASSUNTO', r.idAssunto as string)).toBe(true);
        for (const k of r.contribuidores as { idAutor: string; idTipoContribuicao: string }[]) {
          expect(has('AUTOR', k.idAutor)).toBe(true);
          expect(has('TIPO_CONTRIBUICAO', k.idTipoContribuicao)).toBe(true);
        }
      }
      for (const r of c.logs.ESTOQUE.records()) expect(has('PRODUTO', r.idProduto as string)).toBe(true);
      for (const r of c.logs.CLIENTE.records()) expect(has('VENDEDOR', r.idVendedor as string)).toBe(true);
      for (const r of c.logs.VENDA.records()) {
        const sale = r as unknown as ErpSale;
        expect(has('CLIENTE', sale.idCliente)).toBe(true);
        expect(has('VENDEDOR', sale.idVendedor)).toBe(true);
        expect(has('TIPO_OPERACAO_FISCAL', sale.idTipoOperacaoFiscal)).toBe(true);
        expect(has('FORMA_PAGAMENTO', sale.idFormaPagamento)).toBe(true);
        expect(has('TRANSPORTADORA', sale.idTransportadora)).toBe(true);
        for (const l of sale.itens) expect(has('PRODUTO', l.idProduto)).toBe(true);
        if (sale.idDocumentoOrigem !== null) {
          const origin = c.logs.VENDA.get(sale.idDocumentoOrigem) as unknown as ErpSale;
          expect(origin).toBeDefined();
          expect(origin.dataEmissao <= sale.dataEmissao).toBe(true);
          for (const l of sale.itens) {
            const from = origin.itens.find((o) => o.linha === l.linhaOrigem);
            expect(from?.idProduto).toBe(l.idProduto);
            expect(l.quantidade).toBeLessThanOrEqual(from!.quantidade);
          }
        }
      }
    }
  });

  it('keeps stock consistent with the movements of the documents', () => {
    for (const c of data.companies) {
      const ops = new Map([...c.logs.TIPO_OPERACAO_FISCAL.records()].map((o) => [o.id, { cfop: String(o.cfop), natureza: String(o.natureza) }]));
      const shipped = new Map<string, number>();
      const back = new Map<string, number>();
      const consigned = new Map<string, number>();
      const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
      for (const r of c.logs.VENDA.records()) {
        const sale = r as unknown as ErpSale;
        const op = ops.get(sale.idTipoOperacaoFiscal)!;
        for (const l of sale.itens) {
          if (op.natureza === 'VENDA' || op.natureza === 'BONIFICACAO' || op.natureza === 'CONSIGNACAO') {
            if (!sale.cancelada) add(shipped, l.idProduto, l.quantidade);
            if (op.natureza === 'CONSIGNACAO') add(consigned, l.idProduto, l.quantidade);
          } else if (op.natureza === 'ACERTO_CONSIGNACAO') add(consigned, l.idProduto, -l.quantidade);
          else if (op.cfop.endsWith('918')) {
            add(consigned, l.idProduto, -l.quantidade);
            add(back, l.idProduto, l.quantidade);
          } else add(back, l.idProduto, l.quantidade);
        }
      }
      let moved = 0;
      let blocked = 0;
      for (const s of c.logs.ESTOQUE.records()) {
        const p = c.productIndex.get(String(s.idProduto))!;
        const id = String(s.idProduto);
        expect(Number(s.fisico) + Number(s.bloqueado), `fisico + bloqueado ${id}`).toBe(c.recebido[p] - (shipped.get(id) ?? 0) + (back.get(id) ?? 0));
        expect(s.consignado, `consignado ${id}`).toBe(consigned.get(id) ?? 0);
        expect(Number(s.bloqueado)).toBeLessThanOrEqual(back.get(id) ?? 0);
        blocked += Number(s.bloqueado);
        expect(Number(s.fisico)).toBeGreaterThanOrEqual(0);
        expect(Number(s.reservado)).toBeLessThanOrEqual(Number(s.fisico));
        moved += shipped.get(id) ?? 0;
      }
      expect(moved).toBeGreaterThan(0);
      expect(blocked).toBeGreaterThanOrEqual(0);
    }
  });

  it('has the realism it claims: clients in the most populous states, returns, consignment, cancellations, free goods', () => {
    const big = generateErpDataSet({ titulos: 3000, meses: 12, empresas: 1, seed: 3, hoje: HOJE });
    const c = big.companies[0];
    const byUf = new Map<string, number>();
    for (const r of c.logs.CLIENTE.records()) byUf.set(String(r.uf), (byUf.get(String(r.uf)) ?? 0) + 1);
    const ranking = [...byUf.entries()].sort((a, b) => b[1] - a[1]);
    expect(ranking[0][0]).toBe('SP');
    expect(byUf.get('SP')!).toBeGreaterThan(3 * (byUf.get('RR') ?? 0));
    const ops = new Map([...c.logs.TIPO_OPERACAO_FISCAL.records()].map((o) => [o.id, String(o.natureza)]));
    const count = new Map<string, number>();
    let cancelled = 0;
    const schoolByMonth = new Array<number>(12).fill(0);
    const clients = new Map([...c.logs.CLIENTE.records()].map((r) => [r.id, String(r.tipo)]));
    for (const r of c.logs.VENDA.records()) {
      const sale = r as unknown as ErpSale;
      count.set(ops.get(sale.idTipoOperacaoFiscal)!, (count.get(ops.get(sale.idTipoOperacaoFiscal)!) ?? 0) + 1);
      if (sale.cancelada) cancelled++;
      if (clients.get(sale.idCliente) === 'ESCOLA') schoolByMonth[Number(sale.dataEmissao.slice(5, 7)) - 1]++;
    }
    for (const nature of ['VENDA', 'DEVOLUCAO', 'CONSIGNACAO', 'ACERTO_CONSIGNACAO', 'BONIFICACAO']) expect(count.get(nature) ?? 0, nature).toBeGreaterThan(0);
    expect(cancelled).toBeGreaterThan(0);
    const stock = [...c.logs.ESTOQUE.records()];
    for (const field of ['consignado', 'bloqueado', 'reservado', 'pedidoCompra']) expect(stock.some((s) => Number(s[field]) > 0), field).toBe(true);
    // School season: February buys more than October.
    expect(schoolByMonth[1]).toBeGreaterThan(schoolByMonth[9]);
    // Long tail: the best-selling 10% of titles sell more than half the units.
    const units = new Map<string, number>();
    for (const r of c.logs.VENDA.records()) for (const l of (r as unknown as ErpSale).itens) units.set(l.idProduto, (units.get(l.idProduto) ?? 0) + l.quantidade);
    const sorted = [...units.values()].sort((a, b) => b - a);
    const total = sorted.reduce((a, b) => a + b, 0);
    const top = sorted.slice(0, Math.ceil(c.logs.PRODUTO.size / 10)).reduce((a, b) => a + b, 0);
    expect(top / total).toBeGreaterThan(0.5);
    // Release peaks that decay: titles released in the window sell more in their first 45 days than in the next 45.
    const release = new Map([...c.logs.PRODUTO.records()].map((p) => [p.id, p.dataLancamento ? Date.parse(String(p.dataLancamento)) : NaN]));
    const day = 86_400_000;
    let early = 0;
    let late = 0;
    for (const r of c.logs.VENDA.records()) {
      const sale = r as unknown as ErpSale;
      if (sale.tipo !== 'NOTA') continue;
      for (const l of sale.itens) {
        const age = (Date.parse(sale.dataEmissao) - release.get(l.idProduto)!) / day;
        if (age >= 0 && age < 45) early += l.quantidade;
        else if (age >= 45 && age < 90) late += l.quantidade;
      }
    }
    expect(early).toBeGreaterThan(1.3 * late);
    // Black Friday week: consumers and marketplaces buy more than in an ordinary week.
    const consumerDocs = (from: string, to: string) =>
      [...c.logs.VENDA.records()].filter((r) => {
        const sale = r as unknown as ErpSale;
        const kind = clients.get(sale.idCliente);
        return (kind === 'MARKETPLACE' || kind === 'PESSOA_FISICA') && sale.dataEmissao >= from && sale.dataEmissao <= to;
      }).length;
    expect(consumerDocs('2025-11-24', '2025-12-01')).toBeGreaterThan(1.5 * consumerDocs('2026-10-05', '2026-10-12'));
  });
});
