import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { downloadOnixExport } from '../api/export-onix.ts';

/** Props of `ExportOnixButton`: the catalogue filters currently applied (URL names = API names). */
export interface ExportOnixButtonProps {
  filters: Readonly<Record<string, string | undefined>>;
}

/**
 * "Exportar ONIX" of the catalogue: downloads `GET produto/onix` with the current filters (an ONIX
 * 3.0 file of every matching product, not only the visible page). Disabled with a spinner while
 * the download runs; failures show the API client's error toast.
 */
export function ExportOnixButton({ filters }: ExportOnixButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadOnixExport(filters);
    } catch {
      // The error toast has been shown.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('products.exportOnixHint')}>
      <span>
        <Button
          variant="outlined"
          onClick={() => void run()}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />}
        >
          {t('products.exportOnix')}
        </Button>
      </span>
    </Tooltip>
  );
}
