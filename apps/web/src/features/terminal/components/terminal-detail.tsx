import { lazy, Suspense, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { useTranslation } from 'react-i18next';
import type { OpportunityType, TerminalDetail as Detail } from '@acervo/contracts';
import { formatDate, formatMoneyFromCents } from '../../../shared/format/format.ts';
import { useSignedUser } from '../../../shared/session/session-context.tsx';
import { CoverThumb, situationTone } from '../../products/index.ts';
import { useTerminalDetail } from '../api/get-terminal-detail.ts';
import { StockTable } from './stock-table.tsx';
import { OpportunityDialog } from './opportunity-dialog.tsx';

const SalesChart = lazy(async () => ({ default: (await import('./sales-chart.tsx')).SalesChart }));

/** Props of `TerminalDetail`. */
export interface TerminalDetailProps {
  /** The catalogue title shown. */
  id: number;
  onClose: () => void;
}

/** One label/value pair of the identifiers list (nothing when the value is empty). */
function Field({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The detail of one title beside the results (below them on a phone): cover, title, authors,
 * publisher, situation and price; the SPEC's identifiers (internal code, ISBN-13/10, ISSN,
 * category, subject, pages, publication date, edition year, weight); the stock per company with
 * the network total; the monthly sales chart with the total and the last sale; the open
 * opportunities of the last 90 days; and the "Venda perdida" / "Sugestão de compra" buttons, each
 * opening `OpportunityDialog`.
 */
export function TerminalDetail({ id, onClose }: TerminalDetailProps) {
  const { t } = useTranslation();
  const detail = useTerminalDetail(id);
  const user = useSignedUser();
  const [dialog, setDialog] = useState<OpportunityType | null>(null);

  return (
    <Paper component="section" variant="outlined" aria-labelledby="terminal-detail-title" data-testid="terminal-detail" sx={{ p: { xs: 1.5, sm: 2 }, position: 'relative' }}>
      <IconButton size="small" onClick={onClose} aria-label={t('terminal.detail.close')} sx={{ position: 'absolute', top: 4, right: 4 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
      {detail.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4, justifyContent: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">{t('terminal.detail.loading')}</Typography>
          <Typography id="terminal-detail-title" sx={{ display: 'none' }}>
            {t('terminal.detail.title')}
          </Typography>
        </Box>
      ) : detail.isError ? (
        <Alert severity="error" aria-labelledby="terminal-detail-title">
          <span id="terminal-detail-title">{t('terminal.detail.loadError')}</span>
        </Alert>
      ) : (
        <DetailBody detail={detail.data} selectedCompanyId={user.idEmpresa ?? null} onRegister={setDialog} />
      )}
      {detail.data && dialog && (
        <OpportunityDialog open tipo={dialog} subject={{ kind: 'product', idProduto: detail.data.id, titulo: detail.data.titulo }} onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}

/** The loaded detail. */
function DetailBody({ detail, selectedCompanyId, onRegister }: { detail: Detail; selectedCompanyId: number | null; onRegister: (tipo: OpportunityType) => void }) {
  const { t, i18n } = useTranslation();
  const integer = new Intl.NumberFormat(i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', gap: 2, pr: 4 }}>
        <Box sx={{ flex: '0 0 auto', width: 96, height: 138, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1 }}>
          {detail.capaUrl ? <CoverThumb path={detail.capaUrl} alt={t('terminal.detail.cover', { titulo: detail.titulo })} width={96} height={138} /> : <MenuBookIcon color="disabled" titleAccess={t('terminal.detail.noCover')} />}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id="terminal-detail-title" component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
            {detail.titulo}
          </Typography>
          {detail.subtitulo && (
            <Typography variant="body2" color="text.secondary">
              {detail.subtitulo}
            </Typography>
          )}
          {detail.autores.length > 0 && <Typography variant="body2">{detail.autores.join('; ')}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {[detail.editora, detail.selo && detail.selo !== detail.editora ? detail.selo : null].filter(Boolean).join(' · ')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
            {detail.situacao && <Chip size="small" variant="outlined" color={situationTone(detail.situacao)} label={detail.descricaoSituacao ?? detail.situacao} />}
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {detail.precoCentavos !== null ? formatMoneyFromCents(detail.precoCentavos, 'BRL') : t('terminal.item.noPrice')}
            </Typography>
            {detail.oportunidadesAbertas > 0 && <Chip size="small" color="warning" variant="outlined" label={t('terminal.detail.openOpportunities', { count: detail.oportunidadesAbertas })} />}
          </Box>
        </Box>
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" color="warning" startIcon={<RemoveShoppingCartIcon />} onClick={() => onRegister('VENDA_PERDIDA')}>
          {t('terminal.detail.lostSale')}
        </Button>
        <Button variant="outlined" startIcon={<AddShoppingCartIcon />} onClick={() => onRegister('SUGESTAO_COMPRA')}>
          {t('terminal.detail.purchaseSuggestion')}
        </Button>
      </Box>

      <StockTable estoques={detail.estoques} estoqueRede={detail.estoqueRede} selectedCompanyId={selectedCompanyId} />

      <Suspense fallback={<Box sx={{ height: 200 }} />}>
        <SalesChart vendas={detail.vendas} />
      </Suspense>

      <Divider />
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('terminal.detail.identifiers')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          <Field label={t('terminal.detail.codigoInterno')} value={detail.codigoInterno} />
          <Field label={t('terminal.detail.isbn13')} value={detail.isbn13} />
          <Field label={t('terminal.detail.isbn10')} value={detail.isbn10} />
          <Field label={t('terminal.detail.issn')} value={detail.issn} />
          <Field label={t('terminal.detail.categoria')} value={detail.categoria} />
          <Field label={t('terminal.detail.assunto')} value={detail.assunto} />
          <Field label={t('terminal.detail.colecao')} value={detail.colecao} />
          <Field label={t('terminal.detail.numeroPaginas')} value={detail.numeroPaginas === null ? null : integer.format(detail.numeroPaginas)} />
          <Field label={t('terminal.detail.dataPublicacao')} value={detail.dataPublicacao ? formatDate(detail.dataPublicacao) : null} />
          <Field label={t('terminal.detail.anoEdicao')} value={detail.anoEdicao} />
          <Field label={t('terminal.detail.pesoGramas')} value={detail.pesoGramas === null ? null : t('terminal.detail.grams', { value: integer.format(detail.pesoGramas) })} />
        </Box>
      </Box>
    </Box>
  );
}
