import type { ErpEntity } from '@acervo/contracts';

/**
 * The one mapping between protocol records (`@acervo/contracts` `erp-protocol.ts`, camelCase
 * fields) and the columns of `erp-data.schema.ts` (snake case), per entity type. The writer
 * (`erp-data.repository.ts`) and the checksum reader (`erp-data.statistics.ts`) both build their
 * SQL from it, so a field is mapped once, both ways.
 */

/** SQL type of a column as `jsonb_to_recordset` reads it. */
export type SqlType = 'varchar' | 'text' | 'int' | 'smallint' | 'bigint' | 'boolean' | 'date';

/** A plain column: record field `field` stored in `column`. */
export interface FieldSpec {
  column: string;
  field: string;
  type: SqlType;
}

/**
 * A reference: record field `field` (an ERP id of entity `target`, same company) stored as the
 * surrogate id of the target row in `column` (a placeholder row is created when it is missing).
 */
export interface RefSpec {
  column: string;
  field: string;
  target: ErpEntity;
}

/** How one entity type is stored. */
export interface EntitySpec {
  table: string;
  fields: readonly FieldSpec[];
  refs: readonly RefSpec[];
}

/** Table of each entity type. */
export const ERP_TABLES: Readonly<Record<ErpEntity, string>> = {
  TIPO_CONTRIBUICAO: 'erp_tipo_contribuicao',
  TIPO_PRODUTO: 'erp_tipo_produto',
  TIPO_OPERACAO_FISCAL: 'erp_tipo_operacao_fiscal',
  FORMA_PAGAMENTO: 'erp_forma_pagamento',
  TRANSPORTADORA: 'erp_transportadora',
  ASSUNTO: 'erp_assunto',
  SELO: 'erp_selo',
  AUTOR: 'erp_autor',
  VENDEDOR: 'erp_vendedor',
  CLIENTE: 'erp_cliente',
  PRODUTO: 'erp_produto',
  ESTOQUE: 'erp_estoque',
  VENDA: 'erp_venda',
};

const f = (column: string, field: string, type: SqlType): FieldSpec => ({ column, field, type });
const ref = (column: string, field: string, target: ErpEntity): RefSpec => ({ column, field, target });
const ativo = f('ativo', 'ativo', 'boolean');

