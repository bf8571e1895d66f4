import { createTheme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';
import { BRAND, STATUS } from '../shared/theme/palette.ts';

export { BRAND } from '../shared/theme/palette.ts';

/**
 * MUI theme of SPEC section 9 (status colours darkened to WCAG AA, see `palette.ts`): primary dark blue #0E2956, lighter primary #2793CE, white base,
 * white text on contained buttons, hover #0066CC on contained primary and warning buttons, bold
 * form labels, white input backgrounds. MUI core texts in pt-BR.
 */
export const theme = createTheme(
  {
    palette: {
      primary: { main: BRAND.primary, light: BRAND.primaryLight, contrastText: BRAND.white },
      secondary: { main: BRAND.primaryLight, contrastText: BRAND.white },
      background: { default: '#F5F7FA', paper: BRAND.white },
      success: { main: STATUS.success, contrastText: BRAND.white },
      warning: { main: STATUS.warning, contrastText: BRAND.white },
      info: { main: STATUS.info, contrastText: BRAND.white },
      error: { main: STATUS.error, contrastText: BRAND.white },
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
