import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ProductDetail } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoneyFromCents } from '../../../shared/format/format.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useProduct } from '../api/get-product.ts';
import { situationLabel, situationTone } from '../product-situations.ts';
import { codeWithLabel, languageLabel } from '../product-codes.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A small read-only table that scrolls sideways inside its card when it is wider (phones). */
function SimpleTable({ head, rows, empty, label }: { head: string[]; rows: ReactNode[][]; empty: string; label: string }) {
  if (rows.length === 0) return <Typography variant="body2" color="text.secondary">{empty}</Typography>;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 700 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((cell, j) => (
                <TableCell key={j}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function dimensions(p: ProductDetail): string {
  const parts = [p.alturaMm, p.larguraMm, p.espessuraMm];
  if (parts.every((v) => v === null)) return '';
  return `${parts.map((v) => (v === null ? '?' : String(v))).join(' × ')} mm`;
}

/** Read-only product detail (`/product/{id}`) with a back button to the catalogue. */
export function ProductDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const productId = Number(id);
  const valid = /^\d+$/.test(id ?? '') && productId > 0;
  const product = useProduct(valid ? productId : 0);
  const f = (key: string) => t(`products.detail.fields.${key}`);

  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/product/catalog');
  };

  const header = (
    <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2 }}>
      {t('products.detail.back')}
    </Button>
  );

  const notFound = !valid || (product.error instanceof ApiError && product.error.status === 404);
  if (notFound || product.isError) {
    return (
      <Box>
        {header}
        {notFound ? (
          <Alert severity="warning">{t('products.detail.notFound')}</Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void product.refetch()}>
                {t('products.detail.retry')}
              </Button>
            }
          >
            {product.error instanceof Error ? product.error.message : t('products.detail.loadError')}
          </Alert>
        )}
      </Box>
    );
  }
  if (!product.data) {
    return (
      <Box>
        {header}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="carregando" />
        </Box>
      </Box>
    );
  }
  const p = product.data;
  return (
    <Box>
      {header}
      <Box sx={{ mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {p.titulo}
        </Typography>
        {p.subtitulo && <Typography color="text.secondary">{p.subtitulo}</Typography>}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {p.situacao && <Chip size="small" color={situationTone(p.situacao)} label={situationLabel(p.situacao)} />}
          <Chip size="small" variant="outlined" color={p.ativo ? 'success' : 'default'} label={p.ativo ? t('products.detail.active') : t('products.detail.inactive')} />
        </Box>
      </Box>
      <Section title={t('products.detail.identification')}>
        <Fields
          items={[
            [f('isbn13'), p.isbn13],
            [f('isbn10'), p.isbn10],
            [f('issn'), p.issn],
            [f('idErp'), p.idErp],
            [f('situacao'), p.situacao ? `${p.situacao} – ${situationLabel(p.situacao)}` : null],
            [f('dataSituacao'), formatDate(p.dataSituacao)],
            [f('formato'), p.descricaoFormatoProduto ?? p.formatoProduto],
            [f('tipo'), p.tipo],
            [f('origem'), p.origem],
            [f('dataCadastro'), formatDateTime(p.dataCadastro)],
            [f('dataAlteracao'), formatDateTime(p.dataAlteracao)],
          ]}
        />
      </Section>
      <Section title={t('products.detail.publication')}>
        <Fields
          items={[
            [f('editora'), p.editora?.nome],
            [f('selo'), p.selo?.nome],
            [f('colecao'), p.colecao],
            [f('anoEdicao'), p.anoEdicao],
            [f('numeroEdicao'), p.numeroEdicao],
            [f('dataPublicacao'), formatDate(p.dataPublicacao)],
            [f('numeroPaginas'), p.numeroPaginas],
            [f('idioma'), languageLabel(p.idioma, p.descricaoIdioma, i18n.resolvedLanguage ?? 'pt-BR')],
            [f('dimensoes'), dimensions(p)],
            [f('peso'), p.pesoGramas === null ? null : `${p.pesoGramas} g`],
            [f('encadernacao'), p.encadernacao],
          ]}
        />
      </Section>
      <Section title={t('products.detail.contributors')}>
        <SimpleTable
          label={t('products.detail.contributors')}
          empty={t('products.detail.none')}
          head={[f('ordem'), f('tipoContribuicao'), f('nomeCompleto')]}
          rows={p.autores.map((a) => [a.ordem, a.descricaoContribuicao ? `${a.tipoContribuicao} – ${a.descricaoContribuicao}` : a.tipoContribuicao, a.nomeCompleto])}
        />
      </Section>
      <Section title={t('products.detail.subjects')}>
        <SimpleTable
          label={t('products.detail.subjects')}
          empty={t('products.detail.none')}
          head={[f('esquema'), f('codigo'), f('descricao'), f('principal')]}
          rows={p.assuntos.map((s) => [s.descricaoEsquema ?? s.esquema, s.codigo ?? '', s.descricao ?? '', s.principal ? t('products.detail.yes') : ''])}
        />
      </Section>
      <Section title={t('products.detail.prices')}>
        <SimpleTable
          label={t('products.detail.prices')}
          empty={t('products.detail.none')}
          head={[f('tipoPreco'), f('valor'), f('territorio')]}
          rows={p.precos.map((price) => [codeWithLabel(price.tipo, price.descricaoTipo), formatMoneyFromCents(price.valorCentavos, price.moeda), price.territorio ?? ''])}
        />
      </Section>
      <Section title={t('products.detail.synopsis')}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {p.sinopse ?? t('products.detail.noSynopsis')}
        </Typography>
      </Section>
    </Box>
  );
}
