import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Props of `PageHeader`. */
export interface PageHeaderProps {
  /** The screen's title, rendered as its `h1`. */
  title: string;
  /** One line under the title saying what the screen is for. */
  subtitle: string;
  /** Buttons on the right (below the title on narrow screens), e.g. "Nova empresa". */
  actions?: ReactNode;
}

/**
 * Title, subtitle and actions of a list screen (registers, integration): the title block takes
 * the free width (at least 300 px) and the actions wrap under it when they do not fit.
 */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Box sx={{ mb: 2, display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 0, flex: '1 1 300px' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
