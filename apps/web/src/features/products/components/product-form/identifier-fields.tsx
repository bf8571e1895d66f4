import { Controller, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { cleanIsbn, isValidIsbn10, type ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { checkIsbn, checkIssn, type ProductFormValues } from './product-form-model.ts';

/** Props of the identifier inputs. */
export interface IdentifierFieldsProps {
  control: Control<ProductFormValues, unknown, ProductSave>;
  errors: FieldErrors<ProductFormValues>;
  setValue: UseFormSetValue<ProductFormValues>;
}

/**
 * ISBN-13/EAN, ISBN-10 and ISSN inputs with live check-digit validation: while typing, the helper
 * says what the number is (ISBN-13 with its ISBN-10, EAN-13, ISBN-10 with the ISBN-13 it will be
 * saved as) or which check digit it should end with; an ISBN-10 typed in the main field offers a
 * one-click conversion. A server or submit error replaces the live text.
 */
export function IdentifierFields({ control, errors, setValue }: IdentifierFieldsProps) {
  const { t } = useTranslation();
  const f = (key: string) => t(`products.form.fields.${key}`);
  return (
    <>
      <Controller
        control={control}
        name="isbn13"
        render={({ field }) => {
          const check = checkIsbn(field.value);
          const live =
            check.kind === 'invalid'
              ? t('products.form.isbn.invalid', { expected: check.expected })
              : check.kind === 'isbn10'
                ? t('products.form.isbn.isbn10', { isbn13: check.isbn13 })
                : check.kind === 'isbn13'
                  ? check.isbn10
                    ? t('products.form.isbn.isbn13', { isbn10: check.isbn10 })
                    : t('products.form.isbn.isbn13Only')
                  : check.kind === 'ean13'
                    ? t('products.form.isbn.ean13')
                    : check.kind === 'partial'
                      ? t('products.form.isbn.partial')
                      : check.kind === 'wrongLength'
                        ? t('products.form.isbn.wrongLength')
                        : undefined;
          const liveBad = check.kind === 'invalid' || check.kind === 'wrongLength';
          return (
            <TextField
              {...field}
              id="isbn13"
              label={f('isbn13')}
              required
              fullWidth
              autoFocus={field.value === ''}
              error={!!errors.isbn13 || liveBad}
              helperText={errors.isbn13?.message ?? live}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
                input:
                  check.kind === 'isbn10'
                    ? {
                        endAdornment: (
                          <InputAdornment position="end">
                            <Button
                              size="small"
                              onClick={() => {
                                setValue('isbn13', check.isbn13, { shouldDirty: true, shouldValidate: true });
                                setValue('isbn10', cleanIsbn(field.value), { shouldDirty: true });
                              }}
                            >
                              {t('products.form.isbn.convert')}
                            </Button>
                          </InputAdornment>
                        ),
                      }
                    : undefined,
              }}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="isbn10"
        render={({ field }) => {
          const clean = cleanIsbn(field.value);
          const bad = clean.length === 10 && !isValidIsbn10(clean);
          const check = bad ? checkIsbn(clean) : null;
          const live = check?.kind === 'invalid' ? t('products.form.isbn.invalid', { expected: check.expected }) : clean.length === 0 ? t('products.form.isbn.isbn10Derived') : undefined;
          return (
            <TextField
              {...field}
              id="isbn10"
              label={f('isbn10')}
              fullWidth
              error={!!errors.isbn10 || bad}
              helperText={errors.isbn10?.message ?? live}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="issn"
        render={({ field }) => {
          const check = checkIssn(field.value);
          const live = check ? (check.valid ? t('products.form.isbn.issnValid') : t('products.form.isbn.issnInvalid', { expected: check.expected })) : undefined;
          return (
            <TextField
              {...field}
              id="issn"
              label={f('issn')}
              placeholder="0000-0000"
              fullWidth
              error={!!errors.issn || (check !== null && !check.valid)}
              helperText={errors.issn?.message ?? live}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
          );
        }}
      />
    </>
  );
}
