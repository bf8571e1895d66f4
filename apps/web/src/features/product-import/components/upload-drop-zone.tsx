import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';

/** Props of {@link UploadDropZone}. */
export interface UploadDropZoneProps {
  /** Called with the file dropped or chosen. */
  onFile: (file: File) => void;
  /** The file is being read: the zone shows a spinner and takes nothing. */
  busy: boolean;
}

/**
 * Drop zone for the import file: drag and drop anywhere on it, or the "Escolher arquivo" button
 * (a hidden `<input type=file>` labelled for tests and screen readers, `data-testid=import-file`).
 */
export function UploadDropZone({ onFile, busy }: UploadDropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      {busy ? <CircularProgress size={40} /> : <UploadFileIcon color="primary" sx={{ fontSize: 48 }} />}
      <Typography variant="h6" component="p">
        {busy ? t('productImport.reading') : t('productImport.drop')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('productImport.dropHint')}
      </Typography>
      <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
        {t('productImport.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="import-file"
        aria-label={t('productImport.choose')}
        accept=".csv,.txt,.xlsx,.xml,text/csv,application/xml,text/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
