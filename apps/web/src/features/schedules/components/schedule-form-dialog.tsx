import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MAX_REPEAT_MINUTES, cronError, describeCron, scheduleSaveRequestSchema, type Schedule, type ScheduleSave, type ScheduleSaveRequest, type TaskKindInfo } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { useSignedUser } from '../../../shared/session/session-context.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { useSaveSchedule } from '../api/save-schedule.ts';
import { taskKindLabel } from '../schedule-format.ts';

/** Wire fields of the form (server errors on these land under them). */
const FIELDS = ['nome', 'tipo', 'periodo', 'intervaloRepeticao', 'ativo', 'idEmpresa'] as const;

/** Props of `ScheduleFormDialog`. */
export interface ScheduleFormDialogProps {
  open: boolean;
  /** The task to edit; null to create one. */
  schedule: Schedule | null;
  /** The kind registry (`GET agendamento/tipos`). */
  kinds: readonly TaskKindInfo[];
  onClose: () => void;
}

/**
 * Create/edit dialog of a scheduled task: name, kind (from the registry), period (cron, with its
 * pt-BR description — or what is wrong with it — live under the field), repetition interval in
 * minutes, active, and "only in the current company" (off = system-wide; forced by kinds that
 * allow one scope only). Validated with the contracts' `scheduleSaveRequestSchema` (the server's);
 * a 400 puts its messages under the fields. Success shows 'Agendamento salvo com sucesso!'.
 * Editing shows the Histórico panel. Full screen on phones.
 */
export function ScheduleFormDialog({ open, schedule, kinds, onClose }: ScheduleFormDialogProps) {
  const { t, i18n } = useTranslation();
  const user = useSignedUser();
  const fieldLabels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`schedules.fields.${f}`)])), [t]);
  const save = useSaveSchedule(fieldLabels);
  const defaults = useMemo<ScheduleSaveRequest>(
    () => ({
      nome: schedule?.nome ?? '',
      tipo: schedule?.tipo ?? '',
      periodo: schedule?.periodo ?? '',
      intervaloRepeticao: schedule?.intervaloRepeticao ?? null,
      ativo: schedule?.ativo ?? true,
      idEmpresa: schedule?.idEmpresa ?? null,
    }),
    [schedule],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useDialogForm<ScheduleSaveRequest, ScheduleSave>(scheduleSaveRequestSchema, defaults, open);

  const periodo = useWatch({ control, name: 'periodo' }) ?? '';
  const tipo = useWatch({ control, name: 'tipo' });
  const kind = kinds.find((k) => k.tipo === tipo);
  const description = periodo.trim() ? describeCron(periodo, i18n.language === 'en-US' ? 'en' : 'pt_BR') : null;
  const periodProblem = periodo.trim() ? cronError(periodo) : null;

  const onKindChange = (value: string) => {
    setValue('tipo', value, { shouldValidate: Boolean(errors.tipo) });
    const chosen = kinds.find((k) => k.tipo === value);
    if (!chosen) return;
    if (!getValues('periodo')) setValue('periodo', chosen.periodoSugerido);
    if (!getValues('nome')) setValue('nome', taskKindLabel(t, chosen.tipo, chosen.descricao));
    if (chosen.escopo === 'SISTEMA') setValue('idEmpresa', null);
    if (chosen.escopo === 'EMPRESA') setValue('idEmpresa', user.idEmpresa);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ values, id: schedule?.id });
      toast.success(t('schedules.saved'));
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const periodHelper = errors.periodo?.message ?? periodProblem ?? description ?? t('schedules.periodHelp');

  return (
    <FormDialog
      open={open}
      idPrefix="schedule"
      title={schedule ? t('schedules.editTitle') : t('schedules.newTitle')}
      submitting={isSubmitting}
      cancelLabel={t('schedules.cancel')}
      saveLabel={t('schedules.save')}
      history={schedule ? { entidade: 'agendamento', idRegistro: schedule.id, fieldLabels } : undefined}
      onClose={onClose}
    >
      {schedule?.sistema && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('schedules.systemHelp')}
        </Alert>
      )}
      <Box component="form" id="schedule-form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <Controller
          name="tipo"
          control={control}
          render={({ field }) => (
            <TextField
              select
              id="schedule-tipo"
              name={field.name}
              inputRef={field.ref}
              value={kinds.some((k) => k.tipo === field.value) ? field.value : ''}
              onBlur={field.onBlur}
              onChange={(event) => onKindChange(event.target.value)}
              label={t('schedules.fields.tipo')}
              required
              fullWidth
              disabled={Boolean(schedule?.sistema)}
              error={Boolean(errors.tipo)}
              helperText={errors.tipo?.message}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ gridColumn: { sm: 'span 2' } }}
            >
              <MenuItem value="" disabled>
                —
              </MenuItem>
              {kinds.map((k) => (
                <MenuItem key={k.tipo} value={k.tipo}>
                  {taskKindLabel(t, k.tipo, k.descricao)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          {...register('nome')}
          id="schedule-nome"
          label={t('schedules.fields.nome')}
          required
          fullWidth
          error={Boolean(errors.nome)}
          helperText={errors.nome?.message}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ gridColumn: { sm: 'span 2' } }}
        />
        <TextField
          {...register('periodo')}
          id="schedule-periodo"
          label={t('schedules.fields.periodo')}
          required
          fullWidth
          placeholder="0 2 * * *"
          error={Boolean(errors.periodo) || Boolean(periodProblem)}
          helperText={periodHelper}
          slotProps={{
            htmlInput: { spellCheck: false, autoCapitalize: 'none', style: { fontFamily: 'monospace' } },
            inputLabel: { shrink: true },
            formHelperText: { 'aria-live': 'polite', id: 'schedule-periodo-description' } as object,
          }}
        />
        <TextField
          {...register('intervaloRepeticao', { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : String(value)) })}
          id="schedule-intervalo"
          label={t('schedules.fields.intervaloRepeticao')}
          type="number"
          fullWidth
          error={Boolean(errors.intervaloRepeticao)}
          helperText={errors.intervaloRepeticao?.message ?? t('schedules.repeatHelp')}
          slotProps={{ htmlInput: { min: 0, max: MAX_REPEAT_MINUTES, step: 1, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
        />
        <Controller
          name="ativo"
          control={control}
          render={({ field }) => (
            <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />} label={t('schedules.fields.ativo')} />
          )}
        />
        <Controller
          name="idEmpresa"
          control={control}
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value !== null && field.value !== undefined}
                    disabled={kind?.escopo === 'SISTEMA' || kind?.escopo === 'EMPRESA'}
                    onChange={(_e, checked) => field.onChange(checked ? user.idEmpresa : null)}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
                label={t('schedules.fields.idEmpresa')}
              />
              <FormHelperText error={Boolean(errors.idEmpresa)}>{errors.idEmpresa?.message ?? t('schedules.scopeHelp')}</FormHelperText>
            </Box>
          )}
        />
      </Box>
    </FormDialog>
  );
}
