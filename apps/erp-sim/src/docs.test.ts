import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ERP_ENTITIES, ERP_RECORD_SCHEMAS } from '@acervo/contracts/erp-protocol';

/** docs/erp-protocol.yaml stays in step with the contract: a renamed field or a new call breaks this test. */
const spec = parse(readFileSync(new URL('../../../docs/erp-protocol.yaml', import.meta.url), 'utf8'));

/** The schema name of each entity type in the OpenAPI file. */
const SCHEMA_OF: Record<string, string> = {
  TIPO_CONTRIBUICAO: 'TipoContribuicao', TIPO_PRODUTO: 'TipoProduto', TIPO_OPERACAO_FISCAL: 'TipoOperacaoFiscal', FORMA_PAGAMENTO: 'FormaPagamento',
  TRANSPORTADORA: 'Transportadora', ASSUNTO: 'Assunto', SELO: 'Selo', AUTOR: 'Autor', VENDEDOR: 'Vendedor', CLIENTE: 'Cliente', PRODUTO: 'Produto',
  ESTOQUE: 'Estoque', VENDA: 'Venda',
};

describe('docs/erp-protocol.yaml', () => {
  it('is OpenAPI 3.1 with every call the simulator serves', () => {
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).sort()).toEqual(
      ['/controle/falhas', '/empresas', '/empresas/{codigo}/pedidos', '/empresas/{codigo}/produtos', '/empresas/{codigo}/registros/{entidade}', '/empresas/{codigo}/registros/{entidade}/{id}', '/estatisticas', '/login', '/saude'].sort(),
    );
  });

  it('lists the 13 entity types in sync order and documents every field of every record schema', () => {
    expect(spec.components.parameters.Entidade.schema.enum).toEqual([...ERP_ENTITIES]);
    for (const entity of ERP_ENTITIES) {
      const doc = spec.components.schemas[SCHEMA_OF[entity]];
      const own = doc.allOf[1];
      const documented = ['id', 'alteradoEm', ...Object.keys(own.properties)].sort();
      expect(documented, entity).toEqual(Object.keys(ERP_RECORD_SCHEMAS[entity].shape).sort());
      // every field is required but those the contract makes optional (VENDA's referenciaPedido)
      const shape = ERP_RECORD_SCHEMAS[entity].shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      const required = Object.keys(own.properties).filter((field) => !shape[field].safeParse(undefined).success);
      expect([...own.required].sort(), entity).toEqual(required.sort());
    }
    expect(Object.keys(spec.components.schemas.LinhaVenda.properties).sort()).toEqual(Object.keys(ERP_RECORD_SCHEMAS.VENDA.shape.itens.element.shape).sort());
  });
});
