import { BILLING_TABS, REQUIRED, billingTabQuerySchema, type BillingTab, type BillingTabQuery } from '@acervo/contracts';
import type { ExportColumn, ExportSource } from '../shared/export-source.ts';
import { streamRows } from '../shared/cursor.ts';
import { billingTabSql } from './billing-report.repository.ts';
import { billingScope, billingSort, checkPeriod, toBillingRow } from './billing-report.service.ts';

/**
 * The billing report's tabs as export sources (issue 17 parts 1 and 2): `origem`
 * `relatorio/faturamento/<aba>`, `filtros` = the tab's query (the screen's filters and sort; paging
 * ignored). Rows stream from a cursor over the same SQL as `GET relatorio/faturamento/{aba}`,
 * with the same company and own-sales scope, in the same order; one line per group with the
 * figures of all the chosen companies together (the per-company split is on screen only).
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

/** One export source per tab. */
function billingExportSource(tab: BillingTab): ExportSource<BillingTabQuery> {
  return {
    origem: `relatorio/faturamento/${tab}`,
    role: REQUIRED.relatorioFaturamento,
    fileBaseName: `relatorio_faturamento_${tab}`,
    columns: [{ header: KEY_HEADERS[tab][0], kind: 'text' }, { header: KEY_HEADERS[tab][1], kind: 'text', width: 40 }, ...FIGURE_COLUMNS],
    parseFilters(filtros) {
      const filters = billingTabQuerySchema.parse(filtros);
      checkPeriod(filters);
      billingSort(tab, filters.sorter);
      return filters;
    },
    async *rows(database, auth, filters) {
      const scope = await billingScope(database.db, auth, filters.idEmpresa);
      const query = billingTabSql(tab, { ...filters, descricaoProduto: filters.descricaoProduto?.trim() || undefined }, scope, billingSort(tab, filters.sorter));
      for await (const raw of streamRows(database, query)) {
        const row = toBillingRow(raw as unknown as Parameters<typeof toBillingRow>[0]);
        yield [row.chave, row.descricao, row.quantidade, row.brutoCentavos, row.devolucoesCentavos, row.liquidoCentavos, row.notas, row.participacao / 100];
      }
    },
  };
}

/** The seven tabs' export sources, spread into EXPORT_SOURCES (`domains.ts`). */
export const BILLING_EXPORT_SOURCES: ExportSource[] = BILLING_TABS.map((tab) => billingExportSource(tab) as ExportSource);
