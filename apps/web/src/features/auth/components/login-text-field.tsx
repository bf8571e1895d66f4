import type { ReactNode, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Props of `LoginTextField`. */
export interface LoginTextFieldProps {
  /** react-hook-form registration of the field (name, onChange, onBlur, ref). */
  registerProps: UseFormRegisterReturn;
  /** Input id (default: the field name); the label and the helper text are tied to it. */
  id?: string;
  label: string;
  /** The field's error message, shown below it (red outline and label). */
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoFocus?: boolean;
  /** Adornment at the input's end (the password's show/hide button). */
  endAdornment?: ReactNode;
}

/**
 * The login area's outlined text field: the look and accessibility of MUI's `TextField` (floating
 * label tied by `htmlFor`, helper text as the input's description, `aria-invalid` on error) built
 * from its parts. `TextField` also imports `Select` and with it Menu, Popover and Modal, which the
 * login route then downloaded for nothing (issue 15, defect 14: about 8 KB brotli). Autocomplete
 * is off (SPEC section 5).
 */
export function LoginTextField({ registerProps, id, label, error, type = 'text', autoFocus, endAdornment }: LoginTextFieldProps) {
  const { ref, ...rest } = registerProps;
  const inputId = id ?? registerProps.name;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl fullWidth variant="outlined" error={Boolean(error)}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...rest}
        inputRef={ref as Ref<HTMLInputElement>}
        id={inputId}
        type={type}
        label={label}
        autoComplete="off"
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': error ? helperId : undefined }}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
