import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAddCheck';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { REPLENISHMENT_ITEM_SORT_FIELDS, type ReplenishmentCalculationRequest, type ReplenishmentItem, type ReplenishmentSupplierTotals, type ReplenishmentTotals } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { formatDateTime, formatMoneyFromCents } from '../../../shared/format/format.ts';
import { ListFilters } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import {
  RESULT_FILTER_KEYS,
  useCalculate,
  useCalculation,
  useCalculationItems,
  useExplanation,
  useGenerateReplacement,
  useSupplierTotals,
  useTemplates,
  useUpdateCalculationItem,
} from '../api/replenishment-api.ts';
import { CalculationInputs } from '../components/calculation-inputs.tsx';
import { defaultFormValues, formValuesFromInputs } from '../components/calculation-form.ts';
import { ExplanationPanel } from '../components/explanation-panel.tsx';
import { QuantityCell } from '../components/quantity-cell.tsx';
import { SimpleDialog } from '../components/simple-dialog.tsx';

const DEFAULT_SORT: SortState = { field: 'quantidadeSugerida', direction: 'desc' };
/** Columns left out on phones: the title cell carries the ISBN, publisher and available balance; the suggestion and the quantity stay. */
const MOBILE_HIDDEN: readonly string[] = ['isbn13', 'sku', 'editora', 'saldoAtual', 'saldoDisponivel', 'saldoRede', 'quantidadePedidaCompra', 'quantidadeReservada', 'quantidadeBloqueada', 'demandaMedia', 'valorCapaCentavos', 'valorCustoCentavos', 'metodo'];

