import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** Props of `CellText`. */
export interface CellTextProps {
  /** The whole text; it is also the hover title, so clipped text can be read in full. */
  text: string;
  /** Lines shown before the text ends in an ellipsis; default 1. */
  lines?: number;
  /** Bold (a row's name). */
  strong?: boolean;
  /** Smaller, secondary text (a line under a name). */
  caption?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * Text in a grid cell that never overflows it silently: past `lines` lines it ends in an
 * ellipsis ("…") and the whole text shows on hover (the `title` attribute, which screen readers
 * and a long press read too). Every plain cell of `DataTable` renders through it; custom cells
 * use it for their long texts (names, descriptions).
 */
export function CellText({ text, lines = 1, strong = false, caption = false, sx }: CellTextProps) {
  const clamp =
    lines === 1
      ? { display: 'block', whiteSpace: 'nowrap' }
      : { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical' as const, whiteSpace: 'normal', overflowWrap: 'anywhere' as const };
  return (
    <Typography
      component="span"
      variant={caption ? 'caption' : 'body2'}
      color={caption ? 'text.secondary' : undefined}
      title={text || undefined}
      sx={[{ ...clamp, overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0, maxWidth: '100%', fontWeight: strong ? 600 : undefined }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {text}
    </Typography>
  );
}
