import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardPeriod } from '@acervo/contracts';
import { formatDate, formatMoneyFromCents } from '../../../shared/format/format.ts';
import { ChangeText } from './change-text.tsx';

/** Props of `PeriodCard`. */
export interface PeriodCardProps {
  /** Card title (the day or the month to date). */
  title: string;
  period: DashboardPeriod;
  testId: string;
}

/** A period's range as text: one day, or `DD/MM/YYYY – DD/MM/YYYY`. */
function rangeText(from: string, to: string): string {
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}

/**
 * Sales of a period (the day or the month to date): net value in BRL, then units, invoices and
 * average ticket, and the compared period's value with the coloured change.
 */
export function PeriodCard({ title, period, testId }: PeriodCardProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {rangeText(period.dataInicio, period.dataFim)}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 1 }} data-testid={`${testId}-valor`}>
          {formatMoneyFromCents(period.valorCentavos, 'BRL')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0, '& dd': { m: 0, fontWeight: 600 } }}>
          <div>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('home.dashboard.units')}
            </Typography>
            <dd>{number.format(period.quantidade)}</dd>
          </div>
          <div>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('home.dashboard.invoices')}
            </Typography>
            <dd>{number.format(period.notas)}</dd>
          </div>
          <div>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('home.dashboard.averageTicket')}
            </Typography>
            <dd>{formatMoneyFromCents(period.ticketMedioCentavos, 'BRL')}</dd>
          </div>
        </Box>
        <Box sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            {t('home.dashboard.comparedWith', { period: rangeText(period.comparacao.dataInicio, period.comparacao.dataFim) })}{' '}
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {formatMoneyFromCents(period.comparacao.valorCentavos, 'BRL')}
            </Box>
          </Typography>
          <ChangeText percentual={period.comparacao.percentual} />
        </Box>
      </CardContent>
    </Card>
  );
}
