import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { profileSaveSchema, type Profile, type ProfileSave, type ProfileSaveInput } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useProfile } from '../api/get-profile.ts';
import { usePermissions } from '../api/get-permissions.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { PermissionPicker } from './permission-picker.tsx';

/** Wire fields of the form (server errors on these land under them). */
const FIELDS = ['nome', 'descricao', 'permissoes', 'ativo'] as const;

/** Props of `ProfileFormDialog`. */
export interface ProfileFormDialogProps {
  open: boolean;
  /** The profile to edit (loaded with `GET perfil/{id}`); null to create one. */
  profileId: number | null;
  onClose: () => void;
  /** Called with the saved profile after the success toast. */
  onSaved?: (profile: Profile) => void;
}

const EMPTY: ProfileSaveInput = { nome: '', descricao: '', permissoes: [], ativo: true };

/**
 * Create/edit dialog of a profile: name, description, active, and the permissions picked from
 * `GET perfil/permissoes` as grouped checkboxes (`PermissionPicker`), validated with the
 * contracts' `profileSaveSchema` (the server's). A 400/409 answer puts its messages under the
 * fields (a taken name under Nome). Success shows 'Perfil salvo com sucesso!'. Editing shows how
 * many users hold the profile and the Histórico panel. Full screen on phones.
 */
export function ProfileFormDialog({ open, profileId, onClose, onSaved }: ProfileFormDialogProps) {
  const { t } = useTranslation();
  const fieldLabels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`profiles.fields.${f}`)])), [t]);
  const save = useSaveProfile(fieldLabels);
  const permissions = usePermissions();
  const profile = useProfile(open ? profileId : null);
  const editing = profileId !== null;
  const loaded = editing ? profile.data : undefined;
  const defaults = useMemo<ProfileSaveInput>(
    () => (loaded ? { nome: loaded.nome, descricao: loaded.descricao ?? '', permissoes: loaded.permissoes, ativo: loaded.ativo } : EMPTY),
    [loaded],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDialogForm<ProfileSaveInput, ProfileSave>(profileSaveSchema, defaults, open);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ values, id: profileId ?? undefined });
      toast.success(t('profiles.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const waiting = (editing && profile.isPending) || permissions.isPending;
  const failed = (editing && profile.isError) || permissions.isError;

  return (
    <FormDialog
      open={open}
      idPrefix="profile"
      title={editing ? t('profiles.editTitle') : t('profiles.newTitle')}
      submitting={isSubmitting}
      saveDisabled={waiting || failed}
      cancelLabel={t('profiles.cancel')}
      saveLabel={t('profiles.save')}
      history={profileId !== null && loaded ? { entidade: 'perfil', idRegistro: profileId, fieldLabels } : undefined}
      onClose={onClose}
    >
      {waiting && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 2 }} role="status">
          <CircularProgress size={20} aria-hidden /> {t('profiles.permissions.loading')}
        </Box>
      )}
      {failed && <Alert severity="error">{profile.isError ? t('profiles.loadError') : t('profiles.permissions.error')}</Alert>}
      {!waiting && !failed && (
        <Box component="form" id="profile-form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {loaded && loaded.totalUsuarios > 0 && <Alert severity="info">{t('profiles.inUse', { count: loaded.totalUsuarios })}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'center' }}>
            <TextField
              {...register('nome')}
              id="profile-nome"
              label={t('profiles.fields.nome')}
              required
              fullWidth
              error={Boolean(errors.nome)}
              helperText={errors.nome?.message}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Controller
              name="ativo"
              control={control}
              render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />} label={t('profiles.fields.ativo')} />}
            />
          </Box>
          <TextField
            {...register('descricao')}
            id="profile-descricao"
            label={t('profiles.fields.descricao')}
            multiline
            minRows={2}
            fullWidth
            error={Boolean(errors.descricao)}
            helperText={errors.descricao?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Controller
            name="permissoes"
            control={control}
            render={({ field }) => (
              <PermissionPicker groups={permissions.data ?? []} value={field.value} onChange={field.onChange} error={errors.permissoes?.message} disabled={isSubmitting} />
            )}
          />
        </Box>
      )}
    </FormDialog>
  );
}
