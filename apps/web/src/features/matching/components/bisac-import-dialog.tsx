import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { BisacImportReport } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useImportBisac } from '../api/matching-api.ts';

/** Props of `BisacImportDialog`. */
export interface BisacImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The import's report: counts, then every duplicated code and every malformed row. */
export function BisacImportReportView({ report }: { report: BisacImportReport }) {
  const { t, i18n } = useTranslation();
  const counts: [string, number][] = [
    ['registros', report.registros],
    ['importados', report.importados],
    ['inseridos', report.inseridos],
    ['atualizados', report.atualizados],
    ['inalterados', report.inalterados],
    ['duplicados', report.duplicados.length],
    ['malformados', report.malformados.length],
  ];
  return (
    <Box aria-label={t('matching.import.report')} component="section">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('matching.import.reportOf', { arquivo: report.arquivo, formato: report.formato })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {counts.map(([key, n]) => (
          <Chip key={key} label={`${t(`matching.import.${key}`)}: ${n.toLocaleString(i18n.language)}`} color={(key === 'duplicados' || key === 'malformados') && n > 0 ? 'warning' : 'default'} variant="outlined" />
        ))}
      </Box>
      {report.duplicados.length > 0 && (
        <>
          <Typography variant="subtitle2">{t('matching.import.duplicatesTitle')}</Typography>
          <Box tabIndex={0} role="region" aria-label={t('matching.import.duplicatesTitle')} sx={{ overflowX: 'auto', mb: 2 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('matching.import.code')}</TableCell>
                  <TableCell>{t('matching.import.lines')}</TableCell>
                  <TableCell>{t('matching.import.headings')}</TableCell>
                  <TableCell>{t('matching.import.outcome')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.duplicados.map((d) => (
                  <TableRow key={d.codigo}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{d.codigo}</TableCell>
                    <TableCell>{d.linhas.join(', ')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'normal', minWidth: 220 }}>{d.descricoes.join(' | ')}</TableCell>
                    <TableCell>
                      <Chip size="small" color={d.importado ? 'success' : 'error'} label={d.importado ? t('matching.import.imported') : t('matching.import.notImported')} title={d.motivo} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
      {report.malformados.length > 0 && (
        <>
          <Typography variant="subtitle2">{t('matching.import.malformedTitle')}</Typography>
          <Box tabIndex={0} role="region" aria-label={t('matching.import.malformedTitle')} sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('matching.import.line')}</TableCell>
                  <TableCell>{t('matching.import.code')}</TableCell>
                  <TableCell>{t('matching.import.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.malformados.map((m) => (
                  <TableRow key={`${m.linha}-${m.codigo}`}>
                    <TableCell>{m.linha}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{m.codigo}</TableCell>
                    <TableCell>{m.motivo}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}

/**
 * Upload dialog of the BISAC heading list (`POST categoria-bisac/importacao`, JSON or CSV): pick a
 * file, Importar, then the report in the same dialog (counts, duplicated codes with their lines and
 * headings, malformed rows). A bad file answers 400 and the error toast says why (nothing written).
 */
export function BisacImportDialog({ open, onClose }: BisacImportDialogProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportBisac();
  const close = () => {
    setFile(null);
    upload.reset();
    onClose();
  };
  const submit = () => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (report) => toast.success(t('matching.import.done', { count: report.importados })) });
  };
  return (
    <Dialog open={open} onClose={close} fullWidth fullScreen={mobile} maxWidth="md" aria-labelledby="bisac-import-title">
      <DialogTitle id="bisac-import-title">{t('matching.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('matching.import.help')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
            {t('matching.import.choose')}
            <input
              hidden
              type="file"
              name="arquivo"
              accept=".json,.csv,application/json,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </Button>
          <Typography variant="body2">{file ? file.name : t('matching.import.noFile')}</Typography>
        </Box>
        {upload.isError && <Alert severity="error">{upload.error.message}</Alert>}
        {upload.data && <BisacImportReportView report={upload.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('matching.import.close')}</Button>
        <Button variant="contained" onClick={submit} disabled={!file || upload.isPending}>
          {t('matching.import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
