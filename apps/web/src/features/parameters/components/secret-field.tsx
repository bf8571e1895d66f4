import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Props of `SecretField`. */
export interface SecretFieldProps {
  id: string;
  label: string;
  /** A secret is stored (`senhaDefinida` of the API). */
  defined: boolean;
  /** The new-secret input (`<section>.senha`). */
  registerProps: UseFormRegisterReturn;
  /** The secret is marked for removal (`<section>.removerSenha`). */
  removing: boolean;
  onRemovingChange: (removing: boolean) => void;
  /** The field's message (a new secret over its length limit says so here; it is never cut). */
  error?: string;
}

/**
 * A stored secret (SMTP or ERP password) that is never shown: a chip says "Definida" / "Não
 * definida", a password field takes a new one (empty keeps the stored one), and "Remover senha"
 * marks it for removal on save ("Manter senha" undoes it).
 */
export function SecretField({ id, label, defined, registerProps, removing, onRemovingChange, error }: SecretFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const status = removing ? t('parameters.secret.willRemove') : defined ? t('parameters.secret.defined') : t('parameters.secret.notDefined');
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" id={`${id}-status`} color={removing ? 'warning' : defined ? 'success' : 'default'} variant="outlined" label={`${label}: ${status}`} />
        {defined && (
          <Button size="small" color={removing ? 'primary' : 'error'} onClick={() => onRemovingChange(!removing)}>
            {removing ? t('parameters.secret.undoRemove') : t('parameters.secret.remove')}
          </Button>
        )}
      </Box>
      <TextField
        {...registerProps}
        id={id}
        type={visible ? 'text' : 'password'}
        label={defined ? t('parameters.secret.replace') : label}
        disabled={removing}
        fullWidth
        autoComplete="new-password"
        error={Boolean(error)}
        helperText={error ?? (defined ? t('parameters.secret.replaceHelp') : undefined)}
        slotProps={{
          htmlInput: { 'aria-describedby': `${id}-status` },
          inputLabel: { shrink: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={visible ? t('parameters.secret.hide') : t('parameters.secret.show')} onClick={() => setVisible((v) => !v)}>
                  {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
