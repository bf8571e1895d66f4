import { useMemo, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { MatchItem, MatchKind } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { ListFilters } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { MATCH_FILTER_KEYS, useMatches } from '../api/matching-api.ts';
import { BisacImportDialog } from '../components/bisac-import-dialog.tsx';
import { MatchEditor } from '../components/match-editor.tsx';
import { MATCH_SCREENS, type MatchScreen } from '../matching-kinds.ts';

/** Default order: the server puts unmatched codes first, then the most used. */
const DEFAULT_SORT: SortState = { field: 'registros', direction: 'desc' };
const SORT_FIELDS = ['codigoErp', 'descricaoErp', 'registros'] as const;
/** Columns hidden on phones (the description carries the ERP code and the count). */
const MOBILE_HIDDEN: readonly string[] = ['codigoErp', 'registros', 'situacao'];

/**
 * One matching screen (`/system/correspondencia-*`, GERENCIAR_CORRESPONDENCIA_PRODUTO), generic
 * over the kind: the selected company's ERP codes (unmatched first, then by products affected),
 * search and a pending/matched filter in the URL, and per row an autocomplete of Acervo's codes
 * with Salvar (`MatchEditor`; the save re-applies the match to the affected products). The BISAC
 * screen also has "Importar lista BISAC" (`BisacImportDialog`, with the report).
 */
function MatchPage({ screen }: { screen: MatchScreen }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: MATCH_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: SORT_FIELDS });
  const matches = useMatches(screen.path, list.query);
  const [importing, setImporting] = useState(false);
  const k = `matching.${screen.key}`;

  const columns = useMemo<GridColDef<MatchItem>[]>(
    () => [
      { field: 'codigoErp', headerName: t('matching.fields.codigoErp'), width: 120 },
      {
        field: 'descricaoErp',
        headerName: t(`${k}.source`),
        flex: 1,
        minWidth: mobile ? 132 : 200,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
              {row.descricaoErp ?? (screen.kind === 'SITUACAO' ? row.codigoErp : t('matching.placeholder'))}
            </Typography>
            {row.detalheErp && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                {row.detalheErp}
              </Typography>
            )}
            {mobile && (
              <>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('matching.mobileLine', { codigo: row.codigoErp, count: row.registros })}
                </Typography>
                <Chip size="small" sx={{ mt: 0.5, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, px: 0.75, fontSize: 12 } }} color={row.correspondido ? 'success' : 'warning'} label={row.correspondido ? t('matching.matched') : t('matching.pending')} />
              </>
            )}
          </Box>
        ),
      },
      { field: 'registros', headerName: t('matching.fields.registros'), width: 130, type: 'number' },
      {
        field: 'situacao',
        headerName: t('matching.fields.situacao'),
        sortable: false,
        width: 180,
        renderCell: ({ row }) => <Chip size="small" color={row.correspondido ? 'success' : 'warning'} label={row.correspondido ? t('matching.matched') : t('matching.pending')} />,
      },
      {
        field: 'editor',
        headerName: t(`${k}.target`),
        sortable: false,
        flex: 2,
        minWidth: mobile ? 210 : screen.kind === 'EDITORA' ? 380 : 300,
        renderCell: ({ row }) => <MatchEditor screen={screen} row={row} />,
      },
    ],
    [t, k, mobile, screen],
  );

  return (
    <Box>
      <PageHeader
        title={t(`${k}.title`)}
        subtitle={t(`${k}.subtitle`)}
        actions={
          screen.kind === 'CATEGORIA_BISAC' ? (
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              {t('matching.import.open')}
            </Button>
          ) : undefined
        }
      />
      <ListFilters
        idPrefix={`matching-${screen.key}`}
        textsKey="matching.filters"
        selects={[
          {
            key: 'pendentes',
            label: t('matching.filters.pendentes'),
            options: [
              { value: 'true', label: t('matching.filters.pendingOnly') },
              { value: 'false', label: t('matching.filters.matchedOnly') },
            ],
          },
        ]}
        value={list.filters}
        onApply={(filters) => list.setFilters(filters)}
        onClear={list.reset}
      />
      <DataTable<MatchItem>
        ariaLabel={t(`${k}.title`)}
        rows={(matches.data?.itens ?? []).map((row) => ({ ...row, id: row.codigoErp }))}
        rowCount={matches.data?.totalItens}
        columns={columns}
        loading={matches.isFetching}
        error={matches.isError}
        onRetry={() => void matches.refetch()}
        list={list}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      {screen.kind === 'CATEGORIA_BISAC' && <BisacImportDialog open={importing} onClose={() => setImporting(false)} />}
    </Box>
  );
}

/** The page component of one kind's screen (`ROUTE_MODULES` loads it by route id). */
export function matchPageComponent(kind: MatchKind): ComponentType {
  const screen = MATCH_SCREENS[kind];
  const Component = () => <MatchPage screen={screen} />;
  Component.displayName = `MatchPage(${kind})`;
  return Component;
}
