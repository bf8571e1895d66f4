import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { REQUIRED, idSchema, replacementItemQuerySchema } from '@acervo/contracts';
import type { ExportSource } from '../../shared/export-source.ts';
import { streamRows } from '../../shared/cursor.ts';
import { notFound } from '../../shared/errors.ts';
import { termPattern } from '../../shared/paging.ts';
import { replacements } from '../replenishment.schema.ts';
import { itemConditions } from './replacements.repository.ts';
import { itemSort } from './replacements.service.ts';

/*
 * A replacement's items as an export source (issue 18 Part 3): `POST fila-exportacao/csv|excel`
 * with `origem` `reposicao/itens` and `filtros` `{idReposicao, term?, sorter?}` (the item list's
 * query; paging ignored). Rows stream from a cursor in the list's order, scoped to the requester's
 * selected company as `GET reposicao/{id}/item` is.
 */

/** Filters of the items export: the replacement and the item list's term and sort. */
const replacementItemsExportFilters = replacementItemQuerySchema.pick({ term: true, sorter: true, sort: true }).extend({ idReposicao: idSchema });
/** Parsed filters of the items export. */
type ReplacementItemsExportFilters = z.infer<typeof replacementItemsExportFilters>;

/** The items export (`origem` `reposicao/itens`), spread into EXPORT_SOURCES (`domains.ts`). */
export const replacementItemsExportSource: ExportSource<ReplacementItemsExportFilters> = {
  origem: 'reposicao/itens',
  role: REQUIRED.reposicaoHistorico,
  fileBaseName: 'reposicao_itens',
  columns: [
    { header: 'EAN', kind: 'text', width: 15 },
    { header: 'SKU', kind: 'text' },
    { header: 'Título', kind: 'text', width: 40 },
    { header: 'Autores', kind: 'text', width: 30 },
    { header: 'Editora', kind: 'text', width: 30 },
    { header: 'Saldo disponível', kind: 'integer' },
    { header: 'Quantidade sugerida', kind: 'integer' },
    { header: 'Quantidade a pedir', kind: 'integer' },
    { header: 'Preço de capa (R$)', kind: 'money' },
    { header: 'Custo (R$)', kind: 'money' },
    { header: 'Método', kind: 'text' },
  ],
  parseFilters(filtros) {
    const filters = replacementItemsExportFilters.parse(filtros);
    itemSort({ ...filters, page: 0 });
    return filters;
  },
  async *rows(database, auth, filters) {
    const [own] = await database.db
      .select({ id: replacements.id })
      .from(replacements)
      .where(and(eq(replacements.id, filters.idReposicao), eq(replacements.companyId, auth.companyId ?? -1)));
    if (!own) throw notFound();
    const order = itemSort({ ...filters, page: 0 });
    const query = sql`SELECT isbn13, sku, titulo, autores, editora, saldo_disponivel, quantidade_sugerida, quantidade_pedido, preco_centavos, custo_centavos, metodo
      FROM reposicao_item WHERE ${itemConditions(filters.idReposicao, termPattern(filters.term))}
      ORDER BY ${sql.join(order.orderBy, sql`, `)}`;
    for await (const r of streamRows(database, query)) {
      yield [r.isbn13, r.sku, r.titulo, r.autores, r.editora, r.saldo_disponivel, r.quantidade_sugerida, r.quantidade_pedido, r.preco_centavos, r.custo_centavos, r.metodo];
    }
  },
};

/** The replenishment domain's export sources. */
export const REPLACEMENT_EXPORT_SOURCES: ExportSource[] = [replacementItemsExportSource as ExportSource];
