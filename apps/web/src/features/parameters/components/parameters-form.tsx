import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import {
  ERP_INTEGRATION_TYPES,
  PARAMETER_BOUNDS,
  parameterUpdateSchema,
  type ParameterUpdate,
  type ParameterUpdateInput,
  type Parameters,
} from '@acervo/contracts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useSaveParameters } from '../api/save-parameters.ts';
import { EmailTest } from './email-test.tsx';
import { SecretField } from './secret-field.tsx';

/** The form's values for the stored parameters: secrets empty (kept) and not marked for removal. */
export function formValues(p: Parameters): ParameterUpdateInput {
  return {
    geral: { ...p.geral },
    email: { host: p.email.host, porta: p.email.porta, usuario: p.email.usuario, senha: '', removerSenha: false, seguro: p.email.seguro, remetente: p.email.remetente },
    erp: { tipoIntegracao: p.erp.tipoIntegracao as ParameterUpdateInput['erp']['tipoIntegracao'], usuario: p.erp.usuario, senha: '', removerSenha: false, urlApi: p.erp.urlApi },
  };
}

type Section = 'geral' | 'email' | 'erp';
type NumberField =
  | 'geral.retencaoLogProdutoDias'
  | 'geral.retencaoLogProdutoEstoqueDias'
  | 'geral.retencaoLogAutorDias'
  | 'geral.retencaoLogEditoraDias'
  | 'geral.retencaoLogVendaDias'
  | 'geral.expiracaoTokenDias'
  | 'geral.inatividadeMinutos'
  | 'geral.limpezaFilaExportacaoDias'
  | 'geral.expiracaoArquivoExportacaoDias'
  | 'geral.validadeRedefinicaoSenhaMinutos'
  | 'geral.terminalMesesVendas'
  | 'email.porta';
type TextFieldName = 'geral.urlAplicacao' | 'email.host' | 'email.usuario' | 'email.remetente' | 'erp.usuario' | 'erp.urlApi';

/** Bounds (and unit) of each numeric field, from the contracts' PARAMETER_BOUNDS. */
const NUMBER_FIELDS: Record<NumberField, { bounds: { min: number; max: number }; unit?: 'dias' | 'minutos' | 'meses' }> = {
  'geral.retencaoLogProdutoDias': { bounds: PARAMETER_BOUNDS.LOG_RETENCAO_PRODUTO_DIAS, unit: 'dias' },
  'geral.retencaoLogProdutoEstoqueDias': { bounds: PARAMETER_BOUNDS.LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS, unit: 'dias' },
  'geral.retencaoLogAutorDias': { bounds: PARAMETER_BOUNDS.LOG_RETENCAO_AUTOR_DIAS, unit: 'dias' },
  'geral.retencaoLogEditoraDias': { bounds: PARAMETER_BOUNDS.LOG_RETENCAO_EDITORA_DIAS, unit: 'dias' },
  'geral.retencaoLogVendaDias': { bounds: PARAMETER_BOUNDS.LOG_RETENCAO_VENDA_DIAS, unit: 'dias' },
  'geral.expiracaoTokenDias': { bounds: PARAMETER_BOUNDS.TOKEN_EXPIRACAO_DIAS, unit: 'dias' },
  'geral.inatividadeMinutos': { bounds: PARAMETER_BOUNDS.INATIVIDADE_MINUTOS, unit: 'minutos' },
  'geral.limpezaFilaExportacaoDias': { bounds: PARAMETER_BOUNDS.FILA_EXPORTACAO_LIMPEZA_DIAS, unit: 'dias' },
  'geral.expiracaoArquivoExportacaoDias': { bounds: PARAMETER_BOUNDS.ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS, unit: 'dias' },
  'geral.validadeRedefinicaoSenhaMinutos': { bounds: PARAMETER_BOUNDS.REDEFINICAO_SENHA_VALIDADE_MINUTOS, unit: 'minutos' },
  'geral.terminalMesesVendas': { bounds: PARAMETER_BOUNDS.TERMINAL_MESES_VENDAS, unit: 'meses' },
  'email.porta': { bounds: PARAMETER_BOUNDS.SMTP_PORTA },
};

