import { useRef, type KeyboardEvent } from 'react';
import { Controller, useFieldArray, type Control, type FieldErrors } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { REQUIRED, pickerReadRoles, type ProductSave } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { PagedAutocomplete, type PickerOption } from '../../../../shared/forms/paged-autocomplete.tsx';
import { contributorKeyMove, type ProductFormValues } from './product-form-model.ts';

/** Contributor role lookup row (`GET contribuicao`: `{id, codigo, nome, ativo}`) as an option `A01 – Autor`. */
export function contributorRoleOption(row: unknown): PickerOption | null {
  const r = row as { codigo?: unknown; nome?: unknown };
  if (typeof r.codigo !== 'string') return null;
  return { value: r.codigo, label: typeof r.nome === 'string' ? `${r.codigo} – ${r.nome}` : r.codigo };
}

/** Props of `ContributorsEditor`. */
export interface ContributorsEditorProps {
  control: Control<ProductFormValues, unknown, ProductSave>;
  errors: FieldErrors<ProductFormValues>;
}

const ROLE_QUERY = { status: 'true' } as const;

/**
 * The ordered contributor list of the product form (`autores`; order = ONIX sequence): each row a
 * role picker over the ONIX list 17 lookup (`GET contribuicao`; typed code when the lookup cannot be
 * read), the full and the inverted name, and buttons to move it up or down and remove it.
 * Alt+ArrowUp / Alt+ArrowDown on any input or button of a row move that row, keeping the focus on
 * the same control of the moved row.
 */
export function ContributorsEditor({ control, errors }: ContributorsEditorProps) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'autores' });
  const list = useRef<HTMLDivElement>(null);
  const f = (key: string) => t(`products.form.fields.${key}`);

  /** Focuses control `col` of row `row` once React has re-rendered the moved rows. */
  const focusCell = (row: number, col: string) => {
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`)?.focus());
  };

  const moveRow = (from: number, to: number, col?: string) => {
    move(from, to);
    if (col) focusCell(to, col);
  };

  const onRowKey = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    const to = contributorKeyMove(event.key, event.altKey, index, fields.length);
    if (to === null) return;
    event.preventDefault();
    const col = (event.target as HTMLElement).getAttribute('data-col') ?? 'nome';
    moveRow(index, to, col);
  };

  const rootError = errors.autores?.message ?? errors.autores?.root?.message;

  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('products.form.contributors.keyboardHint')}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('products.form.contributors.empty')}
        </Typography>
      )}
      <Box ref={list} component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {fields.map((field, index) => {
          const rowErrors = errors.autores?.[index];
          const name = (value: string) => value.trim() || t('products.form.contributors.unnamed', { n: index + 1 });
          return (
            <Box
              component="li"
              key={field.id}
              onKeyDown={onRowKey(index)}
              aria-label={t('products.form.contributors.row', { n: index + 1 })}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(200px, 1.1fr) 1.4fr 1.2fr auto' }, gap: 1, alignItems: 'start', p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Controller
                control={control}
                name={`autores.${index}.tipoContribuicao`}
                render={({ field: c }) => (
                  <PagedAutocomplete
                    id={`autores-${index}-tipo`}
                    label={f('tipoContribuicao')}
                    path="contribuicao"
                    role={pickerReadRoles(REQUIRED.correspondencia)}
                    query={ROLE_QUERY}
                    toOption={contributorRoleOption}
                    value={c.value}
                    onChange={c.onChange}
                    onBlur={c.onBlur}
                    inputRef={c.ref}
                    required
                    freeTextFallback
                    placeholder="A01"
                    noOptionsText={t('products.form.noOptions')}
                    error={!!rowErrors?.tipoContribuicao}
                    helperText={rowErrors?.tipoContribuicao?.message}
                    htmlInputProps={{ 'data-row': index, 'data-col': 'tipo' }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`autores.${index}.nomeCompleto`}
                render={({ field: c }) => (
                  <TextField
                    {...c}
                    id={`autores-${index}-nome`}
                    label={f('nomeCompleto')}
                    required
                    fullWidth
                    error={!!rowErrors?.nomeCompleto}
                    helperText={rowErrors?.nomeCompleto?.message}
                    slotProps={{ htmlInput: { 'data-row': index, 'data-col': 'nome' } }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`autores.${index}.nomeInvertido`}
                render={({ field: c }) => (
                  <TextField
                    {...c}
                    id={`autores-${index}-invertido`}
                    label={f('nomeInvertido')}
                    fullWidth
                    error={!!rowErrors?.nomeInvertido}
                    helperText={rowErrors?.nomeInvertido?.message}
                    slotProps={{ htmlInput: { 'data-row': index, 'data-col': 'invertido' } }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`autores.${index}.nomeCompleto`}
                render={({ field: c }) => (
                  <Box sx={{ display: 'flex', gap: 0.5, justifyContent: { xs: 'flex-end', md: 'flex-start' }, pt: { md: 1 } }}>
                    <Tooltip title={t('products.form.contributors.moveUp', { name: name(c.value) })}>
                      <span>
                        <IconButton aria-label={t('products.form.contributors.moveUp', { name: name(c.value) })} disabled={index === 0} onClick={() => moveRow(index, index - 1, 'up')} data-row={index} data-col="up" size="small">
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('products.form.contributors.moveDown', { name: name(c.value) })}>
                      <span>
                        <IconButton aria-label={t('products.form.contributors.moveDown', { name: name(c.value) })} disabled={index === fields.length - 1} onClick={() => moveRow(index, index + 1, 'down')} data-row={index} data-col="down" size="small">
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('products.form.contributors.remove', { name: name(c.value) })}>
                      <IconButton aria-label={t('products.form.contributors.remove', { name: name(c.value) })} onClick={() => remove(index)} data-row={index} data-col="remove" size="small" color="error">
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                )}
              />
            </Box>
          );
        })}
      </Box>
      {rootError && (
        <Typography color="error" variant="caption" role="alert" component="p" sx={{ mt: 1 }}>
          {rootError}
        </Typography>
      )}
      <Button
        startIcon={<AddIcon />}
        sx={{ mt: 1.5 }}
        onClick={() => {
          append({ tipoContribuicao: fields.length === 0 ? { value: 'A01', label: 'A01' } : null, nomeCompleto: '', nomeInvertido: '' });
          focusCell(fields.length, fields.length === 0 ? 'nome' : 'tipo');
        }}
      >
        {t('products.form.contributors.add')}
      </Button>
    </Box>
  );
}
