import { useEffect, useState } from 'react';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REPLENISHMENT_LIMITS } from '@acervo/contracts';

/** Props of `QuantityCell`. */
export interface QuantityCellProps {
  /** The saved quantity to order (units). */
  value: number;
  /** Order multiple: a quantity must be a multiple of it (1 = any). */
  multiple: number;
  /** Accessible name of the input ('Quantidade a pedir de <título>'). */
  label: string;
  /** False: the number is shown, not editable (a replacement no longer GERADA). */
  editable: boolean;
  /** Saves a new valid quantity; resolves false when the server refused it (the value goes back). */
  onSave: (quantity: number) => Promise<boolean>;
}

/**
 * Why a typed quantity is refused, or null: not a whole number 0–1,000,000, or not a multiple of
 * the order multiple (issue 18: the quantity to order respects the multiple).
 * @param text what was typed
 * @param multiple the order multiple (≥ 1)
 */
export function quantityProblem(text: string, multiple: number): 'integer' | 'multiple' | null {
  if (!/^\d+$/.test(text.trim())) return 'integer';
  const value = Number(text);
  if (value > REPLENISHMENT_LIMITS.maxQuantity) return 'integer';
  return multiple > 1 && value % multiple !== 0 ? 'multiple' : null;
}

/**
 * The quantity to order of a grid line, editable in place: type, then Enter or leave the cell to
 * save (Esc restores). A value that is not a whole number or not a multiple of the order multiple
 * is refused under the cell (tooltip, red border) and not sent. Keys typed stay in the input (the
 * grid does not move its cell focus on them).
 */
export function QuantityCell({ value, multiple, label, editable, onSave }: QuantityCellProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(String(value));
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(String(value)), [value]);
  if (!editable) {
    return (
      <Typography variant="body2" sx={{ width: '100%', textAlign: 'right', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString(i18n.language)}
      </Typography>
    );
  }
  const problem = text === String(value) ? null : quantityProblem(text, multiple);
  const message = problem === 'multiple' ? t('replenishment.results.multipleError', { multiple }) : problem === 'integer' ? t('replenishment.results.integerError') : '';
  const commit = async () => {
    if (problem || text === String(value) || saving) return;
    setSaving(true);
    const ok = await onSave(Number(text));
    setSaving(false);
    if (!ok) setText(String(value));
  };
  return (
    <Tooltip title={message} open={!!problem} placement="bottom-end" arrow>
      <InputBase
        value={text}
        disabled={saving}
        onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Tab') return;
          e.stopPropagation();
          if (e.key === 'Enter') void commit();
          if (e.key === 'Escape') setText(String(value));
        }}
        inputProps={{ 'aria-label': label, inputMode: 'numeric', 'aria-invalid': !!problem, maxLength: 7, 'data-testid': 'quantity-input' }}
        sx={{
          width: '100%',
          px: 1,
          border: 1,
          borderRadius: 1,
          borderColor: problem ? 'error.main' : 'divider',
          bgcolor: 'background.paper',
          fontWeight: 700,
          '& input': { textAlign: 'right', py: 0.5, fontVariantNumeric: 'tabular-nums' },
        }}
      />
    </Tooltip>
  );
}
