import Box from '@mui/material/Box';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslation } from 'react-i18next';

/** Props of `ChangeText`. */
export interface ChangeTextProps {
  /** Change in % (null: no base to compare with). */
  percentual: number | null;
}

/**
 * A change in percent, coloured: green with an up arrow when up, red with a down arrow when down,
 * grey when equal or without a base ("—"). The sign is also in the text, so the colour is not the
 * only cue.
 */
export function ChangeText({ percentual }: ChangeTextProps) {
  const { i18n } = useTranslation();
  if (percentual === null) {
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        —
      </Box>
    );
  }
  const up = percentual > 0;
  const down = percentual < 0;
  const text = `${up ? '+' : ''}${new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percentual)}%`;
  return (
    <Box component="span" data-testid="change" data-trend={up ? 'up' : down ? 'down' : 'flat'} sx={{ display: 'inline-flex', alignItems: 'center', fontWeight: 700, color: up ? 'success.dark' : down ? 'error.dark' : 'text.secondary' }}>
      {up && <ArrowDropUpIcon fontSize="small" aria-hidden />}
      {down && <ArrowDropDownIcon fontSize="small" aria-hidden />}
      {text}
    </Box>
  );
}
