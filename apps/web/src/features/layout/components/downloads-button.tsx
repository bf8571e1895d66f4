import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';

/** Props of `DownloadsButton`. */
export interface DownloadsButtonProps {
  /** Finished exports not downloaded yet (`GET fila-exportacao/notificacaoDownloads`), the badge. */
  count: number;
  onClick?: () => void;
}

/**
 * Downloads button of the top bar with a badge of unread exports (SPEC section 2). The badge is
 * left out at 0: an invisible badge still holds the text "0", which made the button's content
 * disagree with its accessible name (WCAG 2.5.3).
 */
export function DownloadsButton({ count, onClick }: DownloadsButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('layout.downloads')}>
      <IconButton aria-label={count > 0 ? `${t('layout.downloads')} (${count})` : t('layout.downloads')} onClick={onClick} sx={{ flexShrink: 0 }}>
        {count > 0 ? (
          <Badge badgeContent={count} color="error" max={99}>
            <DownloadIcon />
          </Badge>
        ) : (
          <DownloadIcon />
        )}
      </IconButton>
    </Tooltip>
  );
}
