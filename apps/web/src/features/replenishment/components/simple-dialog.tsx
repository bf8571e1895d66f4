import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';

/** Props of `SimpleDialog`. */
export interface SimpleDialogProps {
  /** Start of the ids (`${id}-title`). */
  id: string;
  title: string;
  /** The action runs: the buttons are disabled and Esc does not close. */
  busy: boolean;
  confirmLabel: string;
  cancelLabel: string;
  /** Colour of the confirming button (default primary). */
  confirmColor?: 'primary' | 'error' | 'success' | 'warning';
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A small dialog asking for one or two fields before an action (template name, replacement
 * description, disapproval justification): title, the fields, Cancelar and the action. Enter in a
 * field confirms (a form). Full width on phones.
 */
export function SimpleDialog({ id, title, busy, confirmLabel, cancelLabel, confirmColor = 'primary', onConfirm, onClose, children }: SimpleDialogProps) {
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={false} aria-labelledby={`${id}-title`} sx={mobile ? { '& .MuiDialog-paper': { m: 1.5, width: 'calc(100% - 24px)' } } : undefined}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <form
          id={`${id}-form`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm();
          }}
        >
          {children}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" color={confirmColor} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
