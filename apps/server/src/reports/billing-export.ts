import { sql } from 'drizzle-orm';
import { BILLING_TABS, REQUIRED, billingTabQuerySchema, type BillingTab, type BillingTabQuery } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import type { ExportColumn, ExportSource } from '../shared/export-source.ts';
import { streamRows } from '../shared/cursor.ts';
import { billingTabSql } from './billing-report.repository.ts';
import { billingScope, billingSort, checkPeriod, toBillingRow } from './billing-report.service.ts';

/**
 * The billing report's tabs as export sources (issue 17 parts 1 and 2): `origem`
 * `relatorio/faturamento/<aba>`, `filtros` = the tab's query (the screen's filters and sort; paging
 * ignored). Rows stream from a cursor over the same SQL as `GET relatorio/faturamento/{aba}`,
 * with the same company and own-sales scope, in the same order; one line per group with the
 * figures of all the chosen companies together and, when several companies are chosen, each
 * company's net beside them, as the screen shows it (`<empresa>: líquido (R$)`, after the net).
 */

/** pt-BR headers of each tab's key and description columns. */
const KEY_HEADERS: Record<BillingTab, [string, string]> = {
  data: ['Data', 'Período'],
  cliente: ['CNPJ/CPF', 'Cliente'],
  editora: ['Código da editora', 'Editora'],
  assunto: ['Código do assunto', 'Assunto'],
  vendedor: ['Código do vendedor', 'Vendedor'],
  estado: ['UF', 'Estado'],
  produto: ['EAN', 'Título'],
};

const FIGURE_COLUMNS: ExportColumn[] = [
  { header: 'Quantidade', kind: 'integer' },
  { header: 'Valor bruto (R$)', kind: 'money' },
  { header: 'Devoluções (R$)', kind: 'money' },
  { header: 'Valor líquido (R$)', kind: 'money' },
  { header: 'Notas', kind: 'integer' },
  { header: 'Participação', kind: 'percent' },
];

/** Header of a company's net column, as the screen's `billingReport.companyColumn` in pt-BR. */
export function companyNetHeader(name: string): string {
  return `${name}: líquido (R$)`;
}

/** The chosen companies' names by id, in the scope's order (ascending id). */
async function companyNames(db: Executor, ids: readonly number[]): Promise<string[]> {
  const rows = resultRows<{ id: number; nome: string }>(await db.execute(sql`SELECT id, nome FROM empresa WHERE id IN (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)})`));
  const byId = new Map(rows.map((r) => [Number(r.id), r.nome]));
  return ids.map((id) => byId.get(id) ?? `#${id}`);
}

/** Index of the net column among FIGURE_COLUMNS: the company columns follow it. */
const NET_AT = 2 + FIGURE_COLUMNS.findIndex((column) => column.header === 'Valor líquido (R$)') + 1;

/** One export source per tab. */
function billingExportSource(tab: BillingTab): ExportSource<BillingTabQuery> {
  const columns: ExportColumn[] = [{ header: KEY_HEADERS[tab][0], kind: 'text' }, { header: KEY_HEADERS[tab][1], kind: 'text', width: 40 }, ...FIGURE_COLUMNS];
  return {
    origem: `relatorio/faturamento/${tab}`,
    role: REQUIRED.relatorioFaturamento,
    fileBaseName: `relatorio_faturamento_${tab}`,
    columns,
    parseFilters(filtros) {
      const filters = billingTabQuerySchema.parse(filtros);
      checkPeriod(filters);
      billingSort(tab, filters.sorter);
      return filters;
    },
    async columnsFor(database, auth, filters) {
      const scope = await billingScope(database.db, auth, filters.idEmpresa);
      if (scope.companyIds.length < 2) return columns;
      const perCompany = (await companyNames(database.db, scope.companyIds)).map((name): ExportColumn => ({ header: companyNetHeader(name), kind: 'money' }));
      return [...columns.slice(0, NET_AT), ...perCompany, ...columns.slice(NET_AT)];
    },
    async *rows(database, auth, filters) {
      const scope = await billingScope(database.db, auth, filters.idEmpresa);
      const split = scope.companyIds.length > 1 ? scope.companyIds : [];
      const query = billingTabSql(tab, { ...filters, descricaoProduto: filters.descricaoProduto?.trim() || undefined }, scope, billingSort(tab, filters.sorter));
      for await (const raw of streamRows(database, query)) {
        const row = toBillingRow(raw as unknown as Parameters<typeof toBillingRow>[0]);
        const nets = split.map((id) => row.porEmpresa.find((c) => c.idEmpresa === id)?.liquidoCentavos ?? 0);
        yield [row.chave, row.descricao, row.quantidade, row.brutoCentavos, row.devolucoesCentavos, row.liquidoCentavos, ...nets, row.notas, row.participacao / 100];
      }
    },
  };
}

/** The seven tabs' export sources, spread into EXPORT_SOURCES (`domains.ts`). */
export const BILLING_EXPORT_SOURCES: ExportSource[] = BILLING_TABS.map((tab) => billingExportSource(tab) as ExportSource);
