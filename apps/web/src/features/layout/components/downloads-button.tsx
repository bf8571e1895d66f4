import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';

/** Props of `DownloadsButton`. */
export interface DownloadsButtonProps {
  /** Unread downloads (badge); 0 until the export-queue API exists. */
  count: number;
  onClick?: () => void;
}

/** Downloads button of the top bar with a badge of unread exports (SPEC section 2). */
export function DownloadsButton({ count, onClick }: DownloadsButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('layout.downloads')}>
      <IconButton aria-label={t('layout.downloads')} onClick={onClick}>
        <Badge badgeContent={count} color="error" showZero={false} max={99}>
          <DownloadIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