/** Every field's label by wire path (`geral.expiracaoTokenDias` → label), for the toast and the trail. */
export function useParameterLabels(): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(() => {
    const labels: Record<string, string> = {};
    const logs = t('parameters.sections.logs');
    for (const section of ['geral', 'email', 'erp'] as const) {
      const fields = t(`parameters.fields.${section}`, { returnObjects: true }) as Record<string, string>;
      for (const [field, label] of Object.entries(fields)) {
        if (field.endsWith('Help')) continue;
        labels[`${section}.${field}`] = field.startsWith('retencaoLog') ? `${logs}: ${label}` : `${t(`parameters.sections.${section}`)}: ${label}`;
      }
    }
    return labels;
  }, [t]);
}

/** The message of a nested field error (`email.porta`). */
function messageAt(errors: FieldErrors<ParameterUpdateInput>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { message?: string } | undefined)?.message;
}

function SectionCard({ id, title, help, children }: { id: string; title: string; help: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {help}
      </Typography>
      {children}
    </Paper>
  );
}

/** Props of `ParametersForm`. */
export interface ParametersFormProps {
  /** The stored parameters (`GET parametro`). */
  parameters: Parameters;
}

/**
 * The parameters form: sections Geral (log retention per kind, token expiration, inactivity,
 * export queue, app URL, reset-link validity, the Terminal's months of sales), E-mail (SMTP host, port, user, password, TLS,
 * sender, and the e-mail test) and Integração com o ERP (type, user, password, API URL). One
 * react-hook-form over the contracts' `parameterUpdateSchema` (the server's), each number with its
 * bounds beside it; server field errors land under their fields; one "Salvar parâmetros" saves
 * everything at once (all or nothing) and shows 'Parâmetros salvos com sucesso!'. Secrets show
 * "Definida" and a field to replace them (`SecretField`).
 */
