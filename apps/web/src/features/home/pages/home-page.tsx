import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REQUIRED, hasRole } from '@acervo/contracts';
import { useSignedUser } from '../../../shared/session/session-context.tsx';
import { useUserCompanies } from '../../../shared/api/get-user-companies.ts';
import { Dashboard } from '../components/dashboard.tsx';

/**
 * Home page (`/`, open to every signed-in user): the dashboard of the selected company for a user
 * whose profile there holds the billing report's role (docs/dashboard.md "Who sees it"); for any
 * other user the welcome card with the user's name, profile and selected company.
 */
export function HomePage() {
  const user = useSignedUser();
  const companies = useUserCompanies(user.id);
  const company = companies.data?.find((c) => c.id === user.idEmpresa)?.nome;
  if (user.idEmpresa && hasRole(user.roles, REQUIRED.relatorioFaturamento)) return <Dashboard key={user.idEmpresa} idEmpresa={user.idEmpresa} userName={user.nome} companyName={company} />;
  return <WelcomeCard />;
}

/** The welcome card: name, selected company, profile, and a hint to the side menu. */
function WelcomeCard() {
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
