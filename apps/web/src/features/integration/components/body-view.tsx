import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast/toast.tsx';
import { prettyBody } from '../integration-format.ts';

/** Props of `BodyView`. */
export interface BodyViewProps {
  /** Heading of the block (e.g. 'Requisição'). */
  title: string;
  /** The raw body (JSON text, other text, or null). */
  body: string | null;
  /** Element id of the block, for `aria-labelledby`. */
  id: string;
}

/**
 * A request or response body: pretty-printed JSON in a scrollable monospace block, or the text as
 * is with a 'Texto (não é JSON)' chip; a copy button copies what is shown.
 */
export function BodyView({ title, body, id }: BodyViewProps) {
  const { t } = useTranslation();
  const shown = prettyBody(body);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown?.text ?? '');
      toast.success(t('integration.log.copied'));
    } catch {
      toast.error(t('integration.log.copyFailed'));
    }
  };
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography id={id} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {shown && !shown.json && <Chip size="small" label={t('integration.log.notJson')} />}
        <Box sx={{ flex: 1 }} />
        {shown && (
          <Tooltip title={t('integration.log.copy')}>
            <IconButton size="small" aria-label={`${t('integration.log.copy')}: ${title}`} onClick={() => void copy()}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={title}
        sx={{ m: 0, p: 1.5, maxHeight: 360, overflow: 'auto', bgcolor: 'grey.100', borderRadius: 1, fontSize: 12.5, lineHeight: 1.5, whiteSpace: shown?.json ? 'pre' : 'pre-wrap', wordBreak: 'break-word' }}
      >
        {shown ? shown.text : t('integration.log.emptyBody')}
      </Box>
    </Box>
  );
}