export function ParametersForm({ parameters }: ParametersFormProps) {
  const { t } = useTranslation();
  const labels = useParameterLabels();
  const save = useSaveParameters(labels);
  const defaults = useMemo(() => formValues(parameters), [parameters]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ParameterUpdateInput, unknown, ParameterUpdate>({ mode: 'onSubmit', reValidateMode: 'onChange', resolver: zodResolver(parameterUpdateSchema), defaultValues: defaults });
  useEffect(() => reset(defaults), [defaults, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(formValues(saved));
      toast.success(t('parameters.saved'));
    } catch (error) {
      applyServerErrors(error, setError, ['geral', 'email', 'erp']);
    }
  });

  const numberField = (name: NumberField) => {
    const { bounds, unit } = NUMBER_FIELDS[name];
    const [section, field] = name.split('.') as [Section, string];
    const error = messageAt(errors, name);
    return (
      <TextField
        {...register(name)}
        id={`param-${section}-${field}`}
        label={t(`parameters.fields.${section}.${field}`)}
        type="number"
        required
        fullWidth
        error={Boolean(error)}
        helperText={error ?? (unit ? t('parameters.range', { min: bounds.min, max: bounds.max, unit: t(`parameters.units.${unit}`) }) : `${bounds.min}–${bounds.max}`)}
        slotProps={{ htmlInput: { min: bounds.min, max: bounds.max, step: 1, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
      />
    );
  };
  const textField = (name: TextFieldName, extra: { required?: boolean; help?: string; type?: string } = {}) => {
    const [section, field] = name.split('.') as [Section, string];
    const error = messageAt(errors, name);
    return (
      <TextField
        {...register(name)}
        id={`param-${section}-${field}`}
        label={t(`parameters.fields.${section}.${field}`)}
        type={extra.type ?? 'text'}
        required={extra.required}
        fullWidth
        error={Boolean(error)}
        helperText={error ?? extra.help}
        slotProps={{ htmlInput: { spellCheck: false }, inputLabel: { shrink: true } }}
      />
    );
  };
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' } as const;

  return (
    <Box component="form" id="parameters-form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <SectionCard id="param-geral" title={t('parameters.sections.geral')} help={t('parameters.sections.geralHelp')}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('parameters.sections.logs')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 2 }}>
          {numberField('geral.retencaoLogProdutoDias')}
          {numberField('geral.retencaoLogProdutoEstoqueDias')}
          {numberField('geral.retencaoLogAutorDias')}
          {numberField('geral.retencaoLogEditoraDias')}
          {numberField('geral.retencaoLogVendaDias')}
        </Box>
        <Box sx={grid}>
          {numberField('geral.expiracaoTokenDias')}
          {numberField('geral.inatividadeMinutos')}
          {numberField('geral.limpezaFilaExportacaoDias')}
          {numberField('geral.expiracaoArquivoExportacaoDias')}
          {textField('geral.urlAplicacao', { required: true, help: t('parameters.fields.geral.urlAplicacaoHelp'), type: 'url' })}
          {numberField('geral.validadeRedefinicaoSenhaMinutos')}
          {numberField('geral.terminalMesesVendas')}
        </Box>
      </SectionCard>

      <SectionCard id="param-email" title={t('parameters.sections.email')} help={t('parameters.sections.emailHelp')}>
        <Box sx={grid}>
          {textField('email.host', { help: t('parameters.fields.email.hostHelp') })}
          {numberField('email.porta')}
          {textField('email.usuario')}
          <SecretField
            id="param-email-senha"
            label={t('parameters.fields.email.senha')}
            defined={parameters.email.senhaDefinida}
            registerProps={register('email.senha')}
            removing={Boolean(watch('email.removerSenha'))}
            onRemovingChange={(removing) => {
              setValue('email.removerSenha', removing, { shouldDirty: true });
              if (removing) setValue('email.senha', '', { shouldDirty: true });
            }}
            error={messageAt(errors, 'email.senha')}
          />
          {textField('email.remetente', { required: true, help: t('parameters.fields.email.remetenteHelp') })}
          <Controller
            name="email.seguro"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: { sm: 1 } }}
                control={<Switch id="param-email-seguro" checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />}
                label={t('parameters.fields.email.seguro')}
              />
            )}
          />
        </Box>
        <EmailTest dirty={isDirty} />
      </SectionCard>

      <SectionCard id="param-erp" title={t('parameters.sections.erp')} help={t('parameters.sections.erpHelp')}>
        <Box sx={grid}>
          <Controller
            name="erp.tipoIntegracao"
            control={control}
            render={({ field }) => (
              <TextField
                select
                id="param-erp-tipoIntegracao"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                label={t('parameters.fields.erp.tipoIntegracao')}
                fullWidth
                error={Boolean(messageAt(errors, 'erp.tipoIntegracao'))}
                helperText={messageAt(errors, 'erp.tipoIntegracao')}
                slotProps={{ inputLabel: { shrink: true } }}
              >
                {ERP_INTEGRATION_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`parameters.erpTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {textField('erp.urlApi', { type: 'url' })}
          {textField('erp.usuario')}
          <SecretField
            id="param-erp-senha"
            label={t('parameters.fields.erp.senha')}
            defined={parameters.erp.senhaDefinida}
            registerProps={register('erp.senha')}
            removing={Boolean(watch('erp.removerSenha'))}
            onRemovingChange={(removing) => {
              setValue('erp.removerSenha', removing, { shouldDirty: true });
              if (removing) setValue('erp.senha', '', { shouldDirty: true });
            }}
            error={messageAt(errors, 'erp.senha')}
          />
        </Box>
      </SectionCard>

      <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', position: 'sticky', bottom: 8, zIndex: 2 }}>
        <Button onClick={() => reset(defaults)} disabled={!isDirty || isSubmitting}>
          {t('parameters.discard')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={isSubmitting}>
          {t('parameters.save')}
        </Button>
      </Paper>
    </Box>
  );
}
