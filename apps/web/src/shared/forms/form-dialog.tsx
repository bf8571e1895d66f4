import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../app-id.ts';
import { HistoryPanel, type HistoryPanelProps } from '../audit/history-panel.tsx';

/** Props of `FormDialog`. */
export interface FormDialogProps {
  open: boolean;
  /**
   * Start of the ids: the title is `${idPrefix}-dialog-title` and the form inside must be
   * `<Box component="form" id={`${idPrefix}-form`} …>`, the form Salvar submits.
   */
  idPrefix: string;
  /** 'Nova empresa', 'Editar empresa'… */
  title: string;
  /** The save is running: Esc and the backdrop do not close, Cancelar is disabled, Salvar spins. */
  submitting: boolean;
  /** Salvar is disabled (e.g. while the record loads). */
  saveDisabled?: boolean;
  cancelLabel: string;
  saveLabel: string;
  /** Width on wide screens; default 'md'. Phones always get the full screen. */
  maxWidth?: 'sm' | 'md';
  /** The record's Histórico panel, under a divider below the form (editing only). */
  history?: HistoryPanelProps;
  onClose: () => void;
  /** The form (and anything shown instead of it while it loads). */
  children: ReactNode;
}

/**
 * The create/edit dialog frame of a register: title, the form, the optional Histórico panel, and
 * Cancelar / Salvar (a submit button of the form `${idPrefix}-form`, so Enter in a field saves too). Full screen on
 * phones; the validation and the save stay in the form.
 */
export function FormDialog({ open, idPrefix, title, submitting, saveDisabled, cancelLabel, saveLabel, maxWidth = 'md', history, onClose, children }: FormDialogProps) {
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const titleId = `${idPrefix}-dialog-title`;
  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} fullScreen={mobile} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {children}
        {history && (
          <>
            <Divider sx={{ my: 2 }} />
            <HistoryPanel {...history} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {cancelLabel}
        </Button>
        <Button type="submit" form={`${idPrefix}-form`} variant="contained" loading={submitting} disabled={saveDisabled}>
          {saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
