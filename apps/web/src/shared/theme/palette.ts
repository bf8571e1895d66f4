/**
 * Colours of the app. The SPEC section 9 colours are kept as named; every other colour that carries
 * text was chosen for a contrast of at least 4.5:1 with its text (WCAG 2.2 AA), measured with the
 * WCAG relative-luminance formula (figures beside each).
 */
export const BRAND = {
  /** SPEC: primary dark blue. White text 14.28:1. */
  primary: '#0E2956',
  /** SPEC: lighter primary. White text only 3.41:1: used for accents and large text, not for small text on it. */
  primaryLight: '#2793CE',
  /** SPEC: hover blue of contained primary and warning buttons. White text 5.57:1. */
  hover: '#0066CC',
  white: '#FFFFFF',
} as const;

/** Background of the selected side-menu item: white text 5.43:1 (#2793CE gave 3.41:1). */
export const MENU_SELECTED_BG = '#1D6FA5';

/**
 * Status colours (MUI palette `main`): white text on them, and them as text on white, at least
 * 4.5:1. success #2E7D32 5.13:1; warning #B45309 5.02:1 (#ED6C02 gave 3.11:1); info #0277BD 4.80:1
 * (#0288D1 gave 3.86:1); error #D32F2F 4.98:1.
 */
export const STATUS = {
  success: '#2E7D32',
  warning: '#B45309',
  info: '#0277BD',
  error: '#D32F2F',
} as const;

/** Toast backgrounds (white text): the status colours; default toasts use #313131 (13.01:1). */
export const TOAST_BACKGROUNDS = { ...STATUS, default: '#313131' } as const;
