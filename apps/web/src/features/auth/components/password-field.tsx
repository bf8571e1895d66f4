import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LoginTextField } from './login-text-field.tsx';

/**
 * Masked password input bound to a react-hook-form registration, with a show/hide button;
 * autocomplete off (SPEC section 5).
 */
export function PasswordInput({ registerProps, label, error, id }: { registerProps: UseFormRegisterReturn; label: string; error?: string; id?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <LoginTextField
      registerProps={registerProps}
      id={id}
      label={label}
      error={error}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
            size="small"
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
