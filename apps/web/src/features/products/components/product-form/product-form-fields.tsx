import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { hasRole, pickerReadRoles, type ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../../../shared/format/format.ts';
import { PagedAutocomplete, type PickerOption } from '../../../../shared/forms/paged-autocomplete.tsx';
import { useSession } from '../../../../shared/session/session-context.tsx';
import type { ProductFormSection, ProductFormValues } from './product-form-model.ts';

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

/** Query of a picker that lists active records only. */
export const ACTIVE_ONLY = { status: 'true' } as const;

/** The product form's label of a field (`products.form.fields.<name>`). */
export function useFieldLabel(): (name: string) => string {
  const { t } = useTranslation();
  return (name) => t(`products.form.fields.${name}`);
}

/** A titled card of the form with its anchor (`section-<name>`), the target of the section navigator. */
export function Section({ name, title, children }: { name: ProductFormSection; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" id={`section-${name}`} aria-labelledby={`section-${name}-title`} sx={{ p: { xs: 2, sm: 3 }, mb: 2, scrollMarginTop: 80 }}>
      <Typography id={`section-${name}-title`} component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The section card of `name`, titled `products.form.sections.<name>`. */
export function FormSection({ name, children }: { name: ProductFormSection; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Section name={name} title={t(`products.form.sections.${name}`)}>
      {children}
    </Section>
  );
}

/** A responsive grid of inputs: one column on phones, two on tablets, `columns` from md up. */
export function Grid({ children, columns = 3 }: { children: ReactNode; columns?: number }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` }, gap: 2 }}>{children}</Box>;
}

/** Spans every column of `Grid`. */
export const full = { gridColumn: '1 / -1' } as const;

/** Props of `FormText`. */
export interface FormTextProps {
  name: FieldPath<ProductFormValues>;
  multiline?: boolean;
  /** Rows of a multi-line field. */
  rows?: number;
  sx?: object;
  inputMode?: 'numeric' | 'decimal';
  required?: boolean;
  /** Help under the field while it has no error. */
  helper?: string;
  /** Called with each edit after the form's value changes. */
  onEdit?: (value: string) => void;
  /** Fields validated again when this one changes (e.g. minimum and maximum stock). */
  deps?: FieldPath<ProductFormValues>[];
}

/**
 * A text input of the product form (id `produto-<name>`, label `products.form.fields.<name>`).
 * It never cuts what is typed or pasted: text past the field's limit stays and the form's schema
 * says `Deve ter no máximo N caracteres` under it on save (defect 10).
 */
export function FormText({ name, multiline, rows, sx, inputMode, required, helper, onEdit, deps }: FormTextProps) {
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const label = useFieldLabel();
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onEdit?.(e.target.value);
          }}
          id={`produto-${name}`}
          label={label(name)}
          required={required}
          fullWidth
          multiline={multiline}
          minRows={rows}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helper}
          sx={sx}
          slotProps={{ htmlInput: { inputMode } }}
        />
      )}
    />
  );
}

/** A yes/no flag of the product form (a checkbox labelled `products.form.fields.<name>`). */
export function FormFlag({ name }: { name: 'indCompra' | 'indVenda' | 'indConsignacao' | 'indEstoque' | 'indExibirMarketplace' | 'indBlacklist' }) {
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const label = useFieldLabel();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />} label={label(name)} />}
    />
  );
}

/** Props of `FormPicker`. */
export interface FormPickerProps {
  name: 'idFaixaEtaria' | 'idPublicoAlvo' | 'idClassificacaoIndicativa' | 'idLinhaProduto' | 'situacao' | 'encadernacao' | 'formatoProduto' | 'categoriaBisac' | 'subcategoriaBisac';
  /** API path of the list (`GET <path>?page&pageSize&term…`). */
  path: string;
  /** The list's own role (read with it or the product role, `pickerReadRoles`); null: any signed-in user. */
  role: string | null;
  toOption: (row: unknown) => PickerOption | null;
  query?: Record<string, string>;
  /** Keeps a typed code when the list cannot be read. */
  freeText?: boolean;
}

/** A paged picker of the product form over an API list (registers, lookups, BISAC). */
export function FormPicker({ name, path, role, toOption, query, freeText = false }: FormPickerProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const { user } = useSession();
  const label = useFieldLabel();
  const readable = role === null || hasRole(user?.roles ?? [], pickerReadRoles(role));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PagedAutocomplete
          id={`produto-${name}`}
          label={label(name)}
          path={path}
          role={role === null ? undefined : pickerReadRoles(role)}
          query={query}
          toOption={toOption}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          freeTextFallback={freeText}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          unavailableText={readable ? t('products.form.unavailable') : t('products.form.noRole')}
          noOptionsText={t('products.form.noOptions')}
        />
      )}
    />
  );
}

/** A date of the product form (DD/MM/YYYY picker; the form holds `YYYY-MM-DD`, null, or 'invalid'). */
export function FormDate({ name }: { name: 'dataSituacao' | 'dataPublicacao' }) {
  const { control } = useFormContext<ProductFormValues, unknown, ProductSave>();
  const label = useFieldLabel();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label(name)}
          format={DATE_FORMAT}
          value={field.value ? dayjs(field.value) : null}
          onChange={(day) => field.onChange(day === null ? null : day.isValid() ? day.format('YYYY-MM-DD') : 'invalid')}
          inputRef={field.ref}
          slotProps={{ textField: { id: `produto-${name}`, fullWidth: true, error: !!fieldState.error, helperText: fieldState.error?.message, onBlur: field.onBlur }, field: { clearable: true } }}
        />
      )}
    />
  );
}
