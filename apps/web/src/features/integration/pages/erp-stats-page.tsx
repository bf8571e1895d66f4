import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { IntegrationEntityStats } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { formatDateTime } from '../../../shared/format/format.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { erpIndicatorColor, formatErpPercent } from '../../../shared/format/erp-indicator-color.ts';
import { useIntegrationStats } from '../api/integration-api.ts';
import { formatMinutes } from '../integration-format.ts';

const DailyChart = lazy(async () => ({ default: (await import('../components/daily-chart.tsx')).DailyChart }));

/** The lag cell: 'Em dia' (green) or 'Atrasada' / 'Nunca sincronizada' (red), with lag and period. */
function LagCell({ row }: { row: IntegrationEntityStats }) {
  const { t } = useTranslation();
  const label = row.emDia ? t('integration.stats.inTime') : row.ultimaSincronizacao ? t('integration.stats.late') : t('integration.stats.neverSynced');
  const detail = [
    row.defasagemMinutos !== null ? t('integration.stats.lag', { value: formatMinutes(row.defasagemMinutos) }) : null,
    row.periodoMinutos !== null ? t('integration.stats.period', { value: formatMinutes(row.periodoMinutos) }) : t('integration.stats.noTask'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box>
      <Chip size="small" variant="outlined" color={row.emDia ? 'success' : 'error'} label={label} sx={{ fontWeight: 600 }} />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
        {detail}
      </Typography>
    </Box>
  );
}

/**
 * ERP integration statistics (`/product/estatistica-integracao`, VISUALIZAR_ESTATISTICAS_INTEGRACAO),
 * from `GET estatistica-integracao` (refreshed every 60 s): the in-time percentage in the
 * indicator's colour, one row per entity type (label, last sync, records stored, pending errors,
 * lag in time/late with lag and period, last error) — cards on phones — and the chart of records
 * received per day over 30 days (its own chunk). Says so when the integration is off.
 */
export function ErpStatsPage() {
  const { t, i18n } = useTranslation();
  const integer = new Intl.NumberFormat(i18n.language);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const stats = useIntegrationStats();
  const data = stats.data;
  const color = data ? erpIndicatorColor(data.porcentagem) : 'default';

  return (
    <Box>
      <PageHeader title={t('integration.stats.title')} subtitle={t('integration.stats.subtitle')} />
      {stats.isError && (
        <Alert severity="error" action={<Button onClick={() => void stats.refetch()}>{t('integration.retry')}</Button>} sx={{ mb: 2 }}>
          {t('integration.retry')}
        </Alert>
      )}
      {data?.tipoIntegracao === 'NENHUMA' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('integration.stats.off')}
        </Alert>
      )}
      {!data ? (
        <Skeleton variant="rounded" height={420} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography component="p" variant="h4" sx={{ fontWeight: 700, color: color === 'default' ? 'text.primary' : `${color}.main` }} data-color={color}>
              {t('integration.stats.percent', { value: formatErpPercent(data.porcentagem, i18n.language) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('integration.stats.percentHelp')}
            </Typography>
          </Paper>
          {mobile ? (
            <Box component="ul" aria-label={t('integration.stats.tableLabel')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {data.entidades.map((row) => (
                <Paper component="li" variant="outlined" key={row.entidade} sx={{ p: 1.5 }}>
                  <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                    {t(`integration.entities.${row.entidade}`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('integration.stats.fields.ultimaSincronizacao')}: {row.ultimaSincronizacao ? formatDateTime(row.ultimaSincronizacao) : t('integration.never')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('integration.stats.fields.registros')}: {integer.format(row.registros)} · {t('integration.stats.fields.erros')}: {integer.format(row.erros)}
                  </Typography>
                  <Box sx={{ mt: 0.5 }}>
                    <LagCell row={row} />
                  </Box>
                  {row.ultimoErro && (
                    <Typography variant="caption" color="error.main" component="div" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
                      {row.ultimoErro}
                    </Typography>
                  )}
                </Paper>
              ))}
            </Box>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={t('integration.stats.tableLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('integration.stats.fields.entidade')}</TableCell>
                    <TableCell>{t('integration.stats.fields.ultimaSincronizacao')}</TableCell>
                    <TableCell align="right">{t('integration.stats.fields.registros')}</TableCell>
                    <TableCell align="right">{t('integration.stats.fields.erros')}</TableCell>
                    <TableCell>{t('integration.stats.fields.defasagem')}</TableCell>
                    <TableCell>{t('integration.stats.fields.ultimoErro')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.entidades.map((row) => (
                    <TableRow key={row.entidade}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                        {t(`integration.entities.${row.entidade}`)}
                      </TableCell>
                      <TableCell>{row.ultimaSincronizacao ? formatDateTime(row.ultimaSincronizacao) : t('integration.never')}</TableCell>
                      <TableCell align="right">{integer.format(row.registros)}</TableCell>
                      <TableCell align="right" sx={{ color: row.erros ? 'error.main' : undefined, fontWeight: row.erros ? 700 : undefined }}>
                        {integer.format(row.erros)}
                      </TableCell>
                      <TableCell>
                        <LagCell row={row} />
                      </TableCell>
                      <TableCell sx={{ maxWidth: 280, wordBreak: 'break-word', color: 'text.secondary' }}>{row.ultimoErro ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
              <DailyChart days={data.dias} daily={data.diario} />
            </Suspense>
          </Paper>
        </Box>
      )}
    </Box>
  );
}
