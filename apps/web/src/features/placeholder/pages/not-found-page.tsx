import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Any path that is not a registered route (unknown, or one the user's roles do not allow):
 * titled 'Pagina não encontrada' (SPEC sections 2 and 8).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h2" component="p" sx={{ fontWeight: 800, color: 'primary.light' }}>
        404
      </Typography>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', mb: 1 }}>
        {t('placeholder.notFound')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('placeholder.notFoundText')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('placeholder.backHome')}
      </Button>
    </Box>
  );
}
