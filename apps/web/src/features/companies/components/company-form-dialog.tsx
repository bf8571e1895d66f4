import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { companyRequestSchema, formatCnpj, type Company, type CompanyRequest, type CompanyRequestInput } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useSaveCompany } from '../api/save-company.ts';

/** Wire fields of the form (server errors on these land under them). */
const FIELDS = ['nome', 'cnpj', 'description', 'codigoErp', 'ativo', 'acessoApi'] as const;

/** Props of `CompanyFormDialog`. */
export interface CompanyFormDialogProps {
  open: boolean;
  /** The company to edit; null to create one. */
  company: Company | null;
  onClose: () => void;
  /** Called with the saved company after the success toast. */
  onSaved?: (company: Company) => void;
}

/**
 * Create/edit dialog of a company: name, CNPJ (masked as typed, numeric or alphanumeric),
 * description, ERP code, active and API access, validated with the contracts' `companyRequestSchema`
 * (the server's). A 400/409 answer puts its messages under the fields (a duplicate CNPJ under
 * CNPJ). Success shows 'Empresa salva com sucesso!', followed by a warning toast when the answer
 * carries `aviso` (the ERP does not know the ERP code; issue 15, defect 6). Editing shows the Histórico panel.
 * Full screen on phones.
 */
export function CompanyFormDialog({ open, company, onClose, onSaved }: CompanyFormDialogProps) {
  const { t } = useTranslation();
  const fieldLabels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`companies.fields.${f}`)])), [t]);
  const save = useSaveCompany(fieldLabels);
  const defaults = useMemo<CompanyRequestInput>(
    () => ({
      nome: company?.nome ?? '',
      cnpj: company ? formatCnpj(company.cnpj) : '',
      description: company?.description ?? '',
      codigoErp: company?.codigoErp ?? '',
      ativo: company?.ativo ?? true,
      acessoApi: company?.acessoApi ?? false,
    }),
    [company],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDialogForm<CompanyRequestInput, CompanyRequest>(companyRequestSchema, defaults, open);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ values, id: company?.id });
      toast.success(t('companies.saved'));
      // saved, but the ERP does not know (or could not confirm) the ERP code: the ERP may be set up later
      if (saved.aviso) toast.warning(t(`companies.erpWarning.${saved.aviso.tipo}`, { codigo: saved.aviso.codigoErp }));
      const { aviso: _aviso, ...stored } = saved;
      onSaved?.(stored);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const text = (name: 'nome' | 'description' | 'codigoErp', extra: { multiline?: boolean; required?: boolean } = {}) => (
    <TextField
      {...register(name)}
      id={`company-${name}`}
      label={t(`companies.fields.${name}`)}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <FormDialog
      open={open}
      idPrefix="company"
      title={company ? t('companies.editTitle') : t('companies.newTitle')}
      submitting={isSubmitting}
      cancelLabel={t('companies.cancel')}
      saveLabel={t('companies.save')}
      history={company ? { entidade: 'empresa', idRegistro: company.id, fieldLabels } : undefined}
      onClose={onClose}
    >
      <Box component="form" id="company-form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>{text('nome', { required: true })}</Box>
        <Controller
          name="cnpj"
          control={control}
          render={({ field }) => (
            <TextField
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatCnpj(event.target.value))}
              id="company-cnpj"
              label={t('companies.fields.cnpj')}
              required
              fullWidth
              placeholder="00.000.000/0000-00"
              error={Boolean(errors.cnpj)}
              helperText={errors.cnpj?.message ?? t('companies.cnpjHelp')}
              slotProps={{ htmlInput: { maxLength: 18, autoCapitalize: 'characters', spellCheck: false }, inputLabel: { shrink: true } }}
            />
          )}
        />
        {text('codigoErp')}
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>{text('description', { multiline: true })}</Box>
        <Controller
          name="ativo"
          control={control}
          render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />} label={t('companies.fields.ativo')} />}
        />
        <Controller
          name="acessoApi"
          control={control}
          render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />} label={t('companies.fields.acessoApi')} />}
        />
      </Box>
    </FormDialog>
  );
}
