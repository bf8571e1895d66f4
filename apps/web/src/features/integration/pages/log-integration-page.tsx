import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_LOG_SORT_FIELDS, LOG_COUNT_CAP, type IntegrationLog } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { formatDateTime } from '../../../shared/format/format.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { LOG_FILTER_KEYS, useIntegrationLogs } from '../api/integration-api.ts';
import { LogFilters } from '../components/log-filters.tsx';
import { LogDetailDialog } from '../components/log-detail-dialog.tsx';
import { StatusChip } from '../components/status-chip.tsx';

const DEFAULT_SORT: SortState = { field: 'data', direction: 'desc' };
const MOBILE_HIDDEN: readonly string[] = ['operacao', 'tipo', 'entidade', 'codigoHttp', 'duracaoMs', 'registros'];

/**
 * Integration log (`/system/log-integration`, ROLE_VISUALIZAR_LOG_INTEGRACAO): every exchange with
 * the ERP of the selected company (and those of no company: login, health), newest first; filters
 * in the URL (request/response contains, type, status, entity, date range DD/MM/YYYY); a row opens
 * `LogDetailDialog` with the bodies pretty-printed. Past 1,000 matches the count says "more than".
 */
export function LogIntegrationPage() {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: LOG_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: INTEGRATION_LOG_SORT_FIELDS });
  const badRange = !!list.filters.dataInicio && !!list.filters.dataFim && list.filters.dataFim < list.filters.dataInicio;
  const logs = useIntegrationLogs(badRange ? { ...list.query, dataFim: undefined } : list.query);
  const [open, setOpen] = useState<number | null>(null);

  const columns = useMemo<GridColDef<IntegrationLog>[]>(
    () => [
      {
        field: 'data',
        headerName: t('integration.log.fields.data'),
        ...(mobile ? { flex: 1, minWidth: 180 } : { width: 150 }),
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2">{formatDateTime(row.data)}</Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
                {row.operacao}
                {row.entidade ? ` · ${t(`integration.entities.${row.entidade}`)}` : ''} · {row.codigoHttp ?? '—'} · {row.duracaoMs} ms
                {row.mensagem ? ` · ${row.mensagem}` : ''}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'status', headerName: t('integration.log.fields.status'), width: 104, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      {
        field: 'operacao',
        headerName: t('integration.log.fields.operacao'),
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.operacao}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.url}>
              {row.mensagem ?? `${row.metodo} ${row.url.replace(/^https?:\/\/[^/]+/, '')}`}
            </Typography>
          </Box>
        ),
      },
      { field: 'entidade', headerName: t('integration.log.fields.entidade'), width: 170, valueFormatter: (value: IntegrationLog['entidade']) => (value ? t(`integration.entities.${value}`) : '—') },
      { field: 'tipo', headerName: t('integration.log.fields.tipo'), width: 120 },
      { field: 'codigoHttp', headerName: t('integration.log.fields.codigoHttp'), width: 76, valueFormatter: (value: number | null) => value ?? '—' },
      { field: 'duracaoMs', headerName: t('integration.log.fields.duracaoMs'), width: 96, valueFormatter: (value: number) => `${value} ms` },
      { field: 'registros', headerName: t('integration.log.fields.registros'), width: 96, valueFormatter: (value: number | null) => value ?? '—' },
    ],
    [t, mobile],
  );

  return (
    <DateLocalization>
      <Box>
        <PageHeader title={t('integration.log.title')} subtitle={t('integration.log.subtitle')} />
        <LogFilters value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
        {logs.data?.totalLimitado && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('integration.log.capped', { count: LOG_COUNT_CAP.toLocaleString(i18n.language) as unknown as number })}
          </Alert>
        )}
        <DataTable<IntegrationLog>
          ariaLabel={t('integration.log.title')}
          rows={logs.data?.itens ?? []}
          rowCount={logs.data?.totalItens}
          columns={columns}
          loading={logs.isFetching}
          error={logs.isError}
          onRetry={() => void logs.refetch()}
          list={list}
          onRowClick={(row) => setOpen(row.id)}
          hiddenFields={mobile ? MOBILE_HIDDEN : []}
        />
        <LogDetailDialog id={open} onClose={() => setOpen(null)} />
      </Box>
    </DateLocalization>
  );
}
