import { useMemo } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiAccessSaveSchema, type ApiAccess, type ApiAccessSave, type ApiAccessSaveInput } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useSaveApiAccess } from '../api/api-access.ts';

const FIELDS = ['email', 'senha', 'idEmpresa'] as const;

/** Props of `ApiAccessFormDialog`. */
export interface ApiAccessFormDialogProps {
  open: boolean;
  /** The login to edit; null to create one. */
  access: ApiAccess | null;
  /** Name of the selected company (the login belongs to it). */
  companyName: string | undefined;
  onClose: () => void;
}

/**
 * Create/edit dialog of a per-company API login: e-mail and password (8-200 characters, required
 * on create; on edit empty keeps the stored one), validated with the contracts'
 * `apiAccessSaveSchema`; a duplicate e-mail (409) lands under E-mail. Success shows 'API salva com
 * sucesso!'. Editing shows the Histórico panel. Full screen on phones.
 */
export function ApiAccessFormDialog({ open, access, companyName, onClose }: ApiAccessFormDialogProps) {
  const { t } = useTranslation();
  const fieldLabels = useMemo(() => ({ email: t('parameters.api.email'), senha: t('parameters.api.senha') }), [t]);
  const save = useSaveApiAccess(fieldLabels);
  const defaults = useMemo<ApiAccessSaveInput>(() => ({ email: access?.email ?? '', senha: '' }), [access]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDialogForm<ApiAccessSaveInput, ApiAccessSave>(apiAccessSaveSchema, defaults, open);

  const onSubmit = handleSubmit(async (values) => {
    if (!access && !values.senha) {
      setError('senha', { type: 'required', message: 'Campo obrigatório' }, { shouldFocus: true });
      return;
    }
    try {
      await save.mutateAsync({ values, id: access?.id });
      toast.success(t('parameters.api.saved'));
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <FormDialog
      open={open}
      idPrefix="api-access"
      title={access ? t('parameters.api.editTitle') : t('parameters.api.newTitle')}
      submitting={isSubmitting}
      cancelLabel={t('parameters.api.cancel')}
      saveLabel={t('parameters.api.save')}
      maxWidth="sm"
      history={access ? { entidade: 'acesso-api', idRegistro: access.id, fieldLabels } : undefined}
      onClose={onClose}
    >
      <Box component="form" id="api-access-form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {companyName && (
          <Typography variant="body2" color="text.secondary">
            {t('parameters.api.company', { nome: companyName })}
          </Typography>
        )}
        <TextField
          {...register('email')}
          id="api-access-email"
          label={t('parameters.api.email')}
          type="email"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...register('senha')}
          id="api-access-senha"
          label={t('parameters.api.senha')}
          type="password"
          required={!access}
          fullWidth
          autoComplete="new-password"
          error={Boolean(errors.senha)}
          helperText={errors.senha?.message ?? (access ? t('parameters.api.senhaEditHelp') : t('parameters.api.senhaHelp'))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
    </FormDialog>
  );
}
