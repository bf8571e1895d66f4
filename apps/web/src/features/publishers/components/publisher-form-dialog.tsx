import { useMemo } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { formatCnpj, publisherRequestSchema, type Publisher, type PublisherRequest, type PublisherRequestInput } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useSavePublisher } from '../api/publishers-api.ts';

/** Wire fields of the form (server errors on these land under them). */
const FIELDS = ['nome', 'cnpj', 'indMetabooks', 'indBookinfo', 'ativo', 'selos'] as const;

/** Props of `PublisherFormDialog`. */
export interface PublisherFormDialogProps {
  open: boolean;
  /** The publisher to edit; null to create one. */
  publisher: Publisher | null;
  onClose: () => void;
}

/**
 * Create/edit dialog of a publisher: name, CNPJ (optional, masked as typed like the companies
 * screen, numeric or alphanumeric), the Metabooks and Bookinfo integration flags, active, and its
 * imprints (selos) as an editable list (add, rename, (de)activate, remove). Validated with the
 * contracts' `publisherRequestSchema`; a 400/409 answer lands under the field (a duplicate CNPJ
 * under CNPJ, a removed imprint in use under Selos). Editing shows the Histórico panel.
 */
export function PublisherFormDialog({ open, publisher, onClose }: PublisherFormDialogProps) {
  const { t } = useTranslation();
  const fieldLabels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`publishers.fields.${f}`)])), [t]);
  const save = useSavePublisher(fieldLabels);
  const defaults = useMemo<PublisherRequestInput>(
    () => ({
      nome: publisher?.nome ?? '',
      cnpj: publisher?.cnpj ? formatCnpj(publisher.cnpj) : '',
      indMetabooks: publisher?.indMetabooks ?? false,
      indBookinfo: publisher?.indBookinfo ?? false,
      ativo: publisher?.ativo ?? true,
      selos: publisher?.selos.map((s) => ({ id: s.id, nome: s.nome, ativo: s.ativo })) ?? [],
    }),
    [publisher],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDialogForm<PublisherRequestInput, PublisherRequest>(publisherRequestSchema, defaults, open);
  const selos = useFieldArray({ control, name: 'selos', keyName: 'key' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ values, id: publisher?.id });
      toast.success(t('publishers.saved'));
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, [...FIELDS, ...selos.fields.map((_f, i) => `selos.${i}.nome`)]);
    }
  });

  const flag = (name: 'indMetabooks' | 'indBookinfo' | 'ativo') => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />} label={t(`publishers.fields.${name}`)} />}
    />
  );

  return (
    <FormDialog
      open={open}
      idPrefix="publisher"
      title={publisher ? t('publishers.editTitle') : t('publishers.newTitle')}
      submitting={isSubmitting}
      cancelLabel={t('publishers.cancel')}
      saveLabel={t('publishers.save')}
      history={publisher ? { entidade: 'editora', idRegistro: publisher.id, fieldLabels } : undefined}
      onClose={onClose}
    >
      <Box component="form" id="publisher-form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <TextField
            {...register('nome')}
            id="publisher-nome"
            label={t('publishers.fields.nome')}
            required
            fullWidth
            error={Boolean(errors.nome)}
            helperText={errors.nome?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <Controller
          name="cnpj"
          control={control}
          render={({ field }) => (
            <TextField
              name={field.name}
              inputRef={field.ref}
              value={(field.value as string | undefined) ?? ''}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatCnpj(event.target.value))}
              id="publisher-cnpj"
              label={t('publishers.fields.cnpj')}
              fullWidth
              placeholder="00.000.000/0000-00"
              error={Boolean(errors.cnpj)}
              helperText={errors.cnpj?.message ?? t('publishers.cnpjHelp')}
              slotProps={{ htmlInput: { maxLength: 18, autoCapitalize: 'characters', spellCheck: false }, inputLabel: { shrink: true } }}
            />
          )}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {flag('indMetabooks')}
          {flag('indBookinfo')}
          {flag('ativo')}
        </Box>
        <Box component="fieldset" sx={{ gridColumn: { sm: 'span 2' }, border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography component="legend" variant="subtitle2">
              {t('publishers.fields.selos')}
            </Typography>
            <Button size="small" startIcon={<AddIcon />} onClick={() => selos.append({ nome: '', ativo: true })}>
              {t('publishers.addImprint')}
            </Button>
          </Box>
          {selos.fields.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('publishers.noImprints')}
            </Typography>
          )}
          {selos.fields.map((item, index) => (
            <Box key={item.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
              <TextField
                {...register(`selos.${index}.nome`)}
                id={`publisher-selo-${index}`}
                label={t('publishers.imprintName', { n: index + 1 })}
                size="small"
                fullWidth
                autoFocus={item.id === undefined && index === selos.fields.length - 1}
                error={Boolean(errors.selos?.[index]?.nome)}
                helperText={errors.selos?.[index]?.nome?.message}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Controller
                name={`selos.${index}.ativo`}
                control={control}
                render={({ field }) => (
                  <Tooltip title={t('publishers.imprintActive')}>
                    <Switch checked={field.value !== false} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { 'aria-label': t('publishers.imprintActiveLabel', { n: index + 1 }) } }} />
                  </Tooltip>
                )}
              />
              <Tooltip title={t('publishers.removeImprint')}>
                <IconButton aria-label={t('publishers.removeImprintLabel', { n: index + 1 })} onClick={() => selos.remove(index)} color="error">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
          {errors.selos?.message && <FormHelperText error>{errors.selos.message}</FormHelperText>}
          {errors.selos?.root?.message && <FormHelperText error>{errors.selos.root.message}</FormHelperText>}
        </Box>
      </Box>
    </FormDialog>
  );
}
