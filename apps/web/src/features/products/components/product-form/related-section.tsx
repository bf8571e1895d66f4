import { Controller, useFormContext, useFormState } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REQUIRED, type ProductDetail, type ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoneyFromCents } from '../../../../shared/format/format.ts';
import { PagedAutocomplete } from '../../../../shared/forms/paged-autocomplete.tsx';
import { codeWithLabel } from '../../product-codes.ts';
import { FormSection, Grid, catalogueOption, useFieldLabel } from './product-form-fields.tsx';
import type { ProductFormValues } from './product-form-model.ts';

/**
 * "Relacionados": related products and gifts (catalogue pickers by title or ISBN), and the saved
 * product's ONIX prices and subjects, read only.
 * @param detail the saved product, or null for a new one
 */
export function RelatedSection({ detail }: { detail: ProductDetail | null }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const { errors } = useFormState({ control });
  return (
    <FormSection name="related">
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
                label={label(name)}
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
    </FormSection>
  );
}
