import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/Download';
import CheckIcon from '@mui/icons-material/Check';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { ProductImport, ProductImportRow } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { RUNNING_STATUSES, downloadXlsx, uploadImport, useConfirmImport, useProductImport } from '../api/product-import-api.ts';
import { UploadDropZone } from '../components/upload-drop-zone.tsx';

const FILTER_KEYS = ['apenasErros'] as const;
/** On a phone the title cell also shows the action chip, so the errors column fits beside it. */
const MOBILE_HIDDEN: readonly string[] = ['linha', 'isbn13', 'acao', 'resultado'];
type GridRow = ProductImportRow & { id: number };

/** Chip of a row: what it will do (Novo / Atualização) or that it has errors. */
function ActionChip({ row }: { row: ProductImportRow }) {
  const { t } = useTranslation();
  if (row.acao === 'CRIAR') return <Chip size="small" color="success" variant="outlined" label={t('productImport.actions.CRIAR')} />;
  if (row.acao === 'ALTERAR') return <Chip size="small" color="info" variant="outlined" label={t('productImport.actions.ALTERAR')} />;
  return <Chip size="small" color="error" label={t('productImport.actions.ERRO')} />;
}

/** Counts, progress bar and result of an import. */
function ImportSummary({ imp }: { imp: ProductImport }) {
  const { t, i18n } = useTranslation();
  const toWrite = imp.novas + imp.atualizacoes;
  const running = RUNNING_STATUSES.includes(imp.status);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, wordBreak: 'break-all', flex: 1 }}>
          {t('productImport.file')}: {imp.nomeArquivo} ({imp.formato})
        </Typography>
        <Chip label={t(`productImport.status.${imp.status}`)} color={imp.status === 'CONCLUIDA' ? 'success' : imp.status === 'ERRO' ? 'error' : running ? 'warning' : 'default'} data-testid="import-status" sx={{ alignSelf: { xs: "flex-start", sm: "center" } }} />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="import-counts">
        <Chip variant="outlined" label={`${t('productImport.counts.total')}: ${imp.total}`} />
        <Chip variant="outlined" color="success" label={`${t('productImport.counts.novas')}: ${imp.novas}`} />
        <Chip variant="outlined" color="info" label={`${t('productImport.counts.atualizacoes')}: ${imp.atualizacoes}`} />
        <Chip variant="outlined" color="error" label={`${t('productImport.counts.comErro')}: ${imp.comErro}`} />
      </Stack>
      {imp.avisos.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
          {imp.avisos.join(' · ')}
        </Typography>
      )}
      {imp.status !== 'PREVIA' && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={imp.percentual} aria-label={t('productImport.status.PROCESSANDO')} sx={{ height: 10, borderRadius: 5 }} />
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="import-progress">
            {t('productImport.progress', { processados: imp.processados, total: toWrite, percentual: imp.percentual.toLocaleString(i18n.language), rate: imp.linhasPorSegundo.toLocaleString(i18n.language) })}
          </Typography>
        </Box>
      )}
      {imp.status === 'CONCLUIDA' && (
        <Alert severity={imp.rejeitados > 0 ? 'warning' : 'success'} sx={{ mt: 2 }} data-testid="import-done">
          {t('productImport.done', { gravados: imp.gravados, rejeitados: imp.rejeitados })}
        </Alert>
      )}
      {imp.status === 'ERRO' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('productImport.failed', { mensagem: imp.mensagem ?? '' })}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * Product import (`/product/produto-import`, VISUALIZAR_PRODUTOS_CADASTRAR): upload by drag and
 * drop or button, template download; then the preview (`?importacao=<id>` in the URL): counts,
 * reading notes, the rows in the DataTable with a create/update chip and every error with its
 * column and reason (switch "only rows with errors"), the confirmation, a progress bar with
 * percentage and rows/s while the job writes (polled every second), the result and the
 * rejected-rows XLSX.
 */
