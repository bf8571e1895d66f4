import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REGISTERS, type ProductDetail, type ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { languageLabel } from '../../product-codes.ts';
import { ACTIVE_ONLY, FormDate, FormFlag, FormPicker, FormSection, FormText, Grid, codeOption, useFieldLabel } from './product-form-fields.tsx';
import type { ProductFormValues } from './product-form-model.ts';

/** Languages offered first (ISO 639-2/B); a product's other language stays selectable. */
const LANGUAGES = ['por', 'eng', 'spa', 'fre', 'ita', 'ger'] as const;

/**
 * "Comercial": buy/sell/consignment/stock flags, situation (with its date), publication date,
 * status, language (the usual ones first, the product's own kept), maximum discount, kind,
 * origin, unit and product group.
 * @param detail the saved product (its language's own description), or null for a new one
 */
export function CommercialSection({ detail }: { detail: ProductDetail | null }) {
  const { i18n } = useTranslation();
  const label = useFieldLabel();
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const language = useWatch({ control, name: 'idioma' });
  const languageOptions = useMemo(() => {
    const codes: string[] = [...LANGUAGES];
    if (language && !codes.includes(language)) codes.push(language);
    return codes;
  }, [language]);
  const locale = i18n.resolvedLanguage ?? 'pt-BR';

  return (
    <FormSection name="commercial">
      <FormGroup row sx={{ mb: 2, columnGap: 2 }}>
        <FormFlag name="indCompra" />
        <FormFlag name="indVenda" />
        <FormFlag name="indConsignacao" />
        <FormFlag name="indEstoque" />
      </FormGroup>
      <Grid>
        <FormPicker name="situacao" path={REGISTERS.productStatus.apiPath} role={REGISTERS.productStatus.role} toOption={codeOption} query={ACTIVE_ONLY} freeText />
        <FormDate name="dataSituacao" />
        <FormDate name="dataPublicacao" />
        <FormText name="status" helper="04, 07…" />
        <Controller
          control={control}
          name="idioma"
          render={({ field, fieldState }) => (
            <TextField {...field} select id="produto-idioma" label={label('idioma')} fullWidth error={!!fieldState.error} helperText={fieldState.error?.message}>
              <MenuItem value="">—</MenuItem>
              {languageOptions.map((code) => (
                <MenuItem key={code} value={code}>
                  {languageLabel(code, code === detail?.idioma ? detail.descricaoIdioma : null, locale)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormText name="percentualDescontoMaximo" inputMode="decimal" />
        <FormText name="tipo" />
        <FormText name="origem" />
        <FormText name="unidadeMedida" />
        <FormText name="grupoProduto" />
      </Grid>
    </FormSection>
  );
}
