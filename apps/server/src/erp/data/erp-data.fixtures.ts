/**
 * Test builders of valid protocol records (each passes `ERP_RECORD_SCHEMAS[entity]`), for the data
 * model's tests and its bench. Not used by the app.
 */
import { ERP_RECORD_SCHEMAS, type ErpEntity, type ErpRecord, type ErpSale, type ErpSaleLine } from '@acervo/contracts';

/** `2026-01-01T00:00:00.000Z` plus `minutes`. */
export function at(minutes: number): string {
  return new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
}

/** A valid ISBN-13 in the 978-65 range from a number (check digit computed). */
export function isbn(n: number): string {
  const body = `97865${String(n).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * A valid record of `entity` with ERP id `id`, changed at `alteradoEm`; `n` varies its values
 * (two calls with different `n` give records that differ in checksum fields).
 */
export function makeRecord<E extends ErpEntity>(entity: E, id: string, alteradoEm: string, n = 1, extra: Partial<ErpRecord<E>> = {}): ErpRecord<E> {
  const base = { id, alteradoEm };
  const ativo = n % 2 === 1;
  const records: { [K in ErpEntity]: () => ErpRecord<K> } = {
    TIPO_CONTRIBUICAO: () => ({ ...base, descricao: `Autor ${n}`, codigoOnix: `A0${n % 10}`, ativo }),
    TIPO_PRODUTO: () => ({ ...base, descricao: `Brochura ${n}`, formatoOnix: n % 2 ? 'BC' : 'BB', ativo }),
    TIPO_OPERACAO_FISCAL: () => ({ ...base, cfop: String(5100 + n), descricao: `Venda ${n}`, natureza: n % 2 ? 'VENDA' : 'DEVOLUCAO', ativo }),
    FORMA_PAGAMENTO: () => ({ ...base, descricao: `${n}x`, parcelas: n, prazoDias: 30 * n, ativo }),
    TRANSPORTADORA: () => ({ ...base, nome: `Transportes ${n}`, cnpj: String(11222333000100 + n).padStart(14, '0'), uf: n % 2 ? 'SP' : 'RJ', ativo }),
    ASSUNTO: () => ({ ...base, descricao: `Ficção ${n}`, codigoBisac: `FIC${String(n).padStart(6, '0')}`, ativo }),
    SELO: () => ({ ...base, nome: `Selo ${n}`, editora: `Editora ${n}`, cnpjEditora: null, ativo }),
    AUTOR: () => ({ ...base, nome: `Autora ${n}`, nomeInvertido: `${n}, Autora`, biografia: null, ativo }),
    VENDEDOR: () => ({ ...base, nome: `Vendedor ${n}`, email: `vendedor${n}@example.com`, ativo }),
    CLIENTE: () => ({
      ...base,
      razaoSocial: `Livraria ${n} Ltda`,
      nomeFantasia: null,
      documento: String(12345678000100 + n).padStart(14, '0'),
      tipo: 'LIVRARIA',
      uf: n % 2 ? 'SP' : 'MG',
      municipio: 'São Paulo',
      codigoMunicipioIbge: '3550308',
      idVendedor: null,
      ativo,
    }),
    PRODUTO: () => ({
      ...base,
      ean: isbn(n),
      titulo: `Livro ${n}`,
      subtitulo: null,
      idSelo: null,
      idTipoProduto: null,
      idAssunto: null,
      contribuidores: [],
      precoCentavos: 4990 + n,
      custoCentavos: 2000 + n,
      dataLancamento: '2025-03-10',
      anoEdicao: 2025,
      paginas: 200 + n,
      pesoGramas: 300,
      idioma: 'por',
      situacao: '20',
      ativo,
    }),
    ESTOQUE: () => ({ ...base, idProduto: `P${n}`, fisico: 10 * n, reservado: n, consignado: 2 * n, bloqueado: 0, pedidoCompra: 5 }),
    VENDA: () => ({
      ...base,
      tipo: 'NOTA',
      numero: n,
      serie: '1',
      dataEmissao: '2026-01-15',
      idCliente: 'C1',
      idVendedor: 'V1',
      uf: 'SP',
      idTipoOperacaoFiscal: 'OP1',
      idFormaPagamento: 'FP1',
      idTransportadora: null,
      consignacao: false,
      idDocumentoOrigem: null,
      freteCentavos: 1000,
      totalCentavos: 1000 + 2 * 4990 * n - 100,
      cancelada: false,
      itens: [
        { linha: 1, idProduto: 'P1', quantidade: n, precoUnitarioCentavos: 4990, descontoCentavos: 100, valorLiquidoCentavos: 4990 * n - 100, custoCentavos: 2000 * n, linhaOrigem: null },
        { linha: 2, idProduto: 'P2', quantidade: n, precoUnitarioCentavos: 4990, descontoCentavos: 0, valorLiquidoCentavos: 4990 * n, custoCentavos: null, linhaOrigem: null },
      ],
    }),
  };
  const record = { ...(records[entity]() as object), ...extra };
  return ERP_RECORD_SCHEMAS[entity].parse(record) as ErpRecord<E>;
}

/** A sale line that adds up (`valorLiquidoCentavos` = quantity × price − discount). */
export function saleLine(linha: number, idProduto: string, quantidade: number, precoUnitarioCentavos: number, descontoCentavos = 0, linhaOrigem: number | null = null): ErpSaleLine {
  return {
    linha,
    idProduto,
    quantidade,
    precoUnitarioCentavos,
    descontoCentavos,
    valorLiquidoCentavos: quantidade * precoUnitarioCentavos - descontoCentavos,
    custoCentavos: Math.round(quantidade * precoUnitarioCentavos * 0.45),
    linhaOrigem,
  };
}

/** A sale whose total adds up from `itens` and `freteCentavos` (`id` and `alteradoEm` win over those in `fields`). */
export function makeSale(id: string, alteradoEm: string, fields: Partial<ErpSale> & { itens: ErpSaleLine[] }): ErpSale {
  const freteCentavos = fields.freteCentavos ?? 0;
  const totalCentavos = fields.itens.reduce((s, l) => s + l.valorLiquidoCentavos, 0) + freteCentavos;
  return makeRecord('VENDA', id, alteradoEm, 1, { ...fields, id, alteradoEm, freteCentavos, totalCentavos });
}
