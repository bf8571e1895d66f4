import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';

/** Props of `PlaceholderPage`. */
export interface PlaceholderPageProps {
  /** i18n key of the route's title (the route table's `labelKey`). */
  titleKey: string;
}

/** Page of a route whose screen is not built yet: the route's title and 'Em construção'. */
export function PlaceholderPage({ titleKey }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', mb: 2 }}>
        {t(titleKey)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 4, display: 'flex', alignItems: 'center', gap: 2 }}>
        <ConstructionOutlined color="warning" fontSize="large" />
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{t('placeholder.underConstruction')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('placeholder.underConstructionText')}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