const brl = (cents: number | null) => (cents === null ? '—' : formatMoneyFromCents(cents, 'BRL'));
const positiveId = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** The totals strip of a calculation (lines, with suggestion, suggested and ordered units, values). */
function TotalsCard({ totals, footnote }: { totals: ReplenishmentTotals; footnote?: string }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const items: [string, string][] = [
    [t('replenishment.totals.itens'), n(totals.itens)],
    [t('replenishment.totals.itensComSugestao'), n(totals.itensComSugestao)],
    [t('replenishment.totals.quantidadeSugerida'), n(totals.quantidadeSugerida)],
    [t('replenishment.totals.quantidadePedido'), n(totals.quantidadePedido)],
    [t('replenishment.totals.valorCapa'), brl(totals.valorCapaCentavos)],
    [t('replenishment.totals.valorCusto'), brl(totals.valorCustoCentavos)],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={t('replenishment.totals.title')} sx={{ p: 2, mb: 2 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' } }}>
        {items.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="subtitle1" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid={`replenishment-total-${label}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {footnote && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, mb: 0 }}>
          {footnote}
        </Typography>
      )}
    </Paper>
  );
}

/** Totals per supplier: a small table (scrolls sideways on phones). */
function SupplierTotals({ rows }: { rows: readonly ReplenishmentSupplierTotals[] }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  if (rows.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="repl-suppliers-title" sx={{ mb: 2 }}>
      <Typography id="repl-suppliers-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, px: 2, pt: 1.5 }}>
        {t('replenishment.totals.bySupplier')}
      </Typography>
      <Box sx={{ overflowX: 'auto', maxHeight: 260 }} tabIndex={0} role="region" aria-labelledby="repl-suppliers-title">
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('replenishment.totals.supplier')}</TableCell>
              <TableCell align="right">{t('replenishment.totals.itensComSugestao')}</TableCell>
              <TableCell align="right">{t('replenishment.totals.quantidadeSugerida')}</TableCell>
              <TableCell align="right">{t('replenishment.totals.quantidadePedido')}</TableCell>
              <TableCell align="right">{t('replenishment.totals.valorCusto')}</TableCell>
              <TableCell align="right">{t('replenishment.totals.valorCapa')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.idEditora ?? 'none'}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.editora ?? t('replenishment.totals.noSupplier')}</TableCell>
                <TableCell align="right">{n(row.itensComSugestao)}</TableCell>
                <TableCell align="right">{n(row.quantidadeSugerida)}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {n(row.quantidadePedido)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {brl(row.valorCustoCentavos)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {brl(row.valorCapaCentavos)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/** The explanation drawer of one line (`?produto=<idProduto>` in the URL). */
function ExplanationDrawer({ calculationId, productId, onClose }: { calculationId: number; productId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const explanation = useExplanation(calculationId, productId);
  return (
    <Drawer anchor="right" open={productId !== null} onClose={onClose} slotProps={{ paper: { sx: { width: mobile ? '100%' : 520, p: 2 }, 'aria-labelledby': 'repl-explain-title' } as object }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="repl-explain-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('replenishment.explain.title')}
        </Typography>
        <IconButton aria-label={t('replenishment.explain.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {explanation.data ? (
        <ExplanationPanel explanation={explanation.data} />
      ) : explanation.isError ? (
        <Alert severity="error">{t('replenishment.calc.expired')}</Alert>
      ) : (
        <Box aria-busy="true" aria-label={t('replenishment.explain.loading')}>
          <Skeleton height={32} />
          <Skeleton variant="rectangular" height={220} />
          <Skeleton height={120} />
        </Box>
      )}
    </Drawer>
  );
}

/**
 * Replacement calculation (`/replacement/calculation`, VISUALIZAR_REPOSICAO_CALCULO; issue 18
 * Part 2). The inputs (`CalculationInputs`, with templates) → Calcular (`POST reposicao/calculo`,
 * a progress bar while it runs) → the stored result, its id in the URL (`?calculo=`) so a reload
 * keeps it: totals, totals by supplier, and one DataTable of the lines with every SPEC column
 * (current, available and network balance, ordered, reserved, blocked, suggestion, quantity to
 * order editable in place as a multiple of the order multiple, SKU/ISBN, title, publisher, cover
 * and cost value, method), paged, sorted and filtered on the server with the state in the URL.
 * Each line opens its explanation in a drawer (`?produto=`). "Gerar reposição" asks for a
 * description, `POST reposicao`, shows the SPEC 8 toast and links to the history's detail.
 */
export function CalculationPage() {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const calculationId = positiveId(searchParams.get('calculo'));
  const productId = positiveId(searchParams.get('produto'));
  const list = useListParams({ filterKeys: RESULT_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: REPLENISHMENT_ITEM_SORT_FIELDS });
  const templates = useTemplates();
  const calculate = useCalculate();
  const calculation = useCalculation(calculationId);
  const items = useCalculationItems(calculationId, list.query);
  const suppliers = useSupplierTotals(calculationId);
  const updateItem = useUpdateCalculationItem(calculationId);
  const generate = useGenerateReplacement();
  const [inputsOpen, setInputsOpen] = useState<boolean | null>(null);
  const [generateOpen, setGenerateOpen] = useState(false);
  const [descricao, setDescricao] = useState('');
  const [descricaoTouched, setDescricaoTouched] = useState(false);
  const [generated, setGenerated] = useState<{ id: number; descricao: string } | null>(null);
  const result = calculation.data;
  const multiple = result?.parametros.quantidadeMinimaPedido ?? 1;
  const showInputs = inputsOpen ?? !(mobile && result);

  const setParam = (changes: Record<string, string | null>, replace = false) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );

  const onCalculate = async (request: ReplenishmentCalculationRequest) => {
    setGenerated(null);
    const done = await calculate.mutateAsync(request).catch(() => null);
    if (!done) return;
    // a new result starts on its first page, unfiltered
    setSearchParams(new URLSearchParams({ calculo: String(done.id) }));
    if (mobile) setInputsOpen(false);
  };

  const onSaveQuantity = async (row: ReplenishmentItem, quantidadePedido: number) => {
    const ok = await updateItem.mutateAsync({ idProduto: row.idProduto, quantidadePedido }).then(
      () => true,
      () => false,
    );
    if (ok) toast.success(t('replenishment.toasts.quantityUpdated'));
    return ok;
  };

  const onGenerate = async () => {
    setDescricaoTouched(true);
    const text = descricao.trim();
    if (!text || calculationId === null) return;
    const done = await generate.mutateAsync({ idCalculo: calculationId, descricao: text }).catch(() => null);
    if (!done) return;
    toast.success(t('replenishment.toasts.generated'));
    setGenerateOpen(false);
    setGenerated({ id: done.id, descricao: done.descricao });
  };

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the form starts from the stored inputs once they arrive (a reload), then is the user's
  const initialValues = useMemo(() => {
    if (!result) return defaultFormValues();
    // a calculation limited to one supplier lists only its lines: they name it (the picker shows the name, not the id)
    const supplier = result.itens.itens.find((line) => line.idEditora === result.parametros.idEditora)?.editora ?? '';
    return formValuesFromInputs(result.parametros, result.parametros.idModelo ? String(result.parametros.idModelo) : '', supplier);
  }, [result?.id]);

  const supplierOptions = useMemo(
    () => (suppliers.data ?? []).filter((s) => s.idEditora !== null).map((s) => ({ value: String(s.idEditora), label: s.editora ?? `#${s.idEditora}` })),
    [suppliers.data],
  );

  const columns = useMemo<GridColDef<ReplenishmentItem>[]>(() => {
    const units = (field: keyof ReplenishmentItem, width = 96): GridColDef<ReplenishmentItem> => ({
      field,
      headerName: t(`replenishment.fields.${field}`),
      width,
      type: 'number',
      valueFormatter: (value: number) => value.toLocaleString(i18n.language),
    });
    const money = (field: keyof ReplenishmentItem): GridColDef<ReplenishmentItem> => ({ field, headerName: t(`replenishment.fields.${field}`), width: 120, type: 'number', valueFormatter: (value: number | null) => brl(value) });
    return [
      {
        field: 'explicar',
        headerName: '',
        width: mobile ? 44 : 52,
        sortable: false,
        renderCell: ({ row }) => (
          <Tooltip title={t('replenishment.results.explain')}>
            <IconButton size="small" color="primary" aria-label={t('replenishment.results.explainLabel', { titulo: row.titulo })} onClick={() => setParam({ produto: String(row.idProduto) })}>
              <InsightsIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
      { field: 'isbn13', headerName: t('replenishment.fields.isbn13'), width: 140, valueGetter: (_v: unknown, row: ReplenishmentItem) => row.isbn13 ?? row.sku ?? '' },
      { field: 'sku', headerName: t('replenishment.fields.sku'), width: 100, sortable: false, valueFormatter: (value: string | null) => value ?? '—' },
      {
        field: 'titulo',
        headerName: t('replenishment.fields.titulo'),
        flex: 1,
        minWidth: mobile ? 130 : 220,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.titulo}>
              {row.titulo}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {t('replenishment.fields.saldoDisponivel')} {row.saldoDisponivel.toLocaleString(i18n.language)} · {row.isbn13 ?? row.sku ?? ''} · {row.editora ?? '—'}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'editora', headerName: t('replenishment.fields.editora'), width: 150, valueFormatter: (value: string | null) => value ?? '—' },
      units('quantidadeSugerida', mobile ? 84 : 108),
      {
        field: 'quantidadePedido',
        headerName: t('replenishment.fields.quantidadePedido'),
        width: mobile ? 84 : 100,
        type: 'number',
        renderCell: ({ row }) => (
          <QuantityCell value={row.quantidadePedido} multiple={multiple} editable label={t('replenishment.results.quantityLabel', { titulo: row.titulo })} onSave={(q) => onSaveQuantity(row, q)} />
        ),
      },
      units('saldoAtual', 92),
      units('saldoDisponivel', 96),
      units('saldoRede', 96),
      units('quantidadePedidaCompra', 84),
      units('quantidadeReservada', 92),
      units('quantidadeBloqueada', 92),
      { field: 'demandaMedia', headerName: t('replenishment.fields.demandaMedia'), width: 96, type: 'number', valueFormatter: (value: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: 2 }) },
      money('valorCapaCentavos'),
      money('valorCustoCentavos'),
      { field: 'metodo', headerName: t('replenishment.fields.metodo'), width: 150, sortable: false, valueFormatter: (value: string) => t(`replenishment.methods.${value}`) },
    ];
    // onSaveQuantity and setParam only call stable mutations and the router: listing them would rebuild the columns every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language, mobile, multiple]);

  const rows = useMemo(() => (items.data?.itens ?? []).map((row) => ({ ...row, id: row.idProduto })), [items.data]);
  const expired = calculationId !== null && calculation.isError;
  const footnote = result
    ? t('replenishment.calc.duration', { seconds: (result.duracaoMs / 1000).toLocaleString(i18n.language, { maximumFractionDigits: 1 }), until: result.expiraEm ? formatDateTime(result.expiraEm) : '—' })
    : undefined;

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('replenishment.calc.title')}
        subtitle={t('replenishment.calc.subtitle')}
        actions={
          result ? (
            <Button
              variant="contained"
              startIcon={<PlaylistAddIcon />}
              disabled={result.totais.quantidadePedido === 0}
              onClick={() => {
                setDescricao('');
                setDescricaoTouched(false);
                setGenerateOpen(true);
              }}
            >
              {t('replenishment.calc.generate')}
            </Button>
          ) : undefined
        }
      />
      <Paper variant="outlined" component="section" aria-labelledby="repl-inputs-title" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: showInputs ? 2 : 0 }}>
          <Typography id="repl-inputs-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('replenishment.calc.inputs')}
          </Typography>
          <Button
            size="small"
            onClick={() => setInputsOpen(!showInputs)}
            endIcon={showInputs ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            aria-expanded={showInputs}
            aria-controls="repl-inputs-body"
            aria-label={showInputs ? t('replenishment.calc.hideInputs') : t('replenishment.calc.showInputs')}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {showInputs ? t('replenishment.calc.hide') : t('replenishment.calc.show')}
          </Button>
        </Box>
        <Collapse in={showInputs} id="repl-inputs-body">
          <DateLocalization>
            <CalculationInputs key={result?.id ?? 'new'} initialValues={initialValues} templates={templates.data ?? []} calculating={calculate.isPending} onCalculate={(request) => void onCalculate(request)} />
          </DateLocalization>
        </Collapse>
      </Paper>

      {calculate.isPending && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('replenishment.calc.calculatingHint')}
          </Typography>
          <LinearProgress aria-label={t('replenishment.calc.calculating')} />
        </Paper>
      )}

      {generated && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setGenerated(null)}>
          {t('replenishment.toasts.generated')}{' '}
          <Link component={RouterLink} to={`/replacement/history?reposicao=${generated.id}`}>
            {t('replenishment.calc.openHistory')} (#{generated.id} · {generated.descricao})
          </Link>
        </Alert>
      )}

      {expired && <Alert severity="warning" sx={{ mb: 2 }}>{t('replenishment.calc.expired')}</Alert>}
      {calculationId === null && !calculate.isPending && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('replenishment.calc.noResult')}
        </Typography>
      )}

      {result && !expired && (
        <Box component="section" aria-labelledby="repl-result-title" sx={{ minWidth: 0 }}>
          <Typography id="repl-result-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('replenishment.results.title')} #{result.id}
          </Typography>
          <TotalsCard totals={result.totais} footnote={footnote} />
          <SupplierTotals rows={suppliers.data ?? []} />
          <ListFilters
            value={list.filters}
            textsKey="replenishment.results.filters"
            termLabel={t('replenishment.results.term')}
            idPrefix="repl-results"
            selects={[
              { key: 'idEditora', label: t('replenishment.results.fornecedor'), options: supplierOptions, width: 220 },
              { key: 'somenteComSugestao', label: t('replenishment.results.somenteComSugestao'), options: [{ value: 'true', label: t('replenishment.results.yes') }], width: 180 },
            ]}
            onApply={(filters) => list.setFilters(filters)}
            onClear={list.reset}
          />
          <DataTable<ReplenishmentItem>
            ariaLabel={t('replenishment.results.title')}
            rows={rows}
            rowCount={items.data?.totalItens}
            columns={columns}
            loading={items.isFetching}
            error={items.isError}
            onRetry={() => void items.refetch()}
            list={list}
            hiddenFields={mobile ? MOBILE_HIDDEN : ['sku']}
          />
          <ExplanationDrawer calculationId={result.id} productId={productId} onClose={() => setParam({ produto: null })} />
        </Box>
      )}

      {generateOpen && result && (
        <SimpleDialog
          id="repl-generate"
          title={t('replenishment.calc.generateTitle')}
          busy={generate.isPending}
          confirmLabel={t('replenishment.calc.generate')}
          cancelLabel={t('replenishment.calc.cancel')}
          onConfirm={() => void onGenerate()}
          onClose={() => setGenerateOpen(false)}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('replenishment.calc.generateHint', { count: result.totais.itensComSugestao })}
          </Typography>
          <TextField
            id="repl-descricao"
            autoFocus
            required
            fullWidth
            label={t('replenishment.calc.descricao')}
            value={descricao}
            onChange={(e) => setDescricao(e.target.value)}
            error={descricaoTouched && descricao.trim() === ''}
            helperText={descricaoTouched && descricao.trim() === '' ? t('replenishment.calc.required') : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </SimpleDialog>
      )}
    </Box>
  );
}
