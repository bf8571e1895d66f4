import { useState, type Ref } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Props of `PasswordField`: a TextField without `type`, plus the input ref from react-hook-form. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & { inputRef?: Ref<HTMLInputElement> };

/** Masked password TextField with a show/hide button; autocomplete off (SPEC section 5). */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete="off"
      slotProps={{
        input: {
          endAdornment: (
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
          ),
        },
      }}
    />
  );
}


/** Masked password input bound to a react-hook-form registration. */
export function PasswordInput({ registerProps, label, error, id }: { registerProps: UseFormRegisterReturn; label: string; error?: string; id?: string }) {
  const { ref, ...rest } = registerProps;
  return (
    <PasswordField
      {...rest}
      inputRef={ref}
      id={id ?? registerProps.name}
      label={label}
      fullWidth
      size="medium"
      error={Boolean(error)}
      helperText={error}
    />
  );
}
