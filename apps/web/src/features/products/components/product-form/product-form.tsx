import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useBlocker, useLocation, useNavigate } from 'react-router';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type Resolver, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateLocalization } from '../../../../shared/date-picker/date-localization.tsx';
import { useQuery } from '@tanstack/react-query';
import { REGISTERS, REQUIRED, hasRole, pickerReadRoles, publisherSchema, type ProductDetail, type ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../shared/api/api-client.ts';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { HistoryPanel } from '../../../../shared/audit/history-panel.tsx';
import { ConfirmDialog } from '../../../../shared/confirm/confirm-dialog.tsx';
import { DATE_FORMAT, formatDateTime, formatMoneyFromCents } from '../../../../shared/format/format.ts';
import { PagedAutocomplete, type PickerOption } from '../../../../shared/forms/paged-autocomplete.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { useSession } from '../../../../shared/session/session-context.tsx';
import { toast } from '../../../../shared/toast/toast.tsx';
import { codeWithLabel, languageLabel } from '../../product-codes.ts';
import { situationLabel, situationTone } from '../../product-situations.ts';
import { ContributorsEditor } from './contributors-editor.tsx';
import { CoverField } from './cover-field.tsx';
import { IdentifierFields } from './identifier-fields.tsx';
import { useProductMutations } from './product-form-api.ts';
import {
  FIELD_SECTION,
  PRODUCT_FORM_FIELDS,
  PRODUCT_FORM_SECTIONS,
  duplicateProductId,
  emptyProductValues,
  productFormSchema,
  proposedSlug,
  slugWasEdited,
  valuesFromDetail,
  type ProductFormSection,
  type ProductFormValues,
} from './product-form-model.ts';

/** `{id, nome}` row of an auxiliary register or publisher as an option. */
export function namedOption(row: unknown): PickerOption | null {
  const r = row as { id?: unknown; nome?: unknown };
  return typeof r.id === 'number' && typeof r.nome === 'string' ? { value: r.id, label: r.nome, data: row } : null;
}
/** `{codigo, nome}` lookup row (situation, binding) as `21 – Disponível`. */
export function codeOption(row: unknown): PickerOption | null {
  const r = row as { codigo?: unknown; nome?: unknown };
  return typeof r.codigo === 'string' ? { value: r.codigo, label: typeof r.nome === 'string' ? `${r.codigo} – ${r.nome}` : r.codigo } : null;
}
/** BISAC heading row `{codigo, descricao}` as `FIC019000 – Ficção / Literária`. */
export function bisacOption(row: unknown): PickerOption | null {
  const r = row as { codigo?: unknown; descricao?: unknown };
  return typeof r.codigo === 'string' ? { value: r.codigo, label: typeof r.descricao === 'string' ? `${r.codigo} – ${r.descricao}` : r.codigo } : null;
}
/** Catalogue row (`GET produto`) as a related product / gift option: value the ISBN-13, label `Título (ISBN)`. */
export function catalogueOption(row: unknown): PickerOption | null {
  const r = row as { isbn13?: unknown; titulo?: unknown };
  return typeof r.isbn13 === 'string' ? { value: r.isbn13, label: typeof r.titulo === 'string' ? `${r.titulo} (${r.isbn13})` : r.isbn13 } : null;
}

const ACTIVE_ONLY = { status: 'true' } as const;
const BISAC_MAIN = { principais: 'true' } as const;
/** Languages offered first (ISO 639-2/B); a product's other language stays selectable. */
const LANGUAGES = ['por', 'eng', 'spa', 'fre', 'ita', 'ger'] as const;

/** A titled card of the form with its anchor (`section-<name>`), the target of the section navigator. */
function Section({ name, title, children }: { name: ProductFormSection; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" id={`section-${name}`} aria-labelledby={`section-${name}-title`} sx={{ p: { xs: 2, sm: 3 }, mb: 2, scrollMarginTop: 80 }}>
      <Typography id={`section-${name}-title`} component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A responsive grid of inputs: one column on phones, two on tablets, `columns` from md up. */
function Grid({ children, columns = 3 }: { children: ReactNode; columns?: number }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` }, gap: 2 }}>{children}</Box>;
}

/** Spans every column of `Grid`. */
const full = { gridColumn: '1 / -1' } as const;

/**
 * Keeps the SEO slug equal to `slugFromTitle(titulo)` while `edited` is false. Its own component, so
 * each key typed in the title re-renders only this, not the whole form.
 */
function SlugProposal({ control, setValue, getSlug, edited }: { control: Control<ProductFormValues, unknown, ProductSave>; setValue: UseFormSetValue<ProductFormValues>; getSlug: () => string; edited: { current: boolean } }) {
  const titulo = useWatch({ control, name: 'titulo' });
  const previous = useRef(titulo);
  useEffect(() => {
    // only a change of the title proposes: opening a saved product never dirties the form
    if (previous.current === titulo) return;
    previous.current = titulo;
    const current = getSlug();
    const next = proposedSlug(titulo, current, edited.current);
    if (next !== current) setValue('slugSeo', next, { shouldDirty: true });
  }, [titulo, getSlug, setValue, edited]);
  return null;
}

/** Props of `ProductForm`. */
export interface ProductFormProps {
  /** The saved product (edit), or null for a new one. */
  detail: ProductDetail | null;
}

/**
 * The product form (issue 8 part 1) for `/product/produto-cadastrar` (new) and `/product/{id}`
 * (edit): every field of SPEC section 3 in sections, validated by `productSaveSchema` (the
 * server's schema) through `productFormSchema`; server 400/409 messages land under their fields, a
 * 409 duplicate ISBN also names the existing product with a link. New: `POST produto`, then the
 * chosen cover, then the edit URL. Edit: `PUT produto/{id}`; the active switch calls
 * `PUT produto/inativa/{id}`; the cover is uploaded/removed at once; the audit history is shown.
 * Leaving with unsaved changes asks first; Ctrl+S saves. Wide screens get a section navigator.
 */
export function ProductForm({ detail }: ProductFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const roles = useMemo(() => user?.roles ?? [], [user]);
  const { save, toggle, upload, removeCover } = useProductMutations();
  const id = detail?.id ?? null;
  const f = useCallback((key: string) => t(`products.form.fields.${key}`), [t]);
  const fieldLabels = useMemo(() => Object.fromEntries(PRODUCT_FORM_FIELDS.map((key) => [key, f(key)])), [f]);
  // the history also shows the entry a product import writes (`importacao`: file, import and line)
  const historyLabels = useMemo(() => ({ ...fieldLabels, importacao: t('products.form.historyImport') }), [fieldLabels, t]);

  const defaults = useMemo(() => (detail ? valuesFromDetail(detail) : emptyProductValues()), [detail?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<ProductFormValues, unknown, ProductSave>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(productFormSchema) as unknown as Resolver<ProductFormValues, unknown, ProductSave>,
    defaultValues: defaults,
  });
  const { control, handleSubmit, setValue, setError, reset, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;

  // ---- SEO slug proposed from the title until edited by hand
  const slugEdited = useRef(detail ? slugWasEdited(detail.titulo, detail.slugSeo ?? '') : false);

  // ---- imprints of the chosen publisher
  const editora = useWatch({ control, name: 'idEditora' });
  const canReadPublishers = hasRole(roles, pickerReadRoles(REQUIRED.editoras));
  const publisherId = editora ? Number(editora.value) : null;
  const publisherFromRow = editora?.data ? publisherSchema.safeParse(editora.data) : null;
  const publisher = useQuery({
    queryKey: ['editora', publisherId],
    queryFn: async ({ signal }) => publisherSchema.parse(await api.get<unknown>(`editora/${publisherId}`, { signal, toastErrors: false, area: false })),
    enabled: publisherId !== null && canReadPublishers && !publisherFromRow?.success,
    staleTime: 60_000,
  });
  const imprints: PickerOption[] = useMemo(() => {
    const selos = publisherFromRow?.success ? publisherFromRow.data.selos : (publisher.data?.selos ?? []);
    return selos.filter((s) => s.ativo).map((s) => ({ value: s.id, label: s.nome }));
  }, [publisherFromRow?.success, publisherFromRow?.data, publisher.data]);
  const onPublisherChange = (next: PickerOption | null) => {
    setValue('idEditora', next, { shouldDirty: true });
    if (!next || next.value !== editora?.value) setValue('idSelo', null, { shouldDirty: true });
  };

  const categoria = useWatch({ control, name: 'categoriaBisac' });
  const subQuery = useMemo(() => (categoria ? { secao: String(categoria.value).slice(0, 3) } : undefined), [categoria]);

  // ---- save
  const [pendingCover, setPendingCover] = useState<File | null>(null);
  const [duplicate, setDuplicate] = useState<{ message: string; id: number | null } | null>(null);
  const leaving = useRef(false);

  const onValid = async (body: ProductSave) => {
    setDuplicate(null);
    try {
      const saved = await save.mutateAsync({ id, body, fieldLabels });
      if (id === null) {
        if (pendingCover) {
          try {
            await upload.mutateAsync({ id: saved.id, file: pendingCover });
          } catch {
            // the error toast has said why; the product itself is saved
          }
        }
        toast.success(t('products.form.created'));
        leaving.current = true;
        reset(valuesFromDetail(saved));
        void navigate(`/product/${saved.id}`, { replace: true });
      } else {
        toast.success(t('products.form.saved'));
        slugEdited.current = slugWasEdited(saved.titulo, saved.slugSeo ?? '');
        reset(valuesFromDetail(saved));
      }
    } catch (error) {
      applyServerErrors(error, setError, PRODUCT_FORM_FIELDS);
      if (error instanceof ApiError && error.status === 409) {
        const isbn = error.fieldMessages.find((m) => m.field === 'isbn13');
        if (isbn) setDuplicate({ message: isbn.message, id: duplicateProductId(isbn.message) });
      }
    }
  };
  const onInvalid = (invalid: FieldErrors<ProductFormValues>) => {
    const first = PRODUCT_FORM_FIELDS.find((name) => name in invalid);
    toast.error(t('products.form.fixErrors'));
    if (first && FIELD_SECTION[first] && (first === 'autores' || first === 'brindes' || first === 'produtosRelacionados')) {
      document.getElementById(`section-${FIELD_SECTION[first]}`)?.scrollIntoView?.({ block: 'start' });
    }
  };
  const submit = handleSubmit(onValid, onInvalid);

  // Ctrl+S saves from anywhere on the form
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void submit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [submit]);

  // ---- unsaved-changes guard (navigation inside the app and reload/close)
  const guard = isDirty && !isSubmitting;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guard && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!guard) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guard]);

  const location = useLocation();
  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/product/catalog');
  };

  const onToggle = async () => {
    if (id === null) return;
    try {
      const state = await toggle.mutateAsync(id);
      toast.success(state.ativo ? t('products.form.activated') : t('products.form.deactivated'));
    } catch {
      // the error toast has said why
    }
  };

  // ---- field helpers
  const text = (name: keyof ProductFormValues, opts: { multiline?: boolean; rows?: number; sx?: object; inputMode?: 'numeric' | 'decimal'; required?: boolean; helper?: string; max?: number; onEdit?: (v: string) => void; deps?: (keyof ProductFormValues)[] } = {}) => (
    <Controller
      control={control}
      name={name}
      rules={opts.deps ? { deps: opts.deps } : undefined}
      render={({ field }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            opts.onEdit?.(e.target.value);
          }}
          id={`produto-${name}`}
          label={f(name)}
          required={opts.required}
          fullWidth
          multiline={opts.multiline}
          minRows={opts.rows}
          error={!!errors[name]}
          helperText={(errors[name] as { message?: string } | undefined)?.message ?? opts.helper}
          sx={opts.sx}
          slotProps={{ htmlInput: { inputMode: opts.inputMode, maxLength: opts.max } }}
        />
      )}
    />
  );

  const flag = (name: 'indCompra' | 'indVenda' | 'indConsignacao' | 'indEstoque' | 'indExibirMarketplace' | 'indBlacklist') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />} label={f(name)} />}
    />
  );

  const picker = (
    name: 'idFaixaEtaria' | 'idPublicoAlvo' | 'idClassificacaoIndicativa' | 'idLinhaProduto' | 'situacao' | 'encadernacao' | 'formatoProduto' | 'categoriaBisac' | 'subcategoriaBisac',
    path: string,
    /** The list's own role (read with it or the product role, `pickerReadRoles`); null: any signed-in user. */
    role: string | null,
    toOption: (row: unknown) => PickerOption | null,
    query?: Record<string, string>,
    freeText = false,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PagedAutocomplete
          id={`produto-${name}`}
          label={f(name)}
          path={path}
          role={role === null ? undefined : pickerReadRoles(role)}
          query={query}
          toOption={toOption}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          freeTextFallback={freeText}
          error={!!errors[name]}
          helperText={errors[name]?.message}
          unavailableText={role === null || hasRole(roles, pickerReadRoles(role)) ? t('products.form.unavailable') : t('products.form.noRole')}
          noOptionsText={t('products.form.noOptions')}
        />
      )}
    />
  );

  const date = (name: 'dataSituacao' | 'dataPublicacao') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DatePicker
          label={f(name)}
          format={DATE_FORMAT}
          value={field.value ? dayjs(field.value) : null}
          onChange={(day) => field.onChange(day === null ? null : day.isValid() ? day.format('YYYY-MM-DD') : 'invalid')}
          inputRef={field.ref}
          slotProps={{ textField: { id: `produto-${name}`, fullWidth: true, error: !!errors[name], helperText: errors[name]?.message, onBlur: field.onBlur }, field: { clearable: true } }}
        />
      )}
    />
  );

  const [tab, setTab] = useState(0);
  useEffect(() => {
    if (errors.tituloEn || errors.sinopseEn) setTab(1);
    else if (errors.tituloEs || errors.sinopseEs) setTab(2);
    else if (errors.sinopse) setTab(0);
  }, [errors.tituloEn, errors.sinopseEn, errors.tituloEs, errors.sinopseEs, errors.sinopse]);

  const language = useWatch({ control, name: 'idioma' });
  const languageOptions = useMemo(() => {
    const codes: string[] = [...LANGUAGES];
    if (language && !codes.includes(language)) codes.push(language);
    return codes;
  }, [language]);
  const locale = i18n.resolvedLanguage ?? 'pt-BR';

  const sectionTitle = (name: ProductFormSection) => t(`products.form.sections.${name}`);
  const sections = PRODUCT_FORM_SECTIONS.filter((s) => s !== 'history' || id !== null);
  const byline = detail ? [detail.autores.map((a) => a.nomeCompleto).join(', '), detail.editora?.nome].filter(Boolean).join(' · ') : '';

  return (
    <DateLocalization>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={detail ? detail.titulo : t('products.form.newTitle')}>
        <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2 }}>
          {t('products.form.back')}
        </Button>
        <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0, flex: '1 1 300px' }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', wordBreak: 'break-word' }}>
              {detail ? detail.titulo : t('products.form.newTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {detail ? t('products.form.editSubtitle', { isbn: detail.isbn13 }) : t('products.form.newSubtitle')}
            </Typography>
            {byline && (
              <Typography variant="body2" color="text.secondary">
                {byline}
              </Typography>
            )}
            {detail && (
              <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                {detail.situacao && <Chip size="small" color={situationTone(detail.situacao)} label={detail.descricaoSituacao ?? situationLabel(detail.situacao)} title={`${detail.situacao} – ${detail.descricaoSituacao ?? situationLabel(detail.situacao)}`} />}
                {detail.idErp && <Chip size="small" variant="outlined" label={`${t('products.form.meta.idErp')} ${detail.idErp}`} />}
                <Typography variant="caption" color="text.secondary">
                  {t('products.form.meta.dataAlteracao')} {formatDateTime(detail.dataAlteracao)}
                </Typography>
              </Box>
            )}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {detail && (
              <FormControlLabel
                control={<Switch checked={detail.ativo} disabled={toggle.isPending} onChange={() => void onToggle()} slotProps={{ input: { 'aria-label': t('products.form.activeLabel') } }} />}
                label={t('products.form.active')}
              />
            )}
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={isSubmitting} title={t('products.form.shortcutHint')}>
              {isSubmitting ? t('products.form.saving') : t('products.form.save')}
            </Button>
          </Box>
        </Box>

        {duplicate && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {duplicate.message}
            {duplicate.id !== null && (
              <>
                {' '}
                <Link component={RouterLink} to={`/product/${duplicate.id}`}>
                  {t('products.form.openExisting')}
                </Link>
              </>
            )}
          </Alert>
        )}

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '190px minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
          <Box component="nav" aria-label={t('products.form.sectionsNav')} sx={{ display: { xs: 'none', lg: 'block' }, position: 'sticky', top: 80 }}>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {sections.map((name) => (
                <li key={name}>
                  <Link
                    href={`#section-${name}`}
                    underline="hover"
                    onClick={(e) => {
                      e.preventDefault();
                      const target = document.getElementById(`section-${name}`);
                      target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                      target?.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
                    }}
                    sx={{ display: 'block', py: 0.5, px: 1, borderRadius: 1, fontSize: 14, color: Object.keys(errors).some((k) => FIELD_SECTION[k] === name) ? 'error.main' : 'text.primary', '&:hover': { bgcolor: 'action.hover' } }}
                  >
                    {sectionTitle(name)}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>

          <Box sx={{ minWidth: 0 }}>
            <Section name="identification" title={sectionTitle('identification')}>
              <Grid>
                <IdentifierFields control={control} errors={errors} setValue={setValue} />
                {text('titulo', { required: true, sx: full, max: 500 })}
                {text('subtitulo', { sx: full, max: 500 })}
                {text('numeroEdicao', { inputMode: 'numeric', max: 4 })}
                {text('anoEdicao', { inputMode: 'numeric', max: 4 })}
                {text('tiragem', { inputMode: 'numeric', max: 10 })}
                <Controller
                  control={control}
                  name="idEditora"
                  render={({ field }) => (
                    <PagedAutocomplete
                      id="produto-idEditora"
                      label={f('idEditora')}
                      path="editora"
                      role={pickerReadRoles(REQUIRED.editoras)}
                      query={ACTIVE_ONLY}
                      toOption={namedOption}
                      value={field.value}
                      onChange={onPublisherChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={!!errors.idEditora}
                      helperText={errors.idEditora?.message}
                      unavailableText={canReadPublishers ? t('products.form.unavailable') : t('products.form.noRole')}
                      noOptionsText={t('products.form.noOptions')}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="idSelo"
                  render={({ field }) => (
                    <Autocomplete<PickerOption, false>
                      id="produto-idSelo"
                      options={field.value && !imprints.some((o) => o.value === field.value?.value) ? [field.value, ...imprints] : imprints}
                      value={field.value}
                      onChange={(_, next) => field.onChange(next)}
                      onBlur={field.onBlur}
                      disabled={!editora}
                      getOptionLabel={(o) => o.label}
                      isOptionEqualToValue={(a, b) => a.value === b.value}
                      noOptionsText={t('products.form.noOptions')}
                      renderInput={(params) => <TextField {...params} inputRef={field.ref} label={f('idSelo')} error={!!errors.idSelo} helperText={errors.idSelo?.message} />}
                    />
                  )}
                />
                {text('colecao', { max: 300 })}
              </Grid>
            </Section>

            <Section name="commercial" title={sectionTitle('commercial')}>
              <FormGroup row sx={{ mb: 2, columnGap: 2 }}>
                {flag('indCompra')}
                {flag('indVenda')}
                {flag('indConsignacao')}
                {flag('indEstoque')}
              </FormGroup>
              <Grid>
                {picker('situacao', REGISTERS.productStatus.apiPath, REGISTERS.productStatus.role, codeOption, ACTIVE_ONLY, true)}
                {date('dataSituacao')}
                {date('dataPublicacao')}
                {text('status', { max: 3, helper: '04, 07…' })}
                <Controller
                  control={control}
                  name="idioma"
                  render={({ field }) => (
                    <TextField {...field} select id="produto-idioma" label={f('idioma')} fullWidth error={!!errors.idioma} helperText={errors.idioma?.message}>
                      <MenuItem value="">—</MenuItem>
                      {languageOptions.map((code) => (
                        <MenuItem key={code} value={code}>
                          {languageLabel(code, code === detail?.idioma ? detail.descricaoIdioma : null, locale)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                {text('percentualDescontoMaximo', { inputMode: 'decimal', max: 6 })}
                {text('tipo', { max: 50 })}
                {text('origem', { max: 50 })}
                {text('unidadeMedida', { max: 10 })}
                {text('grupoProduto', { max: 100 })}
              </Grid>
            </Section>

            <Section name="classification" title={sectionTitle('classification')}>
              <Grid columns={2}>
                {picker('categoriaBisac', 'categoria-bisac', null, bisacOption, BISAC_MAIN, true)}
                {picker('subcategoriaBisac', 'categoria-bisac', null, bisacOption, subQuery, true)}
                {text('categoria', { max: 150 })}
                {text('assunto', { max: 150 })}
                {picker('idFaixaEtaria', REGISTERS.ageRange.apiPath, REGISTERS.ageRange.role, namedOption, ACTIVE_ONLY)}
                {picker('idPublicoAlvo', REGISTERS.targetAudience.apiPath, REGISTERS.targetAudience.role, namedOption, ACTIVE_ONLY)}
                {picker('idClassificacaoIndicativa', REGISTERS.contentRating.apiPath, REGISTERS.contentRating.role, namedOption, ACTIVE_ONLY)}
                {picker('idLinhaProduto', REGISTERS.productLine.apiPath, REGISTERS.productLine.role, namedOption, ACTIVE_ONLY)}
                {text('personagens', { multiline: true, rows: 2, sx: full, max: 5000 })}
              </Grid>
            </Section>

            <Section name="contributors" title={sectionTitle('contributors')}>
              <ContributorsEditor control={control} errors={errors} />
            </Section>

            <Section name="physical" title={sectionTitle('physical')}>
              <Grid columns={4}>
                {text('numeroPaginas', { inputMode: 'numeric', max: 6 })}
                {text('alturaMm', { inputMode: 'numeric', max: 5 })}
                {text('larguraMm', { inputMode: 'numeric', max: 5 })}
                {text('espessuraMm', { inputMode: 'numeric', max: 5 })}
                {text('pesoGramas', { inputMode: 'numeric', max: 7 })}
                {picker('encadernacao', REGISTERS.bindings.apiPath, REGISTERS.bindings.role, codeOption, ACTIVE_ONLY, true)}
                {picker('formatoProduto', REGISTERS.bindings.apiPath, REGISTERS.bindings.role, codeOption, ACTIVE_ONLY, true)}
              </Grid>
              {detail && detail.detalhesFormato.length > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {f('detalhesFormato')}: {detail.detalhesFormato.map((c, i) => codeWithLabel(c, detail.descricoesDetalhesFormato[i] ?? null)).join(', ')}
                </Typography>
              )}
            </Section>

            <Section name="fiscal" title={sectionTitle('fiscal')}>
              <Grid>
                {text('cest', { inputMode: 'numeric', max: 9, helper: '00.000.00' })}
                {text('codigoBeneficio', { max: 10 })}
                {text('caracteristicaFiscal', { max: 50 })}
              </Grid>
            </Section>

            <Section name="texts" title={sectionTitle('texts')}>
              <Tabs value={tab} onChange={(_, next: number) => setTab(next)} aria-label={sectionTitle('texts')} sx={{ mb: 2 }}>
                {(['pt', 'en', 'es'] as const).map((lang, i) => (
                  <Tab key={lang} label={t(`products.form.tabs.${lang}`)} id={`texts-tab-${lang}`} aria-controls={`texts-panel-${lang}`} value={i} />
                ))}
              </Tabs>
              <Box role="tabpanel" id="texts-panel-pt" aria-labelledby="texts-tab-pt" hidden={tab !== 0} sx={{ display: tab === 0 ? 'grid' : 'none', gap: 2 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('products.form.sinopseHint')}
                </Typography>
                {text('sinopse', { multiline: true, rows: 5, max: 20_000 })}
              </Box>
              <Box role="tabpanel" id="texts-panel-en" aria-labelledby="texts-tab-en" hidden={tab !== 1} sx={{ display: tab === 1 ? 'grid' : 'none', gap: 2 }}>
                {text('tituloEn', { max: 500 })}
                {text('sinopseEn', { multiline: true, rows: 5, max: 20_000 })}
              </Box>
              <Box role="tabpanel" id="texts-panel-es" aria-labelledby="texts-tab-es" hidden={tab !== 2} sx={{ display: tab === 2 ? 'grid' : 'none', gap: 2 }}>
                {text('tituloEs', { max: 500 })}
                {text('sinopseEs', { multiline: true, rows: 5, max: 20_000 })}
              </Box>
            </Section>

            <Section name="stock" title={sectionTitle('stock')}>
              <Grid columns={2}>
                {text('estoqueMinimo', { inputMode: 'numeric', max: 10, deps: ['estoqueMaximo'] })}
                {text('estoqueMaximo', { inputMode: 'numeric', max: 10, deps: ['estoqueMinimo'] })}
              </Grid>
            </Section>

            <Section name="marketplace" title={sectionTitle('marketplace')}>
              <FormGroup row sx={{ columnGap: 2 }}>
                {flag('indExibirMarketplace')}
                {flag('indBlacklist')}
              </FormGroup>
            </Section>

            <Section name="cover" title={sectionTitle('cover')}>
              <CoverField
                productId={id}
                arquivoCapa={detail?.arquivoCapa ?? null}
                titulo={detail?.titulo ?? t('products.form.newTitle')}
                pendingFile={pendingCover}
                onPendingFile={setPendingCover}
                busy={upload.isPending || removeCover.isPending}
                onUpload={(file) => {
                  if (id === null) return;
                  upload.mutate({ id, file }, { onSuccess: () => toast.success(t('products.form.coverSaved')) });
                }}
                onRemove={() => {
                  if (id === null) return;
                  removeCover.mutate(id, { onSuccess: () => toast.success(t('products.form.coverRemoved')) });
                }}
              />
            </Section>

            <Section name="seo" title={sectionTitle('seo')}>
              <SlugProposal control={control} setValue={setValue} getSlug={() => form.getValues('slugSeo')} edited={slugEdited} />
              <Grid columns={2}>
                {text('slugSeo', {
                  max: 300,
                  helper: t('products.form.slugHint'),
                  onEdit: (v) => {
                    slugEdited.current = v.trim() !== '';
                  },
                })}
                {text('palavrasChave', { max: 2000, helper: t('products.form.keywordsHint') })}
                {text('observacao', { multiline: true, rows: 3, sx: full, max: 5000 })}
              </Grid>
            </Section>

            <Section name="related" title={sectionTitle('related')}>
              <Grid columns={1}>
                {(['produtosRelacionados', 'brindes'] as const).map((name) => (
                  <Controller
                    key={name}
                    control={control}
                    name={name}
                    render={({ field }) => (
                      <PagedAutocomplete
                        multiple
                        id={`produto-${name}`}
                        label={f(name)}
                        path="produto"
                        role={REQUIRED.produtos}
                        toOption={catalogueOption}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        placeholder={t('products.form.relatedHint')}
                        error={!!errors[name]}
                        helperText={errors[name]?.message ?? (Array.isArray(errors[name]) ? errors[name]?.find?.((e) => e)?.message : undefined)}
                        noOptionsText={t('products.form.noOptions')}
                      />
                    )}
                  />
                ))}
              </Grid>
              {detail && (detail.assuntos.length > 0 || detail.precos.length > 0) && (
                <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
                  <Typography variant="caption" color="text.secondary">
                    {t('products.form.readOnly.onixHint')}
                  </Typography>
                  {detail.precos.length > 0 && (
                    <Box>
                      <Typography variant="subtitle2">{t('products.form.readOnly.prices')}</Typography>
                      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                        {detail.precos.map((p, i) => (
                          <li key={i}>
                            <Typography variant="body2" component="span">
                              {codeWithLabel(p.tipo, p.descricaoTipo)}
                            </Typography>
                            <Typography variant="body2" component="span">
                              {': '}
                              {formatMoneyFromCents(p.valorCentavos, p.moeda)}
                              {p.territorio ? ` — ${p.territorio}` : ''}
                            </Typography>
                          </li>
                        ))}
                      </Box>
                    </Box>
                  )}
                  {detail.assuntos.length > 0 && (
                    <Box>
                      <Typography variant="subtitle2">{t('products.form.readOnly.subjects')}</Typography>
                      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                        {detail.assuntos.map((s, i) => (
                          <li key={i}>
                            <Typography variant="body2">
                              {[s.descricaoEsquema ?? s.esquema, s.codigo, s.descricao].filter(Boolean).join(' · ')}
                              {s.principal ? ` (${t('products.form.readOnly.principal')})` : ''}
                            </Typography>
                          </li>
                        ))}
                      </Box>
                    </Box>
                  )}
                </Box>
              )}
            </Section>

            {id !== null && (
              <Paper variant="outlined" id="section-history" sx={{ p: { xs: 2, sm: 3 }, mb: 2, scrollMarginTop: 80 }}>
                <HistoryPanel entidade="produto" idRegistro={id} fieldLabels={historyLabels} />
              </Paper>
            )}

            <Box sx={{ position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', justifyContent: 'flex-end', gap: 1, py: 1.5, px: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
              <Button onClick={back}>{t('products.form.cancel')}</Button>
              <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={isSubmitting}>
                {isSubmitting ? t('products.form.saving') : t('products.form.save')}
              </Button>
            </Box>
          </Box>
        </Box>
      </Box>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('products.form.unsavedTitle')}
        message={t('products.form.unsavedMessage')}
        confirmLabel={t('products.form.unsavedLeave')}
        cancelLabel={t('products.form.unsavedStay')}
        confirmColor="warning"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </DateLocalization>
  );
}
