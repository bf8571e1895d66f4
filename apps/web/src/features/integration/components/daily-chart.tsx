import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { ERP_ENTITIES, type ErpEntity, type IntegrationDaily } from '@acervo/contracts';
import { dailySeries, entitiesWithData, shortDay } from '../integration-format.ts';

/** One colour per entity type (13, distinguishable, ≥ 3:1 on white). */
const COLORS: Record<ErpEntity, string> = {
  TIPO_CONTRIBUICAO: '#6D4C41',
  TIPO_PRODUTO: '#5E35B1',
  TIPO_OPERACAO_FISCAL: '#00838F',
  FORMA_PAGAMENTO: '#AD1457',
  TRANSPORTADORA: '#546E7A',
  ASSUNTO: '#9E6A00',
  SELO: '#C62828',
  AUTOR: '#283593',
  VENDEDOR: '#00695C',
  CLIENTE: '#6A1B9A',
  PRODUTO: '#2793CE',
  ESTOQUE: '#2E7D32',
  VENDA: '#0E2956',
};


/** Props of `DailyChart`. */
export interface DailyChartProps {
  /** The 30 days, oldest first (`YYYY-MM-DD`). */
  days: readonly string[];
  daily: readonly IntegrationDaily[];
}

/**
 * Records received per day over the last 30 days (MUI X bar chart), one series per entity type:
 * chips switch each type on or off (the types that received something start on), a switch stacks
 * the bars. For assistive technology the chart is one image whose label gives each shown type's
 * total over the period.
 */
export function DailyChart({ days, daily }: DailyChartProps) {
  const { t, i18n } = useTranslation();
  const integer = new Intl.NumberFormat(i18n.language);
  const [shown, setShown] = useState<Set<ErpEntity>>(() => {
    const withData = entitiesWithData(daily);
    return withData.size ? withData : new Set<ErpEntity>(['VENDA']);
  });
  const [stacked, setStacked] = useState(true);
  const entities = ERP_ENTITIES.filter((e) => shown.has(e));
  const series = useMemo(() => dailySeries(days, daily, entities), [days, daily, entities.join('|')]);
  const title = t('integration.stats.chartTitle');
  const summary = series.map((s) => `${t(`integration.entities.${s.entidade}`)}: ${integer.format(s.data.reduce((a, b) => a + b, 0))}`).join('; ');
  const toggle = (entity: ErpEntity) =>
    setShown((current) => {
      const next = new Set(current);
      if (next.has(entity)) next.delete(entity);
      else next.add(entity);
      return next;
    });

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <FormControlLabel control={<Switch checked={stacked} onChange={(e) => setStacked(e.target.checked)} />} label={t('integration.stats.chartStacked')} />
      </Box>
      <Box role="group" aria-label={t('integration.stats.chartEntities')} sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', my: 1 }}>
        {ERP_ENTITIES.map((entity) => {
          const on = shown.has(entity);
          return (
            <Chip
              key={entity}
              size="small"
              label={t(`integration.entities.${entity}`)}
              onClick={() => toggle(entity)}
              aria-pressed={on}
              variant={on ? 'filled' : 'outlined'}
              sx={on ? { bgcolor: COLORS[entity], color: '#fff', '&:hover': { bgcolor: COLORS[entity], opacity: 0.9 } } : { borderColor: COLORS[entity], color: COLORS[entity] }}
            />
          );
        })}
      </Box>
      {daily.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('integration.stats.chartEmpty')}
        </Typography>
      ) : (
        <Box role="img" aria-label={`${title}. ${summary}`} sx={{ width: '100%', minWidth: 0 }}>
          <BarChart
            height={300}
            xAxis={[{ scaleType: 'band', data: days.map(shortDay), tickLabelInterval: (_value: string, index: number) => index % 5 === 0 || index === days.length - 1 }]}
            yAxis={[{ valueFormatter: (value: number) => integer.format(value), width: 56 }]}
            series={series.map((s) => ({ data: s.data, label: t(`integration.entities.${s.entidade}`), color: COLORS[s.entidade], stack: stacked ? 'total' : undefined, valueFormatter: (value: number | null) => integer.format(value ?? 0) }))}
            hideLegend
            margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
          />
        </Box>
      )}
    </Box>
  );
}
