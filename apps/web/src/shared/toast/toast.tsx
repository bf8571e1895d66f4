import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, type SnackbarKey, type VariantType } from 'notistack';
import { styled } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { TOAST_BACKGROUNDS } from '../theme/palette.ts';

/**
 * Auto-hide durations (SPEC section 9 gives 20000 ms for error notifications and 3000 ms "in the
 * other toast setup" without saying which applies where). Choice: errors stay 20 s because they
 * carry a server message the user may need to read or copy; success/info/warning close after 3 s.
 */
export const TOAST_DURATION_MS = { error: 20_000, other: 3_000 } as const;

/** At most this many toasts show at once (SPEC section 9). */
export const MAX_TOASTS = 3;

/** Class of the toast container; global styles move it below the top bar. */
export const TOAST_CONTAINER_CLASS = 'acervo-toasts';

/**
 * Distance (px) of the toasts from the top of the window: below the 64 px top bar, so an error
 * toast (shown 20 s) never covers the user menu or the company selector.
 */
export const TOAST_TOP_OFFSET_PX = 72;

/**
 * notistack's Material content with backgrounds that give white text at least 4.5:1 (WCAG 2.2
 * AA); notistack's own warning (#ff9800) and success (#43a047) do not.
 */
export const ToastContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_BACKGROUNDS.success },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_BACKGROUNDS.error },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_BACKGROUNDS.warning },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_BACKGROUNDS.info },
  '&.notistack-MuiContent-default': { backgroundColor: TOAST_BACKGROUNDS.default },
});

/** Toast variants of SPEC section 8 (`warn` is an alias of `warning`). */
export type ToastVariant = 'success' | 'info' | 'warning' | 'warn' | 'error';

/** Close button rendered on every toast. */
export function toastCloseAction(key: SnackbarKey) {
  return (
    <IconButton size="small" aria-label="Fechar" color="inherit" onClick={() => closeSnackbar(key)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * Shows a toast (needs the `SnackbarProvider` of the app providers to be mounted). A success toast
 * first closes the error toasts still on screen (`closeErrorToasts`).
 * @param variant one of SPEC's toast variants
 * @param message text to show
 * @param code optional status code shown after the text (error toasts)
 */
export function showToast(variant: ToastVariant, message: string, code?: number): SnackbarKey {
  const mapped: VariantType = variant === 'warn' ? 'warning' : variant;
  const text = code === undefined ? message : `${message} (código ${code})`;
  // a success makes the errors shown before it stale (issue 15: "Erro ao salvar" stayed 20 s
  // beside "Salvo com sucesso" after the user fixed the form and saved again)
  if (mapped === 'success') closeErrorToasts();
  const key = enqueueSnackbar(text, {
    variant: mapped,
    autoHideDuration: mapped === 'error' ? TOAST_DURATION_MS.error : TOAST_DURATION_MS.other,
    // a repeated error or notice shows once; a success confirms a new action each time (a second
    // save within the first toast's life showed nothing: notistack dropped it as a duplicate and
    // the first one faded out)
    preventDuplicate: mapped !== 'success',
    onClose: mapped === 'error' ? () => openErrors.delete(key) : undefined,
  });
  if (mapped === 'error') openErrors.add(key);
  return key;
}

/** Keys of the error toasts on screen (removed when they close). */
const openErrors = new Set<SnackbarKey>();

/** Closes every error toast on screen (a later success made them stale). */
export function closeErrorToasts(): void {
  for (const key of openErrors) closeSnackbar(key);
  openErrors.clear();
}

/** Toast helpers by variant. */
export const toast = {
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
  warn: (message: string) => showToast('warning', message),
  warning: (message: string) => showToast('warning', message),
  error: (message: string, code?: number) => showToast('error', message, code),
};
