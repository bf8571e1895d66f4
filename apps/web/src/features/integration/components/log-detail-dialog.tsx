import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { formatDateTime } from '../../../shared/format/format.ts';
import { useIntegrationLog } from '../api/integration-api.ts';
import { BodyView } from './body-view.tsx';
import { StatusChip } from './status-chip.tsx';

/** Props of `LogDetailDialog`. */
export interface LogDetailDialogProps {
  /** Log row to show; null = closed. */
  id: number | null;
  onClose: () => void;
}

/**
 * One exchange with the ERP (`GET log-integracao/{id}`): when, what, outcome, HTTP code, duration,
 * URL, message, then the request and response bodies (JSON pretty-printed). Full screen on phones.
 */
export function LogDetailDialog({ id, onClose }: LogDetailDialogProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const detail = useIntegrationLog(id);
  const row = detail.data;
  const fact = (label: string, value: React.ReactNode) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Dialog open={id !== null} onClose={onClose} fullScreen={mobile} fullWidth maxWidth="lg" aria-labelledby="log-detail-title">
      <DialogTitle id="log-detail-title">{t('integration.log.detailTitle', { id })}</DialogTitle>
      <DialogContent dividers>
        {!row ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label={t('integration.log.detailTitle', { id })} />
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, auto)' }, justifyContent: 'start' }}>
              {fact(t('integration.log.fields.data'), formatDateTime(row.data))}
              {fact(t('integration.log.fields.status'), <StatusChip status={row.status} />)}
              {fact(t('integration.log.fields.operacao'), row.operacao)}
              {fact(t('integration.log.fields.entidade'), row.entidade ? t(`integration.entities.${row.entidade}`) : '—')}
              {fact(t('integration.log.fields.codigoHttp'), row.codigoHttp ?? '—')}
              {fact(t('integration.log.fields.duracaoMs'), `${row.duracaoMs} ms`)}
              {fact(t('integration.log.fields.empresa'), row.nomeEmpresa ?? t('integration.log.noCompany'))}
              {fact(t('integration.log.fields.registros'), row.registros ?? '—')}
            </Box>
            {fact(t('integration.log.fields.url'), <Box component="code" sx={{ fontSize: 12.5 }}>{`${row.metodo} ${row.url}`}</Box>)}
            {row.mensagem && fact(t('integration.log.fields.mensagem'), row.mensagem)}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <BodyView id="log-detail-request" title={t('integration.log.request')} body={row.requisicao} />
              <BodyView id="log-detail-response" title={t('integration.log.response')} body={row.resposta} />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('integration.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
