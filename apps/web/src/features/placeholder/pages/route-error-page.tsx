import { isRouteErrorResponse, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Router error element: keeps React Router's default heading 'Unexpected Application Error!'
 * (SPEC section 8) and shows the error's message, with a reload button.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Box role="alert" sx={{ p: 4 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {t('placeholder.unexpectedError')}
      </Typography>
      <Typography component="pre" sx={{ fontStyle: 'italic', whiteSpace: 'pre-wrap', mb: 3 }}>
        {detail}
      </Typography>
      <Button variant="contained" onClick={() => window.location.assign('/')}>
        {t('placeholder.reload')}
      </Button>
    </Box>
  );
}
