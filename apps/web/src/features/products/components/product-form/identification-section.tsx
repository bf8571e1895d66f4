import { useMemo } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { REQUIRED, hasRole, pickerReadRoles, publisherSchema, type ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../shared/api/api-client.ts';
import { PagedAutocomplete, type PickerOption } from '../../../../shared/forms/paged-autocomplete.tsx';
import { useSession } from '../../../../shared/session/session-context.tsx';
import { IdentifierFields } from './identifier-fields.tsx';
import { ACTIVE_ONLY, FormSection, FormText, Grid, full, namedOption, useFieldLabel } from './product-form-fields.tsx';
import type { ProductFormValues } from './product-form-model.ts';

/**
 * "Identificação": ISBN-13/EAN, ISBN-10 and ISSN (live check digits), title, subtitle, edition
 * number and year, print run, publisher (active ones, `GET editora`), imprint (the chosen
 * publisher's active imprints; cleared when the publisher changes) and collection.
 */
export function IdentificationSection() {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { control, setValue } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const { errors } = useFormState({ control });
  const { user } = useSession();

  const editora = useWatch({ control, name: 'idEditora' });
  const canReadPublishers = hasRole(user?.roles ?? [], pickerReadRoles(REQUIRED.editoras));
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

  return (
    <FormSection name="identification">
      <Grid>
        <IdentifierFields control={control} errors={errors} setValue={setValue} />
        <FormText name="titulo" required sx={full} />
        <FormText name="subtitulo" sx={full} />
        <FormText name="numeroEdicao" inputMode="numeric" />
        <FormText name="anoEdicao" inputMode="numeric" />
        <FormText name="tiragem" inputMode="numeric" />
        <Controller
          control={control}
          name="idEditora"
          render={({ field }) => (
            <PagedAutocomplete
              id="produto-idEditora"
              label={label('idEditora')}
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
              renderInput={(params) => <TextField {...params} inputRef={field.ref} label={label('idSelo')} error={!!errors.idSelo} helperText={errors.idSelo?.message} />}
            />
          )}
        />
        <FormText name="colecao" />
      </Grid>
    </FormSection>
  );
}
