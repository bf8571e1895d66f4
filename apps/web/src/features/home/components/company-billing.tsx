import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardCompany } from '@acervo/contracts';
import { formatMoneyFromCents } from '../../../shared/format/format.ts';
import { ChangeText } from './change-text.tsx';

/** Props of `CompanyBilling`. */
export interface CompanyBillingProps {
  companies: readonly DashboardCompany[];
  /** The selected company, highlighted. */
  selectedId: number;
}

/** Billing per company side by side: for each company of the user, the day's and the month's net value with their change. */
export function CompanyBilling({ companies, selectedId }: CompanyBillingProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-companies-title">
      <Typography id="dashboard-companies-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('home.dashboard.perCompany')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
        {companies.map((c) => (
          <Card key={c.idEmpresa} variant="outlined" data-testid="dashboard-company" sx={{ borderColor: c.idEmpresa === selectedId ? 'primary.main' : undefined }}>
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography sx={{ fontWeight: 700, mb: 0.5 }} noWrap title={c.nome}>
                {c.nome}
              </Typography>
              {(
                [
                  [t('home.dashboard.day'), c.dia],
                  [t('home.dashboard.month'), c.mes],
                ] as const
              ).map(([label, p]) => (
                <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600, ml: 'auto' }}>
                    {formatMoneyFromCents(p.valorCentavos, 'BRL')}
                  </Typography>
                  <Typography variant="body2" component="span" sx={{ minWidth: 64, textAlign: 'right' }}>
                    <ChangeText percentual={p.comparacao.percentual} />
                  </Typography>
                </Box>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
    </section>
  );
}
