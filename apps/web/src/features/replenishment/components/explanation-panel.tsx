import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReplenishmentExplanation } from '@acervo/contracts';
import { explanationStepTexts } from './explanation-steps.ts';

/** The chart in a chunk of its own (MUI X Charts is large; most lines are never explained). */
const ExplanationChart = lazy(async () => ({ default: (await import('./explanation-chart.tsx')).ExplanationChart }));

/** Props of `ExplanationPanel`. */
export interface ExplanationPanelProps {
  explanation: ReplenishmentExplanation;
}

/** A parameter value as shown: numbers in the interface language, lists joined. */
function paramText(value: ReplenishmentExplanation['parametros'][string], fmt: Intl.NumberFormat): string {
  if (value === null) return '—';
  if (Array.isArray(value)) return value.map((v) => fmt.format(v)).join(' · ');
  return typeof value === 'number' ? fmt.format(value) : value;
}

/**
 * What lies behind one result line (issue 18 Part 2, `GET …/explicacao`): a small chart of the
 * monthly history and the forecast band (q10–q90 and the mean), the arithmetic in words (the
 * structured steps `passosEstruturados` written in the interface language, `explanationStepTexts`),
 * and the numbers: method (asked and used, demand class, parameters),
 * horizon, service-level quantile, stockout correction, the stock terms, the level, the need,
 * the multiple and the suggestion. Units throughout; decimals in the interface language.
 */
export function ExplanationPanel({ explanation: e }: ExplanationPanelProps) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const n = (v: number | null | undefined) => (v === null || v === undefined ? t('replenishment.explain.none') : fmt.format(v));
  const q10 = e.horizonte.quantis[0];
  const q90 = e.horizonte.quantis[8];
  const monthly = e.previsao[0];
  const summary = `${t('replenishment.explain.chartTitle')}. ${t('replenishment.explain.chartSummary', {
    months: e.historico.length,
    total: n(e.historico.reduce((s, m) => s + m.quantidade, 0)),
    mean: n(monthly?.media ?? 0),
    q10: n(monthly?.quantis[0] ?? 0),
    q90: n(monthly?.quantis[8] ?? 0),
  })}`;
  const row = (label: string, value: ReactNode, strong = false) => (
    <Box key={label} sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Box>
  );
  const dl = (children: ReactNode) => (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5 }}>
      {children}
    </Box>
  );
  // AUTOMATICO's reason is a pt-BR sentence of the server: the method step says it in the interface language
  const params = Object.entries(e.parametros).filter(([key]) => key !== 'motivo');
  const steps = explanationStepTexts(e, t, i18n.language);
  return (
    <Box data-testid="replenishment-explanation">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {e.titulo}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
        <Chip size="small" color="primary" label={t(`replenishment.methods.${e.metodo}`)} />
        {e.classe && <Chip size="small" variant="outlined" label={`${t('replenishment.explain.demandClass')}: ${t(`replenishment.classes.${e.classe}`, { defaultValue: e.classe })}`} />}
      </Box>
      <Typography component="h4" variant="subtitle2" sx={{ mt: 1 }}>
        {t('replenishment.explain.chartTitle')}
      </Typography>
      <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>
        <ExplanationChart explanation={e} summary={summary} />
      </Suspense>

      <Typography component="h4" variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
        {t('replenishment.explain.steps')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        {steps.map((step, i) => (
          <Typography component="li" variant="body2" key={i}>
            {step}
          </Typography>
        ))}
      </Box>

      <Divider sx={{ my: 2 }} />
      <Typography component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('replenishment.explain.numbers')}
      </Typography>
      {dl(
        <>
          {row(t('replenishment.explain.method'), t(`replenishment.methods.${e.metodo}`))}
          {e.metodoPedido !== e.metodo && row(t('replenishment.explain.methodAsked'), t(`replenishment.methods.${e.metodoPedido}`))}
          {params.map(([key, value]) => row(`${t('replenishment.explain.parameters')}: ${key}`, paramText(value, fmt)))}
          {row(t('replenishment.explain.horizon'), t('replenishment.explain.horizonValue', { meses: e.horizonte.meses, prazo: e.horizonte.prazoEntregaMeses, projecao: e.horizonte.periodosProjecao }))}
          {row(t('replenishment.explain.horizonMean'), `${n(e.horizonte.media)} (q10 ${n(q10)} · q90 ${n(q90)})`)}
          {row(t('replenishment.explain.serviceLevel'), `${e.nivelServico} %`)}
          {row(t('replenishment.explain.quantile'), n(e.quantilNivel))}
          {row(t('replenishment.explain.stockoutMonths'), n(e.correcaoRuptura.mesesSemEstoque))}
          {row(t('replenishment.explain.lostSales'), n(e.correcaoRuptura.vendasPerdidas))}
          {row(t('replenishment.explain.stockoutIncrease'), n(e.correcaoRuptura.acrescimo))}
        </>,
      )}
      <Divider sx={{ my: 1.5 }} />
      {dl(
        <>
          {row(t('replenishment.explain.physical'), n(e.estoque.fisico))}
          {row(`− ${t('replenishment.explain.reserved')}`, n(e.estoque.reservado))}
          {row(`− ${t('replenishment.explain.blocked')}`, n(e.estoque.bloqueado))}
          {row(`+ ${t('replenishment.explain.onOrder')}`, n(e.estoque.pedidoCompra))}
          {row(`= ${t('replenishment.explain.available')}`, n(e.estoque.disponivel), true)}
          {row(t('replenishment.explain.network'), n(e.estoque.rede))}
          {e.estoque.cobertoPorReposicaoAprovada > 0 && row(t('replenishment.explain.covered'), n(e.estoque.cobertoPorReposicaoAprovada))}
          {row(t('replenishment.explain.minStock'), n(e.estoqueMinimo))}
          {row(t('replenishment.explain.maxStock'), n(e.estoqueMaximo))}
          {row(t('replenishment.explain.level'), n(e.nivelReposicao), true)}
          {row(t('replenishment.explain.need'), n(e.necessidade))}
          {row(t('replenishment.explain.multiple'), n(e.multiplo))}
          {row(t('replenishment.explain.suggested'), n(e.quantidadeSugerida), true)}
        </>,
      )}
    </Box>
  );
}
