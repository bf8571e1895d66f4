import { useEffect, useRef } from 'react';
import { useFormContext, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { FormSection, FormText, Grid, full } from './product-form-fields.tsx';
import { proposedSlug, type ProductFormValues } from './product-form-model.ts';

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

/**
 * "SEO": the slug (proposed from the title until edited by hand: `slugEdited` is the container's,
 * which resets it after a save), keywords and notes.
 */
export function SeoSection({ slugEdited }: { slugEdited: { current: boolean } }) {
  const { t } = useTranslation();
  const { control, setValue, getValues } = useFormContext<ProductFormValues, unknown, ProductSave>();
  return (
    <FormSection name="seo">
      <SlugProposal control={control} setValue={setValue} getSlug={() => getValues('slugSeo')} edited={slugEdited} />
      <Grid columns={2}>
        <FormText
          name="slugSeo"
          helper={t('products.form.slugHint')}
          onEdit={(v) => {
            slugEdited.current = v.trim() !== '';
          }}
        />
        <FormText name="palavrasChave" helper={t('products.form.keywordsHint')} />
        <FormText name="observacao" multiline rows={3} sx={full} />
      </Grid>
    </FormSection>
  );
}
