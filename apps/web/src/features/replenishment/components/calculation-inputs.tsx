import { useState } from 'react';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CalculateIcon from '@mui/icons-material/Calculate';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/BookmarkAddOutlined';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { REPLENISHMENT_BASES, REPLENISHMENT_LOOKUP_ROLES, REPLENISHMENT_METHODS, hasRole, idNomeSchema, type ReplenishmentCalculationRequest, type ReplenishmentTemplate } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DATE_FORMAT } from '../../../shared/format/format.ts';
import { PagedAutocomplete } from '../../../shared/forms/paged-autocomplete.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { PRODUCT_SITUATIONS } from '../../products/index.ts';
import { useDeleteTemplate, useSaveTemplate } from '../api/replenishment-api.ts';
import { SimpleDialog } from './simple-dialog.tsx';
import { calculationFormSchema, formValuesFromInputs, toCalculationRequest, toTemplateInputs, type CalculationFormValues } from './calculation-form.ts';

/** Props of `CalculationInputs`. */
export interface CalculationInputsProps {
  /** Starting values (the defaults, or a stored calculation's inputs after a reload). */
  initialValues: CalculationFormValues;
  /** The selected company's templates. */
  templates: readonly ReplenishmentTemplate[];
  /** A calculation is running: Calcular spins. */
  calculating: boolean;
  /** Called with the request body once the form is valid. */
  onCalculate: (request: ReplenishmentCalculationRequest) => void;
}

const toPublisherOption = (row: unknown) => {
  const r = row as { id?: number; nome?: string };
  return typeof r.id === 'number' ? { value: r.id, label: r.nome ?? `#${r.id}` } : null;
};

/** The company's ERP product types (`GET reposicao/opcoes/tipo-produto`, readable with either replenishment role). */
function useProductTypes() {
  const { user } = useSession();
  const allowed = hasRole(user?.roles ?? [], REPLENISHMENT_LOOKUP_ROLES);
  return useQuery({
    queryKey: ['reposicao', 'opcoes', 'tipo-produto'],
    queryFn: async ({ signal }) => z.array(idNomeSchema).parse(await api.get<unknown>('reposicao/opcoes/tipo-produto', { signal, area: false, toastErrors: false })),
    staleTime: 5 * 60_000,
    enabled: allowed,
  });
}

/**
 * The calculation inputs (SPEC 2 "Replacement calculation", issue 18 Part 2): template (picking one
 * fills the inputs; save the inputs as a named template; delete it after the SPEC 8 confirmation),
 * basis, sales period (date pickers), situations (ONIX list 65, the catalogue's labels), best
 * sellers (top N or ABC), minimum stock, order multiple, product type, "only balance less than",
 * months to project, weighting method, "only items with required replacement", supplier, consider
 * returns, lead time (months) and service level (%). react-hook-form with the contract's zod rules
 * (`calculationFormSchema`); Calcular sends `toCalculationRequest(values)`.
 */
