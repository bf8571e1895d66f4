/**
 * The stored matches applied by the ERP sync: after a page of ERP records is written (in the
 * page's transaction), the catalogue products of the ERP products the page concerns get the
 * matched Acervo codes instead of the ERP's own values the sync's fill just wrote
 * (`applyMatch`, restricted to those ERP products). Decisions in `docs/catalogue-matching.md`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ErpEntity, MatchKind } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import { applyMatch } from './matching.service.ts';

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
const ids = (values: unknown): SQL => sql`(SELECT value FROM jsonb_array_elements_text(${json(values)}))`;

/**
 * The company's ERP products a page of `entity` concerns (surrogate ids of `erp_produto`), for the
 * entity types whose pages write catalogue values: PRODUTO (its own products), ASSUNTO, SELO,
 * TIPO_PRODUTO (the products naming them), TIPO_CONTRIBUICAO and AUTOR (the products crediting
 * them). Other entity types concern none.
 */
function concernedProducts(companyId: number, entity: ErpEntity, erpIds: readonly string[]): SQL | null {
  const c = sql`${companyId}::int`;
  const naming = (table: string, ref: string) =>
    sql`SELECT e.id FROM ${sql.raw(table)} r JOIN erp_produto e ON e.${sql.raw(ref)} = r.id WHERE r.empresa_id = ${c} AND r.id_erp IN ${ids(erpIds)}`;
  const crediting = (table: string, ref: string) =>
    sql`SELECT DISTINCT c.erp_produto_id AS id FROM ${sql.raw(table)} r JOIN erp_produto_contribuidor c ON c.${sql.raw(ref)} = r.id WHERE r.empresa_id = ${c} AND r.id_erp IN ${ids(erpIds)}`;
  switch (entity) {
    case 'PRODUTO':
      return sql`SELECT id FROM erp_produto WHERE empresa_id = ${c} AND id_erp IN ${ids(erpIds)}`;
    case 'ASSUNTO':
      return naming('erp_assunto', 'assunto_id');
    case 'SELO':
      return naming('erp_selo', 'selo_id');
    case 'TIPO_PRODUTO':
      return naming('erp_tipo_produto', 'tipo_produto_id');
    case 'TIPO_CONTRIBUICAO':
      return crediting('erp_tipo_contribuicao', 'tipo_contribuicao_id');
    case 'AUTOR':
      return crediting('erp_autor', 'autor_id');
    default:
      return null;
  }
}

/**
 * Applies the company's stored matches to the catalogue products of the ERP products a page of
 * `entity` (ERP ids `erpIds`) concerns, in the page's transaction `tx`. Costs one lookup when the
 * company has no match; otherwise one lookup of the products, one of the matches they use, and one
 * `applyMatch` statement per match used (restricted to those products).
 */
export async function applyStoredMatches(tx: Executor, companyId: number, entity: ErpEntity, erpIds: readonly string[]): Promise<void> {
  const concerned = concernedProducts(companyId, entity, erpIds);
  if (!concerned || erpIds.length === 0) return;
  const any = resultRows(await tx.execute(sql`SELECT 1 FROM correspondencia_produto WHERE empresa_id = ${companyId}::int LIMIT 1`));
  if (any.length === 0) return;
  const products = resultRows<{ id: number }>(await tx.execute(concerned)).map((r) => Number(r.id));
  if (products.length === 0) return;
  const e = sql`(SELECT value::int FROM jsonb_array_elements_text(${json(products)}))`;
  const matches = resultRows<{ tipo: MatchKind; codigo_erp: string; codigo_acervo: string | null; editora_id: number | null }>(
    await tx.execute(sql`SELECT m.tipo, m.codigo_erp, m.codigo_acervo, m.editora_id
      FROM (
        SELECT 'CATEGORIA_BISAC' AS tipo, r.id_erp AS codigo FROM erp_produto e JOIN erp_assunto r ON r.id = e.assunto_id WHERE e.id IN ${e}
        UNION SELECT 'EDITORA', r.id_erp FROM erp_produto e JOIN erp_selo r ON r.id = e.selo_id WHERE e.id IN ${e}
        UNION SELECT 'ENCADERNACAO', r.id_erp FROM erp_produto e JOIN erp_tipo_produto r ON r.id = e.tipo_produto_id WHERE e.id IN ${e}
        UNION SELECT 'SITUACAO', e.situacao FROM erp_produto e WHERE e.id IN ${e} AND e.situacao IS NOT NULL
        UNION SELECT 'CONTRIBUICAO', r.id_erp FROM erp_produto_contribuidor c JOIN erp_tipo_contribuicao r ON r.id = c.tipo_contribuicao_id WHERE c.erp_produto_id IN ${e}
      ) used
      JOIN correspondencia_produto m ON m.empresa_id = ${companyId}::int AND m.tipo = used.tipo AND m.codigo_erp = used.codigo
      ORDER BY m.tipo, m.codigo_erp`),
  );
  for (const m of matches) {
    const target = m.tipo === 'EDITORA' ? { code: String(m.editora_id), publisherId: Number(m.editora_id) } : { code: m.codigo_acervo as string, publisherId: null };
    await applyMatch(tx, companyId, m.tipo, m.codigo_erp, target, null, products);
  }
}
