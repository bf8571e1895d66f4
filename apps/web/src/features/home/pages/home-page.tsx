import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSignedUser } from '../../../shared/session/session-context.tsx';
import { useUserCompanies } from '../../../shared/api/get-user-companies.ts';

/** Home page (`/`): a welcome card with the user's name, profile and selected company. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSignedUser();
  const companies = useUserCompanies(user.id);
  const company = companies.data?.find((c) => c.id === user.idEmpresa)?.nome;
  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', mb: 2 }}>
          {t('home.welcome', { name: user.nome })}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 3, rowGap: 1, mb: 2 }}>
          <Typography color="text.secondary">{t('home.company')}</Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="home-company">
            {company ?? (companies.isPending ? '…' : t('home.noCompany'))}
          </Typography>
          <Typography color="text.secondary">{t('home.profile')}</Typography>
          <Typography sx={{ fontWeight: 600 }}>{user.nomPerfil ?? '—'}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('home.hint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
