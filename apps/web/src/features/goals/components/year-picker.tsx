import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { GOAL_MAX_YEAR, GOAL_MIN_YEAR } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';

/** Props of `YearPicker`. */
export interface YearPickerProps {
  value: number;
  onChange: (ano: number) => void;
  /** The current calendar year; the list offers five years either side of it (and `value`). */
  currentYear: number;
}

/**
 * Year of the goals grid: previous/next buttons around a select of the years near today, bounded
 * by GOAL_MIN_YEAR … GOAL_MAX_YEAR (the server's bounds).
 */
export function YearPicker({ value, onChange, currentYear }: YearPickerProps) {
  const { t } = useTranslation();
  const years = new Set<number>([value]);
  for (let y = currentYear - 5; y <= currentYear + 5; y++) if (y >= GOAL_MIN_YEAR && y <= GOAL_MAX_YEAR) years.add(y);
  const options = [...years].sort((a, b) => a - b);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Tooltip title={t('goals.previousYear')}>
        <span>
          <IconButton aria-label={t('goals.previousYear')} onClick={() => onChange(value - 1)} disabled={value <= GOAL_MIN_YEAR}>
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      <TextField select size="small" label={t('goals.year')} value={String(value)} onChange={(event) => onChange(Number(event.target.value))} sx={{ width: 110 }}>
        {options.map((y) => (
          <MenuItem key={y} value={String(y)}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={t('goals.nextYear')}>
        <span>
          <IconButton aria-label={t('goals.nextYear')} onClick={() => onChange(value + 1)} disabled={value >= GOAL_MAX_YEAR}>
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
