import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { COVER_ACCEPTED_TYPES, COVER_MAX_BYTES } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { useCoverUrl } from './product-form-api.ts';

/** Props of `CoverField`. */
export interface CoverFieldProps {
  /** Saved product id; null on the new-product form (the file waits for the first save). */
  productId: number | null;
  /** The detail's `arquivoCapa` (null = no stored cover). */
  arquivoCapa: string | null;
  titulo: string;
  /** A file chosen on the new form, sent after the product is created. */
  pendingFile: File | null;
  onPendingFile: (file: File | null) => void;
  /** Sends a chosen file of a saved product (upload right away). */
  onUpload: (file: File) => void;
  /** Removes the stored cover. */
  onRemove: () => void;
  busy?: boolean;
}

/**
 * The cover of the product form: a preview (the chosen file, or the stored cover's 320 px image
 * read with the session token), a button to choose a JPEG/PNG/WebP (type and the 5 MB cap checked
 * here first; the server checks the bytes) and one to remove it. On a saved product the file is
 * uploaded at once; on a new one it waits for the save.
 */
export function CoverField({ productId, arquivoCapa, titulo, pendingFile, onPendingFile, onUpload, onRemove, busy }: CoverFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const stored = useCoverUrl(productId, arquivoCapa, 'm');
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!pendingFile) {
      setPendingUrl(null);
      return;
    }
    const url = URL.createObjectURL(pendingFile);
    setPendingUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pendingFile]);

  const preview = pendingUrl ?? stored;
  const hasCover = pendingFile !== null || !!arquivoCapa;

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!(COVER_ACCEPTED_TYPES as readonly string[]).includes(file.type)) return setProblem(t('products.form.cover.wrongType'));
    if (file.size > COVER_MAX_BYTES) return setProblem(t('products.form.cover.tooLarge'));
    setProblem(null);
    if (productId === null) onPendingFile(file);
    else onUpload(file);
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Box
        sx={{ width: 140, height: 200, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'grey.50', flex: '0 0 auto' }}
      >
        {preview ? (
          <Box component="img" src={preview} alt={t('products.form.cover.alt', { titulo })} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} data-testid="cover-preview" />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <ImageIcon aria-hidden />
            <Typography variant="caption" component="div">
              {t('products.form.cover.none')}
            </Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <input ref={input} type="file" hidden accept={COVER_ACCEPTED_TYPES.join(',')} aria-label={t('products.form.cover.choose')} data-testid="cover-input" onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
            {hasCover ? t('products.form.cover.replace') : t('products.form.cover.choose')}
          </Button>
          {hasCover && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              disabled={busy}
              onClick={() => {
                setProblem(null);
                if (pendingFile) onPendingFile(null);
                else onRemove();
              }}
            >
              {t('products.form.cover.remove')}
            </Button>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('products.form.cover.accepted')}
        </Typography>
        {pendingFile && productId === null && (
          <Typography variant="caption" color="text.secondary">
            {pendingFile.name} — {t('products.form.cover.pending')}
          </Typography>
        )}
        {problem && (
          <Typography variant="caption" color="error" role="alert">
            {problem}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
