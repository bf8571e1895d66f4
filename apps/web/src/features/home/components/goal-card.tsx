import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@acervo/contracts';
import { formatMoneyFromCents } from '../../../shared/format/format.ts';

/** Props of `GoalCard`. */
export interface GoalCardProps {
  meta: Dashboard['meta'];
}

/**
 * The month's goal: goal, attained so far and its %, the projection to month end, business days
 * used and left (halves shown as ",5"), and a progress bar of attainment (capped at 100 %).
 * Without a goal for the month it says so and still shows the projection.
 */
export function GoalCard({ meta }: GoalCardProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = meta.percentual;
  const rows: [string, string][] = [
    [t('home.dashboard.goal'), meta.valorCentavos === null ? t('home.dashboard.noGoal') : formatMoneyFromCents(meta.valorCentavos, 'BRL')],
    [t('home.dashboard.attained'), formatMoneyFromCents(meta.realizadoCentavos, 'BRL')],
    [t('home.dashboard.projection'), formatMoneyFromCents(meta.projecaoCentavos, 'BRL')],
    [t('home.dashboard.businessDays'), t('home.dashboard.businessDaysValue', { used: number.format(meta.diasUteisDecorridos), total: number.format(meta.diasUteis), left: number.format(meta.diasUteisRestantes) })],
  ];
  return (
    <Card variant="outlined" data-testid="dashboard-goal" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('home.dashboard.goalTitle')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="dashboard-goal-percent">
            {percent === null ? '—' : `${number.format(percent)}%`}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, percent ?? 0)}
          aria-label={t('home.dashboard.goalProgress')}
          sx={{ height: 10, borderRadius: 5, my: 1.5 }}
          color={percent !== null && percent >= 100 ? 'success' : 'primary'}
        />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0, fontWeight: 600, textAlign: 'right', whiteSpace: 'nowrap' } }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