export function ProductImportPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const idParam = Number(searchParams.get('importacao'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const list = useListParams({ filterKeys: FILTER_KEYS, defaultPageSize: 25, pageSizeOptions: PAGE_SIZE_OPTIONS, defaultSort: null, sortFields: [] });
  const query = { page: list.page, pageSize: list.pageSize, apenasErros: list.filters.apenasErros === 'true' ? 'true' : undefined };
  const imp = useProductImport(id, query);
  const confirm = useConfirmImport();
  const [uploading, setUploading] = useState(false);
  const [asking, setAsking] = useState(false);

  const onFile = async (file: File) => {
    setUploading(true);
    try {
      const newId = await uploadImport(file);
      setSearchParams({ importacao: String(newId) });
    } catch {
      // the error toast already said why
    } finally {
      setUploading(false);
    }
  };

  const onConfirm = async () => {
    if (id === null) return;
    const done = await confirm.mutateAsync(id).then(() => true, () => false);
    setAsking(false);
    if (done) toast.success(t('productImport.confirmed'));
  };

  const columns = useMemo<GridColDef<GridRow>[]>(
    () => [
      { field: 'linha', headerName: t('productImport.fields.linha'), width: 72, sortable: false },
      { field: 'isbn13', headerName: t('productImport.fields.isbn13'), width: 140, sortable: false, valueFormatter: (v: string | null) => v ?? t('productImport.none') },
      {
        field: 'titulo',
        headerName: t('productImport.fields.titulo'),
        flex: 1,
        minWidth: mobile ? 130 : 160,
        sortable: false,
        renderCell: ({ row }) =>
          mobile ? (
            <Box sx={{ py: 0.5, whiteSpace: 'normal' }}>
              <Typography variant="body2">{row.titulo ?? t('productImport.none')}</Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('productImport.fields.linha')} {row.linha}
              </Typography>
              <ActionChip row={row} />
            </Box>
          ) : (
            (row.titulo ?? t('productImport.none'))
          ),
      },
      { field: 'acao', headerName: t('productImport.fields.acao'), width: 120, sortable: false, renderCell: ({ row }) => <ActionChip row={row} /> },
      {
        field: 'erros',
        headerName: t('productImport.fields.erros'),
        flex: 1.6,
        minWidth: mobile ? 180 : 200,
        sortable: false,
        renderCell: ({ row }) =>
          row.erros.length === 0 ? (
            t('productImport.none')
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2, py: 0.5, whiteSpace: 'normal' }}>
              {row.erros.map((e, i) => (
                <Typography key={i} component="li" variant="caption" color="error.main">
                  <b>{e.coluna}</b>: {e.motivo}
                </Typography>
              ))}
            </Box>
          ),
      },
      { field: 'resultado', headerName: t('productImport.fields.resultado'), width: 110, sortable: false, valueFormatter: (v: string | null) => (v ? t(`productImport.results.${v}`) : t('productImport.none')) },
    ],
    [t, mobile],
  );

  const data = imp.data;
  const rows: GridRow[] = (data?.linhas.itens ?? []).map((r) => ({ ...r, id: r.linha }));
  const canDownloadRejected = data !== undefined && (data.comErro > 0 || data.rejeitados > 0);

  return (
    <Box>
      <PageHeader
        title={t('productImport.title')}
        subtitle={t('productImport.subtitle')}
        actions={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void downloadXlsx('produto/importacao/modelo', 'modelo-importacao-produtos.xlsx').catch(() => undefined)}>
              {t('productImport.template')}
            </Button>
            {id !== null && (
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setSearchParams({})}>
                {t('productImport.newImport')}
              </Button>
            )}
          </Stack>
        }
      />
      {id === null ? (
        <UploadDropZone onFile={(f) => void onFile(f)} busy={uploading} />
      ) : (
        <>
          {data && <ImportSummary imp={data} />}
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mb: 1.5, alignItems: { sm: 'center' } }}>
            <FormControlLabel
              control={<Switch checked={list.filters.apenasErros === 'true'} onChange={(e) => list.setFilters(e.target.checked ? { apenasErros: 'true' } : {})} />}
              label={t('productImport.errorsOnly')}
              sx={{ flex: 1 }}
            />
            {canDownloadRejected && (
              <Button variant="outlined" color="error" startIcon={<DownloadIcon />} onClick={() => void downloadXlsx(`produto/importacao/${id}/rejeitados`, 'rejeitados.xlsx').catch(() => undefined)}>
                {t('productImport.rejected')}
              </Button>
            )}
            {data?.status === 'PREVIA' && (
              <Button variant="contained" startIcon={<CheckIcon />} disabled={data.novas + data.atualizacoes === 0 || confirm.isPending} onClick={() => setAsking(true)}>
                {t('productImport.confirm')}
              </Button>
            )}
          </Stack>
          <DataTable<GridRow>
            ariaLabel={t('productImport.title')}
            rows={rows}
            rowCount={data?.linhas.totalItens}
            columns={columns}
            loading={imp.isFetching && !RUNNING_STATUSES.includes(data?.status ?? '')}
            error={imp.isError}
            onRetry={() => void imp.refetch()}
            list={list}
            hiddenFields={mobile ? MOBILE_HIDDEN : []}
          />
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('productImport.confirmTitle')}
        message={data ? t('productImport.confirmText', { count: data.novas + data.atualizacoes, novas: data.novas, atualizacoes: data.atualizacoes }) : ''}
        confirmLabel={t('productImport.confirm')}
        confirmColor="primary"
        busy={confirm.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
