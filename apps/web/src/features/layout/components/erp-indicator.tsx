import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { useTranslation } from 'react-i18next';
import { erpIndicatorColor, formatErpPercent } from '../../../shared/format/erp-indicator-color.ts';

/** Props of `ErpIndicator`. */
export interface ErpIndicatorProps {
  /** Integration percentage (0–100), or null while unknown (loading, or the call failed): neutral. */
  percent: number | null;
}

/**
 * ERP integration indicator of the top bar (SPEC section 2): an icon with a coloured dot, titled
 * 'Integração com o ERP: X%' with 2 decimals; colour by `erpIndicatorColor`. With no value it is
 * grey and titled 'Integração com o ERP: —'. Where the top bar has room (≥ 700 px) the percentage
 * is also written beside the icon, in the colour's dark shade.
 */
export function ErpIndicator({ percent }: ErpIndicatorProps) {
  const { t, i18n } = useTranslation();
  const color = erpIndicatorColor(percent);
  const title = percent === null ? t('layout.erpIndicatorEmpty') : t('layout.erpIndicator', { value: formatErpPercent(percent, i18n.language) });
  return (
    <Tooltip title={title}>
      <Box
        role="status"
        aria-label={title}
        data-color={color}
        sx={{ display: 'inline-flex', alignItems: 'center', height: 40, color: 'text.secondary', flexShrink: 0 }}
      >
        <Box sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 40, height: 40 }}>
          <SyncAltIcon />
          <Box
            sx={{
              position: 'absolute',
              top: 8,
              right: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              border: '2px solid #fff',
              backgroundColor: (theme) => (color === 'default' ? theme.palette.grey[400] : theme.palette[color].main),
            }}
          />
        </Box>
        {percent !== null && (
          <Box
            component="span"
            aria-hidden
            sx={{
              display: 'none',
              '@container topbar (min-width: 700px)': { display: 'inline' },
              fontSize: 13,
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              color: (theme) => (color === 'default' ? theme.palette.text.secondary : theme.palette[color].dark),
              pr: 0.5,
            }}
          >
            {formatErpPercent(percent, i18n.language)}%
          </Box>
        )}
      </Box>
    </Tooltip>
  );
}
