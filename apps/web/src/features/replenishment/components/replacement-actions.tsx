import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ApproveIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DisapproveIcon from '@mui/icons-material/ThumbDownOffAlt';
import CancelIcon from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { type ReplacementAction, type ReplacementStatus } from '@acervo/contracts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { SimpleDialog } from './simple-dialog.tsx';

/** Actions a replacement in `status` allows (docs/replenishment.md: only GERADA moves, to APROVADA, REPROVADA or CANCELADA). */
export function allowedActions(status: ReplacementStatus): ReplacementAction[] {
  return status === 'GERADA' ? ['aprovar', 'reprovar', 'cancelar'] : [];
}

/** Props of `ReplacementActions`. */
export interface ReplacementActionsProps {
  status: ReplacementStatus;
  /** An action is running. */
  busy: boolean;
  /** Runs the action (reprovar with the justification); resolves true when done (the dialog then closes). */
  onAction: (action: ReplacementAction, justificativa?: string) => Promise<boolean>;
}

/**
 * Aprovar / Reprovar / Cancelar of a replacement, shown only when its status allows them:
 * Aprovar and Cancelar ask for confirmation, Reprovar asks for the justification (required,
 * up to 500 characters).
 */
export function ReplacementActions({ status, busy, onAction }: ReplacementActionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReplacementAction | null>(null);
  const [justification, setJustification] = useState('');
  const [touched, setTouched] = useState(false);
  const actions = allowedActions(status);
  if (actions.length === 0) return null;
  const run = async (action: ReplacementAction, text?: string) => {
    if (await onAction(action, text)) setOpen(null);
  };
  const empty = justification.trim() === '';
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="contained" color="success" startIcon={<ApproveIcon />} disabled={busy} onClick={() => setOpen('aprovar')}>
        {t('replenishment.detail.approve')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DisapproveIcon />}
        disabled={busy}
        onClick={() => {
          setJustification('');
          setTouched(false);
          setOpen('reprovar');
        }}
      >
        {t('replenishment.detail.disapprove')}
      </Button>
      <Button variant="outlined" startIcon={<CancelIcon />} disabled={busy} onClick={() => setOpen('cancelar')}>
        {t('replenishment.detail.cancelAction')}
      </Button>
      <ConfirmDialog
        open={open === 'aprovar'}
        title={t('replenishment.detail.approveTitle')}
        message={t('replenishment.detail.approveConfirm')}
        confirmLabel={t('replenishment.detail.approve')}
        cancelLabel={t('replenishment.detail.close')}
        confirmColor="primary"
        busy={busy}
        onConfirm={() => void run('aprovar')}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'cancelar'}
        title={t('replenishment.detail.cancelTitle')}
        message={t('replenishment.detail.cancelConfirm')}
        confirmLabel={t('replenishment.detail.confirm')}
        cancelLabel={t('replenishment.detail.close')}
        confirmColor="warning"
        busy={busy}
        onConfirm={() => void run('cancelar')}
        onClose={() => setOpen(null)}
      />
      {open === 'reprovar' && (
        <SimpleDialog
          id="repl-disapprove"
          title={t('replenishment.detail.disapproveTitle')}
          busy={busy}
          confirmLabel={t('replenishment.detail.disapprove')}
          cancelLabel={t('replenishment.detail.close')}
          confirmColor="error"
          onConfirm={() => {
            setTouched(true);
            if (!empty) void run('reprovar', justification.trim());
          }}
          onClose={() => setOpen(null)}
        >
          <TextField
            id="repl-justificativa"
            autoFocus
            required
            fullWidth
            multiline
            minRows={3}
            label={t('replenishment.detail.justification')}
            value={justification}
            onChange={(e) => setJustification(e.target.value)}
            error={touched && empty}
            helperText={touched && empty ? t('replenishment.detail.justificationRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ mt: 1 }}
          />
        </SimpleDialog>
      )}
    </Box>
  );
}
