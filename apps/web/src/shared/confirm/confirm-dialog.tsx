import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Delete confirmation of SPEC section 8 (company, user, profile, schedule or item). */
export const DELETE_CONFIRMATION_MESSAGE = 'Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?';

/** Props of `ConfirmDialog`. */
export interface ConfirmDialogProps {
  open: boolean;
  /** Dialog title, e.g. 'Excluir empresa'. */
  title: string;
  /** Question asked; default DELETE_CONFIRMATION_MESSAGE. */
  message?: string;
  /** Label of the confirming button; default 'Excluir'. */
  confirmLabel?: string;
  /** Label of the cancelling button; default 'Cancelar'. */
  cancelLabel?: string;
  /** Colour of the confirming button; default 'error' (a destructive action). */
  confirmColor?: 'error' | 'primary' | 'warning';
  /** The action is running: the buttons are disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * One confirmation dialog for every destructive action (delete by default). Focus starts on
 * Cancel, so Enter right after opening does not delete; Esc closes.
 */
export function ConfirmDialog({ open, title, message = DELETE_CONFIRMATION_MESSAGE, confirmLabel = 'Excluir', cancelLabel = 'Cancelar', confirmColor = 'error', busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="confirm-dialog-title" aria-describedby="confirm-dialog-text">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} color={confirmColor} variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