export function CalculationInputs({ initialValues, templates, calculating, onCalculate }: CalculationInputsProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, getValues, trigger, watch } = useForm<CalculationFormValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(calculationFormSchema),
    defaultValues: initialValues,
  });
  const productTypes = useProductTypes();
  const saveTemplate = useSaveTemplate();
  const deleteTemplate = useDeleteTemplate();
  const [saveOpen, setSaveOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [templateName, setTemplateName] = useState('');
  const idModelo = watch('idModelo');
  const maisVendidosTipo = watch('maisVendidosTipo');
  const chosenTemplate = templates.find((tpl) => String(tpl.id) === idModelo) ?? null;

  const pickTemplate = (id: string) => {
    const template = templates.find((tpl) => String(tpl.id) === id);
    if (!template) reset({ ...getValues(), idModelo: '' });
    else reset(formValuesFromInputs(template.parametros, id, template.editora ?? ''));
  };

  const openSave = async () => {
    if (!(await trigger())) return;
    setTemplateName(chosenTemplate?.nome ?? '');
    setSaveOpen(true);
  };
  const onSaveTemplate = async () => {
    const nome = templateName.trim();
    if (!nome) return;
    const same = templates.find((tpl) => tpl.nome.toLocaleLowerCase() === nome.toLocaleLowerCase());
    const saved = await saveTemplate.mutateAsync({ id: same?.id, body: { nome, parametros: toTemplateInputs(getValues()) } }).catch(() => null);
    if (!saved) return;
    toast.success(t('replenishment.toasts.templateSaved'));
    setSaveOpen(false);
    reset({ ...getValues(), idModelo: String(saved.id) });
  };
  const onDeleteTemplate = async () => {
    if (!chosenTemplate) return;
    const done = await deleteTemplate.mutateAsync(chosenTemplate.id).then(
      () => true,
      () => false,
    );
    setDeleteOpen(false);
    if (!done) return;
    toast.success(t('replenishment.toasts.templateDeleted'));
    reset({ ...getValues(), idModelo: '' });
  };

  const numberField = (name: keyof CalculationFormValues, label: string, extra: { min?: number; max?: number } = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value as string}
          id={`repl-${name}`}
          label={t(label)}
          type="number"
          size="small"
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { min: extra.min, max: extra.max, step: 1, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
        />
      )}
    />
  );
  const dateField = (name: 'dataInicio' | 'dataFim', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DatePicker
          label={t(label)}
          format={DATE_FORMAT}
          value={field.value ? dayjs(field.value) : null}
          onChange={(day) => field.onChange(day && day.isValid() ? day.format('YYYY-MM-DD') : '')}
          slotProps={{ textField: { id: `repl-${name}`, fullWidth: true, size: 'small', error: !!fieldState.error, helperText: fieldState.error?.message, onBlur: field.onBlur } }}
        />
      )}
    />
  );
  const checkbox = (name: 'somenteComReposicao' | 'considerarDevolucoes', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => <FormControlLabel control={<Checkbox id={`repl-${name}`} checked={field.value} onChange={(_e, checked) => field.onChange(checked)} />} label={t(label)} />}
    />
  );

  return (
    <Box component="form" id="replenishment-form" noValidate aria-label={t('replenishment.calc.inputs')} onSubmit={(e) => void handleSubmit((values) => onCalculate(toCalculationRequest(values)))(e)}>
      {/* minmax(0, …) and minWidth 0: a long template or supplier name is cut with an ellipsis instead of widening the form past a phone's screen */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', minWidth: 0, gridColumn: { sm: '1 / -1', md: 'span 2' } }}>
          <Controller
            name="idModelo"
            control={control}
            render={({ field }) => (
              <TextField
                id="repl-idModelo"
                select
                size="small"
                fullWidth
                label={t('replenishment.calc.template')}
                value={templates.some((tpl) => String(tpl.id) === field.value) ? field.value : ''}
                onChange={(e) => pickTemplate(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{t('replenishment.calc.noTemplate')}</MenuItem>
                {templates.map((tpl) => (
                  <MenuItem key={tpl.id} value={String(tpl.id)}>
                    {tpl.nome}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Tooltip title={t('replenishment.calc.saveTemplate')}>
            <IconButton aria-label={t('replenishment.calc.saveTemplate')} onClick={() => void openSave()}>
              <SaveIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('replenishment.calc.deleteTemplate')}>
            <span>
              <IconButton aria-label={t('replenishment.calc.deleteTemplate')} disabled={!chosenTemplate} onClick={() => setDeleteOpen(true)}>
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Controller
          name="base"
          control={control}
          render={({ field }) => (
            <TextField {...field} id="repl-base" select size="small" fullWidth label={t('replenishment.calc.base')} slotProps={{ inputLabel: { shrink: true } }}>
              {REPLENISHMENT_BASES.map((b) => (
                <MenuItem key={b} value={b}>
                  {t(`replenishment.bases.${b}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="metodoPonderacao"
          control={control}
          render={({ field }) => (
            <TextField {...field} id="repl-metodoPonderacao" select size="small" fullWidth label={t('replenishment.calc.metodoPonderacao')} slotProps={{ inputLabel: { shrink: true } }}>
              {REPLENISHMENT_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`replenishment.methods.${m}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {dateField('dataInicio', 'replenishment.calc.dataInicio')}
        {dateField('dataFim', 'replenishment.calc.dataFim')}
        <Box sx={{ gridColumn: { sm: '1 / -1', md: 'span 2' } }}>
          <Controller
            name="situacoes"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                id="repl-situacoes"
                size="small"
                limitTags={2}
                disableCloseOnSelect
                options={PRODUCT_SITUATIONS.map((s) => s.code)}
                value={field.value}
                getOptionLabel={(code) => {
                  const s = PRODUCT_SITUATIONS.find((x) => x.code === code);
                  return s ? `${s.code} – ${s.label}` : code;
                }}
                onChange={(_e, next) => field.onChange(next)}
                renderInput={(params) => (
                  <TextField {...params} label={t('replenishment.calc.situacoes')} placeholder={field.value.length === 0 ? t('replenishment.calc.allSituations') : undefined} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }} />
                )}
              />
            )}
          />
        </Box>
        <Controller
          name="maisVendidosTipo"
          control={control}
          render={({ field }) => (
            <TextField {...field} id="repl-maisVendidosTipo" select size="small" fullWidth label={t('replenishment.calc.maisVendidos')} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
              <MenuItem value="">{t('replenishment.calc.maisVendidosNone')}</MenuItem>
              <MenuItem value="TOP">{t('replenishment.calc.maisVendidosTop')}</MenuItem>
              <MenuItem value="ABC">{t('replenishment.calc.maisVendidosAbc')}</MenuItem>
            </TextField>
          )}
        />
        {maisVendidosTipo === 'ABC' ? (
          <Controller
            name="maisVendidosValor"
            control={control}
            render={({ field, fieldState }) => (
              <TextField {...field} id="repl-maisVendidosValor" select size="small" fullWidth label={t('replenishment.calc.abcClass')} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ inputLabel: { shrink: true } }}>
                {(['A', 'B', 'C'] as const).map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`replenishment.calc.abc.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        ) : maisVendidosTipo === 'TOP' ? (
          numberField('maisVendidosValor', 'replenishment.calc.topN', { min: 1 })
        ) : (
          <Box sx={{ display: { xs: 'none', md: 'block' } }} />
        )}
        {numberField('estoqueMinimo', 'replenishment.calc.estoqueMinimo', { min: 0 })}
        {numberField('quantidadeMinimaPedido', 'replenishment.calc.quantidadeMinimaPedido', { min: 1 })}
        <Controller
          name="tipoProduto"
          control={control}
          render={({ field }) => (
            <TextField {...field} id="repl-tipoProduto" select size="small" fullWidth label={t('replenishment.calc.tipoProduto')} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
              <MenuItem value="">{t('replenishment.calc.anyType')}</MenuItem>
              {(productTypes.data ?? []).map((tp) => (
                <MenuItem key={tp.id} value={String(tp.id)}>
                  {tp.nome}
                </MenuItem>
              ))}
              {field.value && !(productTypes.data ?? []).some((tp) => String(tp.id) === field.value) && <MenuItem value={field.value}>#{field.value}</MenuItem>}
            </TextField>
          )}
        />
        {numberField('somenteSaldoMenorQue', 'replenishment.calc.somenteSaldoMenorQue')}
        {numberField('periodosProjecao', 'replenishment.calc.periodosProjecao', { min: 1, max: 24 })}
        {numberField('prazoEntregaMeses', 'replenishment.calc.prazoEntregaMeses', { min: 0, max: 12 })}
        {numberField('nivelServico', 'replenishment.calc.nivelServico', { min: 50, max: 99 })}
        <Controller
          name="idEditora"
          control={control}
          render={({ field }) => (
            <PagedAutocomplete
              id="repl-idEditora"
              label={t('replenishment.calc.editora')}
              path="reposicao/opcoes/editora"
              role={REPLENISHMENT_LOOKUP_ROLES}
              toOption={toPublisherOption}
              value={field.value ? { value: Number(field.value), label: getValues('editora') || `#${field.value}` } : null}
              onChange={(option) => {
                reset({ ...getValues(), idEditora: option ? String(option.value) : '', editora: option?.label ?? '' }, { keepErrors: true });
              }}
              unavailableText={t('replenishment.calc.unavailable')}
              noOptionsText={t('replenishment.calc.noOptions')}
            />
          )}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, gridColumn: { sm: '1 / -1', md: 'span 3' } }}>
          {checkbox('somenteComReposicao', 'replenishment.calc.somenteComReposicao')}
          {checkbox('considerarDevolucoes', 'replenishment.calc.considerarDevolucoes')}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
          <Button type="submit" variant="contained" startIcon={<CalculateIcon />} loading={calculating} loadingPosition="start" fullWidth>
            {calculating ? t('replenishment.calc.calculating') : t('replenishment.calc.calculate')}
          </Button>
        </Box>
      </Box>

      {saveOpen && (
        <TemplateNameDialog name={templateName} onChange={setTemplateName} saving={saveTemplate.isPending} onSave={() => void onSaveTemplate()} onClose={() => setSaveOpen(false)} />
      )}
      <ConfirmDialog
        open={deleteOpen}
        title={t('replenishment.calc.deleteTemplateTitle')}
        message={t('replenishment.calc.deleteConfirm')}
        confirmLabel={t('replenishment.calc.remove')}
        cancelLabel={t('replenishment.calc.cancel')}
        busy={deleteTemplate.isPending}
        onConfirm={() => void onDeleteTemplate()}
        onClose={() => setDeleteOpen(false)}
      />
    </Box>
  );
}

/** The "save as template" dialog: the name (required, up to 100 characters); saving a name that exists replaces that template. */
function TemplateNameDialog({ name, onChange, saving, onSave, onClose }: { name: string; onChange: (name: string) => void; saving: boolean; onSave: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const empty = name.trim() === '';
  return (
    <SimpleDialog
      id="repl-template"
      title={t('replenishment.calc.saveTemplate')}
      busy={saving}
      confirmLabel={t('replenishment.calc.save')}
      cancelLabel={t('replenishment.calc.cancel')}
      onConfirm={() => {
        setTouched(true);
        if (!empty) onSave();
      }}
      onClose={onClose}
    >
      <TextField
        id="repl-template-name"
        autoFocus
        fullWidth
        label={t('replenishment.calc.templateName')}
        value={name}
        onChange={(e) => onChange(e.target.value)}
        error={touched && empty}
        helperText={touched && empty ? t('replenishment.calc.required') : undefined}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ mt: 1 }}
      />
    </SimpleDialog>
  );
}
