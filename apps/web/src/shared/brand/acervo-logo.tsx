import Box from '@mui/material/Box';

/** Props of `AcervoLogo`. */
export interface AcervoLogoProps {
  /** Height in px (width follows the 4:1 aspect ratio). */
  height?: number;
  /** Colour of the wordmark text (default the primary dark blue). */
  color?: string;
  /** Only the stack-of-books mark (square), without the name. */
  markOnly?: boolean;
}

/** "Acervo" wordmark: a stack-of-books mark and the name (or the mark alone), as inline SVG (no external asset). */
export function AcervoLogo({ height = 48, color = '#0E2956', markOnly = false }: AcervoLogoProps) {
  return (
    <Box component="svg" role="img" aria-label="Acervo" viewBox={markOnly ? '0 0 46 50' : '0 0 200 50'} sx={{ height, width: markOnly ? (height * 46) / 50 : height * 4, display: 'block', flexShrink: 0 }}>
      <title>Acervo</title>
      <rect x="2" y="30" width="40" height="10" rx="2" fill="#2793CE" />
      <rect x="6" y="19" width="34" height="10" rx="2" fill={color} />
      <rect x="4" y="8" width="30" height="10" rx="2" fill="#2793CE" opacity="0.75" />
      <rect x="10" y="33" width="2" height="4" fill="#fff" />
      <rect x="14" y="22" width="2" height="4" fill="#fff" />
      {!markOnly && (
      <text x="52" y="38" fontFamily="Georgia, 'Times New Roman', serif" fontSize="34" fontWeight="700" letterSpacing="0.5" fill={color}>
        Acervo
      </text>
      )}
    </Box>
  );
}
