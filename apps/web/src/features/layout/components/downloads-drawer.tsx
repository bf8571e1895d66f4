import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_QUEUE_PAGE_SIZE, type ExportItem, type ExportStatus } from '@acervo/contracts';
import { formatDateTime } from '../../../shared/format/format.ts';
import { EXPORT_QUEUE_KEY, downloadExport, useExportQueue } from '../../../shared/exports/export-api.ts';

/** Chip colour of each status. */
const STATUS_COLOR: Record<ExportStatus, 'default' | 'info' | 'success' | 'error'> = {
  AGUARDANDO_PROCESSAMENTO: 'default',
  PROCESSANDO: 'info',
  SUCESSO: 'success',
  ERRO: 'error',
};

/** Props of `DownloadsDrawer`. */
export interface DownloadsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The Downloads drawer of SPEC section 2: the user's exports of the last 7 days (`GET
 * fila-exportacao`, 10 a page) with the columns origin, user, inclusion date, change date, status
 * and action; the download icon only on SUCESSO items whose file is still there; a dot on items not
 * viewed yet; the rows written so far under PROCESSANDO (polled every 2 s while one runs); a close
 * button. A download saves the file, and the list and the badge reload (the dot goes).
 * Below 769 px each item is a card with the same fields.
 */
export function DownloadsDrawer({ open, onClose }: DownloadsDrawerProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:768px)');
  const [page, setPage] = useState(0);
  const queue = useExportQueue(page, open);
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState<number | null>(null);
  // each time the open drawer reloads (every 2 s while an export runs), the badge follows it
  // instead of waiting for its 60-second poll
  useEffect(() => {
    if (queue.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: [EXPORT_QUEUE_KEY, 'notificacao'] });
  }, [queue.dataUpdatedAt, queryClient]);

  const download = async (item: ExportItem) => {
    setDownloading(item.id);
    try {
      await downloadExport(item.id, item.nomeArquivo ?? `exportacao-${item.id}`);
    } catch {
      // the error toast has been shown
    } finally {
      setDownloading(null);
      await queryClient.invalidateQueries({ queryKey: [EXPORT_QUEUE_KEY] });
    }
  };

  const origin = (item: ExportItem) => t(`exports.origins.${item.nomExportacao}`, { defaultValue: item.nomExportacao });
  const dot = (item: ExportItem) =>
    item.indVisualizado ? null : (
      <Box component="span" role="img" aria-label={t('exports.unread')} title={t('exports.unread')} data-testid="unread-dot" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', mr: 1, flexShrink: 0 }} />
    );
  const status = (item: ExportItem) => (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <Chip size="small" color={STATUS_COLOR[item.status]} label={t(`exports.statuses.${item.status}`)} sx={{ alignSelf: 'flex-start' }} />
      {item.status === 'PROCESSANDO' && (
        <>
          <LinearProgress aria-label={t('exports.statuses.PROCESSANDO')} />
          <Typography variant="caption" data-testid="export-progress">
            {t('exports.rows', { count: item.linhas, formatted: item.linhas.toLocaleString() })}
          </Typography>
        </>
      )}
      {item.status === 'ERRO' && item.motivo && (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {item.motivo}
        </Typography>
      )}
      {item.status === 'SUCESSO' && !item.arquivoDisponivel && (
        <Typography variant="caption" color="text.secondary">
          {t('exports.expired')}
        </Typography>
      )}
    </Stack>
  );
  const action = (item: ExportItem) =>
    item.status === 'SUCESSO' && item.arquivoDisponivel ? (
      <Tooltip title={t('exports.download', { name: item.nomeArquivo ?? '' })}>
        <span>
          <IconButton aria-label={t('exports.download', { name: item.nomeArquivo ?? '' })} onClick={() => void download(item)} disabled={downloading === item.id} color="primary">
            <DownloadIcon />
          </IconButton>
        </span>
      </Tooltip>
    ) : null;

  const items = queue.data?.itens ?? [];
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100vw', md: 860 }, maxWidth: '100vw' }, 'aria-labelledby': 'downloads-drawer-title' } as object }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="downloads-drawer-title" variant="h6" component="h2">
            {t('exports.drawerTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('exports.drawerSubtitle')}
          </Typography>
        </Box>
        <IconButton aria-label={t('exports.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {queue.isFetching && <LinearProgress sx={{ height: 2 }} />}
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {items.length === 0 && !queue.isLoading ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {t('exports.empty')}
          </Typography>
        ) : narrow ? (
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="downloads-drawer-title">
            {items.map((item) => (
              <Box component="li" key={item.id} data-testid="export-item" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack direction="row" sx={{ alignItems: 'center' }}>
                      {dot(item)}
                      <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                        {origin(item)}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {t('exports.user')}: {item.usuario}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('exports.createdAt')}: {formatDateTime(item.data)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                      {t('exports.updatedAt')}: {formatDateTime(item.dtaAlteracao)}
                    </Typography>
                    {status(item)}
                  </Box>
                  {action(item)}
                </Stack>
              </Box>
            ))}
          </Stack>
        ) : (
          <Table size="small" stickyHeader aria-labelledby="downloads-drawer-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('exports.origin')}</TableCell>
                <TableCell>{t('exports.user')}</TableCell>
                <TableCell>{t('exports.createdAt')}</TableCell>
                <TableCell>{t('exports.updatedAt')}</TableCell>
                <TableCell>{t('exports.status')}</TableCell>
                <TableCell align="center">{t('exports.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} data-testid="export-item" hover>
                  <TableCell>
                    <Stack direction="row" sx={{ alignItems: 'center' }}>
                      {dot(item)}
                      <span>{origin(item)}</span>
                    </Stack>
                  </TableCell>
                  <TableCell>{item.usuario}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.data)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.dtaAlteracao)}</TableCell>
                  <TableCell>{status(item)}</TableCell>
                  <TableCell align="center">{action(item)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      {(queue.data?.totalItens ?? 0) > EXPORT_QUEUE_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={queue.data?.totalItens ?? 0}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={EXPORT_QUEUE_PAGE_SIZE}
          rowsPerPageOptions={[EXPORT_QUEUE_PAGE_SIZE]}
        />
      )}
    </Drawer>
  );
}
