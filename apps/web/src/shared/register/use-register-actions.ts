import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast/toast.tsx';

/** What `useRegisterActions` needs of a TanStack mutation that takes a record id. */
export interface IdMutation<R> {
  mutateAsync: (id: number) => Promise<R>;
  isPending: boolean;
}

/** Options of `useRegisterActions`. */
export interface RegisterActionsOptions {
  /**
   * i18n prefix of the screen's texts (e.g. 'companies', 'parameters.api'): `${keyPrefix}.deleted`
   * (success toast of a delete), `.deleteTitle` (title of the confirmation) and, with `toggle`,
   * `.activated` / `.deactivated` (success toasts of the active switch).
   */
  keyPrefix: string;
  /** The delete mutation (`DELETE …/{id}`). */
  remove: IdMutation<unknown>;
  /** The active toggle mutation (`PUT …/inativa/{id}`, answers the new state); none = no switch. */
  toggle?: IdMutation<{ ativo: boolean }>;
}

/** Props for the screen's delete `ConfirmDialog` (add `message`, labels… as the screen needs). */
export interface DeleteDialogProps {
  open: boolean;
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** State and actions of a register list screen, from `useRegisterActions`. */
export interface RegisterActions<T extends { id: number }> {
  /** The form dialog is open. */
  formOpen: boolean;
  /** The record the form edits; null when it creates one. */
  editing: T | null;
  /** Opens the form on a record (row click, Editar) or empty (null: the "Novo" button). */
  openForm: (record: T | null) => void;
  closeForm: () => void;
  /** The record whose delete waits for confirmation. */
  deleting: T | null;
  /** Asks to confirm the delete of a record (the Excluir button). */
  askDelete: (record: T) => void;
  /** Spread into the screen's `ConfirmDialog`. */
  deleteDialog: DeleteDialogProps;
  /** Toggles a record's `ativo` and toasts the state the server answers; errors are toasted by the API client. */
  toggleActive: (record: T) => Promise<void>;
  /** A toggle is running (the switches are disabled meanwhile). */
  toggling: boolean;
}

/**
 * The logic every register list screen (companies, profiles, users, schedules, API logins)
 * shares: the create/edit dialog's open state and record, the delete after the SPEC 8
 * confirmation (success toast `${keyPrefix}.deleted`; on an error, e.g. a 409 for a record in
 * use, the API client has already toasted the server's message and the dialog just closes) and
 * the active switch (toast `${keyPrefix}.activated` or `.deactivated` after the server's answer).
 * @param options the screen's i18n prefix and its delete and toggle mutations
 * @returns the state and callbacks; the callbacks keep their identity across renders, except
 *   `deleteDialog.onConfirm`
 */
export function useRegisterActions<T extends { id: number }>({ keyPrefix, remove, toggle }: RegisterActionsOptions): RegisterActions<T> {
  const { t } = useTranslation();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const toggleAsync = toggle?.mutateAsync;

  const openForm = useCallback((record: T | null) => {
    setEditing(record);
    setFormOpen(true);
  }, []);
  const closeForm = useCallback(() => setFormOpen(false), []);
  const cancelDelete = useCallback(() => setDeleting(null), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await remove.mutateAsync(deleting.id).then(
      () => true,
      () => false,
    );
    setDeleting(null);
    if (ok) toast.success(t(`${keyPrefix}.deleted`));
  };

  const toggleActive = useCallback(
    async (record: T) => {
      if (!toggleAsync) return;
      const state = await toggleAsync(record.id).catch(() => null);
      if (state) toast.success(state.ativo ? t(`${keyPrefix}.activated`) : t(`${keyPrefix}.deactivated`));
    },
    [toggleAsync, t, keyPrefix],
  );

  return {
    formOpen,
    editing,
    openForm,
    closeForm,
    deleting,
    askDelete: setDeleting,
    deleteDialog: { open: deleting !== null, title: t(`${keyPrefix}.deleteTitle`), busy: remove.isPending, onConfirm: () => void confirmDelete(), onClose: cancelDelete },
    toggleActive,
    toggling: toggle?.isPending ?? false,
  };
}