/** The storage spec of every entity type (PRODUTO's contributors and VENDA's lines are handled beside it). */
export const ERP_ENTITY_SPECS: Readonly<Record<ErpEntity, EntitySpec>> = {
  TIPO_CONTRIBUICAO: {
    table: ERP_TABLES.TIPO_CONTRIBUICAO,
    fields: [f('descricao', 'descricao', 'varchar'), f('codigo_onix', 'codigoOnix', 'varchar'), ativo],
    refs: [],
  },
  TIPO_PRODUTO: {
    table: ERP_TABLES.TIPO_PRODUTO,
    fields: [f('descricao', 'descricao', 'varchar'), f('formato_onix', 'formatoOnix', 'varchar'), ativo],
    refs: [],
  },
  TIPO_OPERACAO_FISCAL: {
    table: ERP_TABLES.TIPO_OPERACAO_FISCAL,
    fields: [f('cfop', 'cfop', 'varchar'), f('descricao', 'descricao', 'varchar'), f('natureza', 'natureza', 'varchar'), ativo],
    refs: [],
  },
  FORMA_PAGAMENTO: {
    table: ERP_TABLES.FORMA_PAGAMENTO,
    fields: [f('descricao', 'descricao', 'varchar'), f('parcelas', 'parcelas', 'smallint'), f('prazo_dias', 'prazoDias', 'smallint'), ativo],
    refs: [],
  },
  TRANSPORTADORA: {
    table: ERP_TABLES.TRANSPORTADORA,
    fields: [f('nome', 'nome', 'varchar'), f('cnpj', 'cnpj', 'varchar'), f('uf', 'uf', 'varchar'), ativo],
    refs: [],
  },
  ASSUNTO: {
    table: ERP_TABLES.ASSUNTO,
    fields: [f('descricao', 'descricao', 'varchar'), f('codigo_bisac', 'codigoBisac', 'varchar'), ativo],
    refs: [],
  },
  SELO: {
    table: ERP_TABLES.SELO,
    fields: [f('nome', 'nome', 'varchar'), f('editora', 'editora', 'varchar'), f('cnpj_editora', 'cnpjEditora', 'varchar'), ativo],
    refs: [],
  },
  AUTOR: {
    table: ERP_TABLES.AUTOR,
    fields: [f('nome', 'nome', 'varchar'), f('nome_invertido', 'nomeInvertido', 'varchar'), f('biografia', 'biografia', 'text'), ativo],
    refs: [],
  },
  VENDEDOR: {
    table: ERP_TABLES.VENDEDOR,
    fields: [f('nome', 'nome', 'varchar'), f('email', 'email', 'varchar'), ativo],
    refs: [],
  },
  CLIENTE: {
    table: ERP_TABLES.CLIENTE,
    fields: [
      f('razao_social', 'razaoSocial', 'varchar'),
      f('nome_fantasia', 'nomeFantasia', 'varchar'),
      f('documento', 'documento', 'varchar'),
      f('tipo', 'tipo', 'varchar'),
      f('uf', 'uf', 'varchar'),
      f('municipio', 'municipio', 'varchar'),
      f('codigo_municipio_ibge', 'codigoMunicipioIbge', 'varchar'),
      ativo,
    ],
    refs: [ref('vendedor_id', 'idVendedor', 'VENDEDOR')],
  },
  PRODUTO: {
    table: ERP_TABLES.PRODUTO,
    fields: [
      f('ean', 'ean', 'varchar'),
      f('titulo', 'titulo', 'varchar'),
      f('subtitulo', 'subtitulo', 'varchar'),
      f('preco_centavos', 'precoCentavos', 'bigint'),
      f('custo_centavos', 'custoCentavos', 'bigint'),
      f('data_lancamento', 'dataLancamento', 'date'),
      f('ano_edicao', 'anoEdicao', 'smallint'),
      f('paginas', 'paginas', 'int'),
      f('peso_gramas', 'pesoGramas', 'int'),
      f('idioma', 'idioma', 'varchar'),
      f('situacao', 'situacao', 'varchar'),
      ativo,
    ],
    refs: [ref('selo_id', 'idSelo', 'SELO'), ref('tipo_produto_id', 'idTipoProduto', 'TIPO_PRODUTO'), ref('assunto_id', 'idAssunto', 'ASSUNTO')],
  },
  ESTOQUE: {
    table: ERP_TABLES.ESTOQUE,
    fields: [
      f('fisico', 'fisico', 'int'),
      f('reservado', 'reservado', 'int'),
      f('consignado', 'consignado', 'int'),
      f('bloqueado', 'bloqueado', 'int'),
      f('pedido_compra', 'pedidoCompra', 'int'),
    ],
    refs: [ref('produto_id', 'idProduto', 'PRODUTO')],
  },
  VENDA: {
    table: ERP_TABLES.VENDA,
    fields: [
      f('tipo', 'tipo', 'varchar'),
      f('numero', 'numero', 'int'),
      f('serie', 'serie', 'varchar'),
      f('data_emissao', 'dataEmissao', 'date'),
      f('uf', 'uf', 'varchar'),
      f('consignacao', 'consignacao', 'boolean'),
      f('cancelada', 'cancelada', 'boolean'),
      f('frete_centavos', 'freteCentavos', 'bigint'),
      f('total_centavos', 'totalCentavos', 'bigint'),
      f('referencia_pedido', 'referenciaPedido', 'varchar'),
    ],
    refs: [
      ref('cliente_id', 'idCliente', 'CLIENTE'),
      ref('vendedor_id', 'idVendedor', 'VENDEDOR'),
      ref('tipo_operacao_fiscal_id', 'idTipoOperacaoFiscal', 'TIPO_OPERACAO_FISCAL'),
      ref('forma_pagamento_id', 'idFormaPagamento', 'FORMA_PAGAMENTO'),
      ref('transportadora_id', 'idTransportadora', 'TRANSPORTADORA'),
      ref('documento_origem_id', 'idDocumentoOrigem', 'VENDA'),
    ],
  },
};

/** Line fields of a sale (`erp_venda_item`), besides `produto_id` (from `idProduto`). */
export const SALE_LINE_FIELDS: readonly FieldSpec[] = [
  f('linha', 'linha', 'smallint'),
  f('quantidade', 'quantidade', 'int'),
  f('preco_unitario_centavos', 'precoUnitarioCentavos', 'bigint'),
  f('desconto_centavos', 'descontoCentavos', 'bigint'),
  f('valor_liquido_centavos', 'valorLiquidoCentavos', 'bigint'),
  f('custo_centavos', 'custoCentavos', 'bigint'),
  f('linha_origem', 'linhaOrigem', 'smallint'),
];
