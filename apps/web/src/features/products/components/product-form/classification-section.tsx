import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { REGISTERS, type ProductSave } from '@acervo/contracts';
import { ACTIVE_ONLY, FormPicker, FormSection, FormText, Grid, bisacOption, full, namedOption } from './product-form-fields.tsx';
import type { ProductFormValues } from './product-form-model.ts';

const BISAC_MAIN = { principais: 'true' } as const;

/**
 * "Classificação": BISAC category (main headings) and subcategory (the category's section),
 * category and subject texts, age range, target audience, content rating and product line
 * (active records of the registers), and characters.
 */
export function ClassificationSection() {
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const categoria = useWatch({ control, name: 'categoriaBisac' });
  const subQuery = useMemo(() => (categoria ? { secao: String(categoria.value).slice(0, 3) } : undefined), [categoria]);
  return (
    <FormSection name="classification">
      <Grid columns={2}>
        <FormPicker name="categoriaBisac" path="categoria-bisac" role={null} toOption={bisacOption} query={BISAC_MAIN} freeText />
        <FormPicker name="subcategoriaBisac" path="categoria-bisac" role={null} toOption={bisacOption} query={subQuery} freeText />
        <FormText name="categoria" />
        <FormText name="assunto" />
        <FormPicker name="idFaixaEtaria" path={REGISTERS.ageRange.apiPath} role={REGISTERS.ageRange.role} toOption={namedOption} query={ACTIVE_ONLY} />
        <FormPicker name="idPublicoAlvo" path={REGISTERS.targetAudience.apiPath} role={REGISTERS.targetAudience.role} toOption={namedOption} query={ACTIVE_ONLY} />
        <FormPicker name="idClassificacaoIndicativa" path={REGISTERS.contentRating.apiPath} role={REGISTERS.contentRating.role} toOption={namedOption} query={ACTIVE_ONLY} />
        <FormPicker name="idLinhaProduto" path={REGISTERS.productLine.apiPath} role={REGISTERS.productLine.role} toOption={namedOption} query={ACTIVE_ONLY} />
        <FormText name="personagens" multiline rows={2} sx={full} />
      </Grid>
    </FormSection>
  );
}
