import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';

/** Stops a click or key in a cell from reaching the grid row (which opens the form). */
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** Props of `ActiveSwitch`. */
export interface ActiveSwitchProps {
  checked: boolean;
  /** Accessible name, e.g. 'Empresa Alfa ativa'. */
  label: string;
  /** A toggle is running. */
  disabled?: boolean;
  onToggle: () => void;
}

/** The "Ativo" cell of a register grid: a switch whose click or key does not open the row. */
export function ActiveSwitch({ checked, label, disabled, onToggle }: ActiveSwitchProps) {
  return <Switch checked={checked} disabled={disabled} onClick={stop} onKeyDown={stop} onChange={onToggle} slotProps={{ input: { 'aria-label': label } }} />;
}

/** Props of `RowActions`. */
export interface RowActionsProps {
  /**
   * i18n prefix of the screen's texts: `${keyPrefix}.edit` / `.delete` (tooltips) and
   * `.editLabel` / `.deleteLabel` (accessible names, interpolated with `values`).
   */
  keyPrefix: string;
  /** Interpolation values of the accessible names, e.g. `{ nome: row.nome }`. */
  values: Record<string, string>;
  onEdit: () => void;
  /** Asks to delete the row; none = no Excluir button (e.g. a system task). */
  onDelete?: () => void;
  /** Buttons before Editar (e.g. "Executar agora"). */
  children?: ReactNode;
  /** Extra styles of the wrapper. */
  sx?: SxProps<Theme>;
}

/**
 * The "Ações" cell of a register grid: any extra buttons, then Editar and Excluir (red) icon
 * buttons with tooltips; clicks and keys in it do not open the row.
 */
export function RowActions({ keyPrefix, values, onEdit, onDelete, children, sx }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={[{ display: 'flex' }, ...(Array.isArray(sx) ? sx : [sx])]} onClick={stop} onKeyDown={stop}>
      {children}
      <Tooltip title={t(`${keyPrefix}.edit`)}>
        <IconButton size="small" aria-label={t(`${keyPrefix}.editLabel`, values)} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {onDelete && (
        <Tooltip title={t(`${keyPrefix}.delete`)}>
          <IconButton size="small" color="error" aria-label={t(`${keyPrefix}.deleteLabel`, values)} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
