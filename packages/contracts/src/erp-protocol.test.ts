import { describe, expect, it } from 'vitest';
import { ERP_ENTITIES, ERP_RECORD_SCHEMAS, ErpChecksumAccumulator, erpChecksum, erpChecksumKey } from './erp-protocol.ts';

const sale = {
  id: 'NF-1',
  alteradoEm: '2026-11-20T12:00:00.000Z',
  tipo: 'NOTA',
  numero: 1,
  serie: '1',
  dataEmissao: '2026-11-20',
  idCliente: 'C1',
  idVendedor: null,
  uf: 'SP',
  idTipoOperacaoFiscal: 'T1',
  idFormaPagamento: 'F1',
  idTransportadora: null,
  consignacao: false,
  idDocumentoOrigem: null,
  freteCentavos: 0,
  totalCentavos: 5980,
  cancelada: false,
  itens: [
    { linha: 2, idProduto: 'P2', quantidade: 1, precoUnitarioCentavos: 2990, descontoCentavos: 0, valorLiquidoCentavos: 2990, custoCentavos: 1500, linhaOrigem: null },
    { linha: 1, idProduto: 'P1', quantidade: 1, precoUnitarioCentavos: 2990, descontoCentavos: 0, valorLiquidoCentavos: 2990, custoCentavos: null, linhaOrigem: null },
  ],
};

describe('ERP protocol', () => {
  it('has a record schema for each of the 13 entity types, and the sale schema accepts a valid invoice', () => {
    expect(ERP_ENTITIES).toHaveLength(13);
    for (const entity of ERP_ENTITIES) expect(ERP_RECORD_SCHEMAS[entity]).toBeDefined();
    expect(ERP_RECORD_SCHEMAS.VENDA.safeParse(sale).success).toBe(true);
    expect(ERP_RECORD_SCHEMAS.VENDA.safeParse({ ...sale, totalCentavos: 59.8 }).success).toBe(false);
    expect(ERP_RECORD_SCHEMAS.VENDA.safeParse({ ...sale, dataEmissao: '20/11/2026' }).success).toBe(false);
  });

  it('checksum key: fields in order, lines sorted by number, null as empty and booleans as 1/0', () => {
    const key = erpChecksumKey('VENDA', sale);
    expect(key.startsWith('NF-1\u001fNOTA\u001f1\u001f1\u001f2026-11-20\u001fC1\u001f\u001fSP')).toBe(true);
    expect(key).toContain('1\u001eP1\u001e1\u001e2990\u001e0\u001e2990\u001e\u001e\u001d2\u001eP2');
    expect(erpChecksumKey('ESTOQUE', { id: 'E1', idProduto: 'P1', fisico: 10, reservado: 0, consignado: 2, bloqueado: 0, pedidoCompra: 5, alteradoEm: 'x' })).toBe(
      'E1\u001fP1\u001f10\u001f0\u001f2\u001f0\u001f5',
    );
  });

  it('checksum is order-independent and changes with one cent, a missing record or a stale version', () => {
    const stock = (id: string, fisico: number) => ({ id, idProduto: `P${id}`, fisico, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0 });
    const a = [stock('1', 10), stock('2', 20), stock('3', 30)];
    expect(erpChecksum('ESTOQUE', [])).toBe('0000000000000000');
    expect(erpChecksum('ESTOQUE', a)).toMatch(/^[0-9a-f]{16}$/);
    expect(erpChecksum('ESTOQUE', [...a].reverse())).toBe(erpChecksum('ESTOQUE', a));
    expect(erpChecksum('ESTOQUE', a.slice(0, 2))).not.toBe(erpChecksum('ESTOQUE', a));
    expect(erpChecksum('ESTOQUE', [stock('1', 10), stock('2', 20), stock('3', 31)])).not.toBe(erpChecksum('ESTOQUE', a));
    expect(erpChecksum('VENDA', [{ ...sale, totalCentavos: 5981 }])).not.toBe(erpChecksum('VENDA', [sale]));
    const acc = new ErpChecksumAccumulator('ESTOQUE');
    for (const row of a) acc.add(row);
    expect([acc.count, acc.digest()]).toEqual([3, erpChecksum('ESTOQUE', a)]);
  });
});
