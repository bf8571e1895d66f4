import { Controller, useFieldArray, type Control, type FieldErrors } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { UserOptions } from '@acervo/contracts';
import type { UserFormInput } from '../user-form-schema.ts';

/** Props of `CompanyLinksField`. */
export interface CompanyLinksFieldProps {
  control: Control<UserFormInput>;
  errors: FieldErrors<UserFormInput>;
  /** Companies and profiles to pick from (`GET usuario/opcoes`); undefined while loading. */
  options: UserOptions | undefined;
}

/**
 * The user's company + profile links as an editable table: one row per company (a company
 * already linked is disabled in the other rows' selects), its profile, and a remove button;
 * 'Adicionar empresa' adds a row. Inactive companies and profiles are marked '(inativa/o)'.
 * Errors of a row (a repeated company, an empty select) show under its select; an empty table's
 * error under the table.
 */
export function CompanyLinksField({ control, errors, options }: CompanyLinksFieldProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'empresas' });
  const rowErrors = errors.empresas as (Record<string, { message?: string }> | undefined)[] | undefined;
  const listError = (errors.empresas as { message?: string; root?: { message?: string } } | undefined)?.message ?? (errors.empresas as { root?: { message?: string } } | undefined)?.root?.message;

  const select = (index: number, name: 'idEmpresa' | 'idPerfil', items: UserOptions['empresas'], label: string, inactive: string) => (
    <Controller
      name={`empresas.${index}.${name}`}
      control={control}
      render={({ field }) => {
        const message = rowErrors?.[index]?.[name]?.message;
        return (
          <TextField
            select
            id={`empresas-${index}-${name}`}
            label={label}
            value={Number(field.value) > 0 ? String(field.value) : ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            fullWidth
            size="small"
            error={Boolean(message)}
            helperText={message}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="" disabled>
              {t('users.links.pick')}
            </MenuItem>
            {items.map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {item.nome}
                {item.ativo ? '' : ` ${inactive}`}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, fontWeight: 700 }}>
        {t('users.links.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {fields.map((row, index) => (
          <Box key={row.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto' }, alignItems: 'start' }} data-testid="user-link-row">
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}>{select(index, 'idEmpresa', options?.empresas ?? [], t('users.links.company'), t('users.links.inactiveCompany'))}</Box>
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>{select(index, 'idPerfil', options?.perfis ?? [], t('users.links.profile'), t('users.links.inactiveProfile'))}</Box>
            <IconButton aria-label={t('users.links.remove', { n: index + 1 })} onClick={() => remove(index)} sx={{ gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: '1 / 3', sm: 'auto' }, alignSelf: 'center' }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Button size="small" startIcon={<AddIcon />} onClick={() => append({ idEmpresa: 0, idPerfil: 0 })} sx={{ mt: 1 }}>
        {t('users.links.add')}
      </Button>
    </Box>
  );
}
