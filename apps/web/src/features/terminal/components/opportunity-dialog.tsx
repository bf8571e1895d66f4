import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { normalizeIsbn13, opportunityRequestSchema, type OpportunityRequest, type OpportunityType, type RegisterRecord } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { foldText } from '../../../shared/format/format.ts';
import { useCreateOpportunity, useOpportunityReasons } from '../api/create-opportunity.ts';

/** What the dialog registers: a catalogue title, or a title typed at the counter (the box's text). */
export type OpportunitySubject = { kind: 'product'; idProduto: number; titulo: string } | { kind: 'typed'; text: string };

/** Props of `OpportunityDialog`. */
export interface OpportunityDialogProps {
  open: boolean;
  tipo: OpportunityType;
  subject: OpportunitySubject;
  onClose: () => void;
}

/** The form's values before parsing (texts as typed; `idMotivo` the select's value). */
interface OpportunityForm {
  idProduto: number | null;
  ean: string;
  issn: string;
  descricao: string;
  quantidade: string;
  tipo: OpportunityType;
  idMotivo: string;
  observacao: string;
  [key: string]: unknown;
}

/** Wire fields the form shows (server errors land under them). */
const PRODUCT_FIELDS = ['idMotivo', 'quantidade', 'observacao'] as const;
const TYPED_FIELDS = ['ean', 'descricao', 'idMotivo', 'quantidade', 'observacao'] as const;

/**
 * The reason preselected so the counter clerk usually only confirms: "sem estoque" for a lost sale
 * of a catalogue title, "título não cadastrado" for a typed one (when those seeded reasons are still
 * active), otherwise the first reason by name.
 */
export function defaultReasonId(reasons: readonly RegisterRecord[], tipo: OpportunityType, subject: OpportunitySubject): string {
  const hint = tipo === 'VENDA_PERDIDA' ? (subject.kind === 'typed' ? 'titulo nao cadastrado' : 'sem estoque') : null;
  const match = hint ? reasons.find((r) => foldText(r.nome) === hint) : undefined;
  return String((match ?? reasons[0])?.id ?? '');
}

/**
 * The initial EAN and description of a typed title: a valid ISBN-13/EAN-13/ISBN-10 typed in the
 * box becomes the EAN (13 digits); any other text becomes the description.
 */
export function typedDefaults(text: string): { ean: string; descricao: string } {
  const trimmed = text.trim();
  const ean = normalizeIsbn13(trimmed);
  return ean ? { ean, descricao: '' } : { ean: '', descricao: trimmed.slice(0, 300) };
}

/**
 * The short dialog of "Venda perdida" / "Sugestão de compra" (issue 16 part 4): reason (active
 * reasons of `motivo-oportunidade`, one preselected), quantity (default 1) and observation; for a
 * title the catalogue does not have, also the EAN and the description, prefilled from what was
 * typed in the box. Validated with the contracts' schema (the server's); `POST oportunidade`; the
 * SPEC 8 success toast ("Oportunidade encaminhada com sucesso!"); a 400 lands under its field.
 */
export function OpportunityDialog({ open, tipo, subject, onClose }: OpportunityDialogProps) {
  const { t } = useTranslation();
  const reasons = useOpportunityReasons(open);
  const fields = subject.kind === 'typed' ? TYPED_FIELDS : PRODUCT_FIELDS;
  const fieldLabels = useMemo(() => Object.fromEntries(fields.map((f) => [f, t(`terminal.opportunity.${f === 'idMotivo' ? 'motivo' : f}`)])), [fields, t]);
  const create = useCreateOpportunity(fieldLabels);
  const schema = opportunityRequestSchema as unknown as z.ZodType<OpportunityRequest, OpportunityForm>;
  const list = reasons.data;
  const typedText = subject.kind === 'typed' ? subject.text : '';
  const defaults = useMemo<OpportunityForm>(
    () => ({
      idProduto: subject.kind === 'product' ? subject.idProduto : null,
      ...(subject.kind === 'typed' ? typedDefaults(typedText) : { ean: '', descricao: '' }),
      issn: '',
      quantidade: '1',
      tipo,
      idMotivo: defaultReasonId(list ?? [], tipo, subject),
      observacao: '',
    }),
    // the subject's identity changes on every render of the page; its content is what matters
    [subject.kind, subject.kind === 'product' ? subject.idProduto : typedText, tipo, list],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDialogForm<OpportunityForm, OpportunityRequest>(schema, defaults, open);

  // the reason takes the focus once the reasons are there, unless the user is already in a field
  // (the dialog's focus trap may have put it on the dialog itself while they loaded)
  const loaded = list !== undefined;
  useEffect(() => {
    if (!open || !loaded) return;
    const frame = requestAnimationFrame(() => {
      const form = document.getElementById('terminal-opportunity-form');
      if (form && !form.contains(document.activeElement)) document.getElementById('terminal-opportunity-motivo')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, loaded]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(t('terminal.opportunity.forwarded'));
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, [...fields]);
    }
  });

  const idPrefix = 'terminal-opportunity';
  const errorOf = (name: keyof OpportunityForm) => errors[name]?.message as string | undefined;
  return (
    <FormDialog
      open={open}
      idPrefix={idPrefix}
      title={t(tipo === 'VENDA_PERDIDA' ? 'terminal.opportunity.lostSaleTitle' : 'terminal.opportunity.suggestionTitle')}
      submitting={isSubmitting}
      saveDisabled={reasons.isPending}
      cancelLabel={t('terminal.opportunity.cancel')}
      saveLabel={t('terminal.opportunity.save')}
      maxWidth="sm"
      onClose={onClose}
    >
      <Box component="form" id={`${idPrefix}-form`} noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 140px' }, pt: 1 }}>
        {subject.kind === 'product' ? (
          <Typography variant="body2" sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
            {t('terminal.opportunity.forTitle', { titulo: subject.titulo })}
          </Typography>
        ) : (
          <>
            <TextField
              {...register('descricao')}
              id={`${idPrefix}-descricao`}
              label={t('terminal.opportunity.descricao')}
              required
              error={Boolean(errors.descricao)}
              helperText={errorOf('descricao')}
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              {...register('ean')}
              id={`${idPrefix}-ean`}
              label={t('terminal.opportunity.ean')}
              error={Boolean(errors.ean)}
              helperText={errorOf('ean')}
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false }, inputLabel: { shrink: true } }}
            />
          </>
        )}
        <TextField
          {...register('idMotivo')}
          id={`${idPrefix}-motivo`}
          select
          label={t('terminal.opportunity.motivo')}
          required
          autoFocus
          error={Boolean(errors.idMotivo) || (list !== undefined && list.length === 0)}
          helperText={errorOf('idMotivo') ?? (list !== undefined && list.length === 0 ? t('terminal.opportunity.noReasons') : undefined)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {(list ?? []).map((reason) => (
            <option key={reason.id} value={String(reason.id)}>
              {reason.nome}
            </option>
          ))}
        </TextField>
        <TextField
          {...register('quantidade')}
          id={`${idPrefix}-quantidade`}
          label={t('terminal.opportunity.quantidade')}
          required
          error={Boolean(errors.quantidade)}
          helperText={errorOf('quantidade')}
          slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
        />
        <TextField
          {...register('observacao')}
          id={`${idPrefix}-observacao`}
          label={t('terminal.opportunity.observacao')}
          multiline
          minRows={2}
          error={Boolean(errors.observacao)}
          helperText={errorOf('observacao')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
    </FormDialog>
  );
}
