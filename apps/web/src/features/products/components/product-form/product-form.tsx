import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useBlocker, useLocation, useNavigate } from 'react-router';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DateLocalization } from '../../../../shared/date-picker/date-localization.tsx';
import type { ProductDetail, ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { HistoryPanel } from '../../../../shared/audit/history-panel.tsx';
import { ConfirmDialog } from '../../../../shared/confirm/confirm-dialog.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { toast } from '../../../../shared/toast/toast.tsx';
import { ClassificationSection } from './classification-section.tsx';
import { CommercialSection } from './commercial-section.tsx';
import { ContributorsEditor } from './contributors-editor.tsx';
import { CoverField } from './cover-field.tsx';
import { IdentificationSection } from './identification-section.tsx';
import { useProductMutations } from './product-form-api.ts';
import { FormSection } from './product-form-fields.tsx';
import { ProductFormHeader, SaveButton, SectionNav } from './product-form-header.tsx';
import {
  FIELD_SECTION,
  PRODUCT_FORM_FIELDS,
  PRODUCT_FORM_SECTIONS,
  duplicateProductId,
  emptyProductValues,
  productFormSchema,
  slugWasEdited,
  valuesFromDetail,
  type ProductFormValues,
} from './product-form-model.ts';
import { PhysicalSection } from './physical-section.tsx';
import { RelatedSection } from './related-section.tsx';
import { SeoSection } from './seo-section.tsx';
import { FiscalSection, MarketplaceSection, StockSection } from './simple-sections.tsx';
import { TextsSection } from './texts-section.tsx';

export { bisacOption, catalogueOption, codeOption, namedOption } from './product-form-fields.tsx';

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
 * This container holds the form state, the save, the guards and the layout; each section is its
 * own component (`*-section.tsx`), reading the form through react-hook-form's `FormProvider`.
 */
export function ProductForm({ detail }: ProductFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { save, toggle, upload, removeCover } = useProductMutations();
  const id = detail?.id ?? null;
  const fieldLabels = useMemo(() => Object.fromEntries(PRODUCT_FORM_FIELDS.map((key) => [key, t(`products.form.fields.${key}`)])), [t]);
  // the history also shows the entry a product import writes (`importacao`: file, import and line)
  const historyLabels = useMemo(() => ({ ...fieldLabels, importacao: t('products.form.historyImport') }), [fieldLabels, t]);

  const defaults = useMemo(() => (detail ? valuesFromDetail(detail) : emptyProductValues()), [detail?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<ProductFormValues, unknown, ProductSave>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(productFormSchema) as unknown as Resolver<ProductFormValues, unknown, ProductSave>,
    defaultValues: defaults,
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;

  // SEO slug proposed from the title until edited by hand
  const slugEdited = useRef(detail ? slugWasEdited(detail.titulo, detail.slugSeo ?? '') : false);

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

  const sections = PRODUCT_FORM_SECTIONS.filter((s) => s !== 'history' || id !== null);

  return (
    <DateLocalization>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={detail ? detail.titulo : t('products.form.newTitle')}>
          <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2 }}>
            {t('products.form.back')}
          </Button>
          <ProductFormHeader detail={detail} toggling={toggle.isPending} onToggle={() => void onToggle()} submitting={isSubmitting} />

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
            <SectionNav sections={sections} errorFields={Object.keys(errors)} />

            <Box sx={{ minWidth: 0 }}>
              <IdentificationSection />
              <CommercialSection detail={detail} />
              <ClassificationSection />
              <FormSection name="contributors">
                <ContributorsEditor control={control} errors={errors} />
              </FormSection>
              <PhysicalSection detail={detail} />
              <FiscalSection />
              <TextsSection />
              <StockSection />
              <MarketplaceSection />
              <FormSection name="cover">
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
              </FormSection>
              <SeoSection slugEdited={slugEdited} />
              <RelatedSection detail={detail} />

              {id !== null && (
                <Paper variant="outlined" id="section-history" sx={{ p: { xs: 2, sm: 3 }, mb: 2, scrollMarginTop: 80 }}>
                  <HistoryPanel entidade="produto" idRegistro={id} fieldLabels={historyLabels} />
                </Paper>
              )}

              <Box sx={{ position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', justifyContent: 'flex-end', gap: 1, py: 1.5, px: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
                <Button onClick={back}>{t('products.form.cancel')}</Button>
                <SaveButton submitting={isSubmitting} />
              </Box>
            </Box>
          </Box>
        </Box>
      </FormProvider>
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
