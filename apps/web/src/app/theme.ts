import { createTheme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';

/** Colours of SPEC section 9. */
export const BRAND = {
  primary: '#0E2956',
  primaryLight: '#2793CE',
  hover: '#0066CC',
  white: '#FFFFFF',
} as const;

/**
 * MUI theme of SPEC section 9: primary dark blue #0E2956, lighter primary #2793CE, white base,
 * white text on contained buttons, hover #0066CC on contained primary and warning buttons, bold
 * form labels, white input backgrounds. MUI core texts in pt-BR.
 */
export const theme = createTheme(
  {
    palette: {
      primary: { main: BRAND.primary, light: BRAND.primaryLight, contrastText: BRAND.white },
      secondary: { main: BRAND.primaryLight, contrastText: BRAND.white },
      background: { default: '#F5F7FA', paper: BRAND.white },
      warning: { main: '#ED6C02', contrastText: BRAND.white },
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        styleOverrides: {
          root: {
            variants: [
              { props: { variant: 'contained' }, style: { color: BRAND.white, boxShadow: 'none' } },
              { props: { variant: 'contained', color: 'primary' }, style: { '&:hover': { backgroundColor: BRAND.hover } } },
              { props: { variant: 'contained', color: 'warning' }, style: { '&:hover': { backgroundColor: BRAND.hover } } },
            ],
          },
        },
      },
      MuiFormLabel: { styleOverrides: { root: { fontWeight: 700 } } },
      MuiInputLabel: { styleOverrides: { root: { fontWeight: 700 } } },
      MuiInputBase: { styleOverrides: { root: { backgroundColor: BRAND.white } } },
      MuiOutlinedInput: { styleOverrides: { root: { backgroundColor: BRAND.white } } },
      MuiTextField: { defaultProps: { size: 'small' } },
      MuiSelect: { defaultProps: { size: 'small' } },
    },
  },
  ptBR,
);
