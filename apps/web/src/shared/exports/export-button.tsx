import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import CsvIcon from '@mui/icons-material/DescriptionOutlined';
import ExcelIcon from '@mui/icons-material/GridOnOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast/toast.tsx';
import { EXPORT_QUEUE_KEY, postExport, type ExportKind } from './export-api.ts';

/**
 * Asks the export queue for a file of report `origem` with the screen's filters
 * (`POST fila-exportacao/csv|excel`), shows the SPEC 8 "export requested" toast and refreshes the
 * Downloads badge and list. Errors show the API's error toast.
 * @param origem the report and tab, e.g. `relatorio/estoque`
 * @param filtros the report's query as the screen sends it to its GET route (paging is ignored)
 * @returns a mutation: `mutate('csv' | 'excel')`, `isPending`
 */
export function useRequestExport(origem: string, filtros: Record<string, unknown>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ExportKind) => postExport(kind, origem, filtros),
    onSuccess: () => {
      toast.success(t('exports.requested'));
      void queryClient.invalidateQueries({ queryKey: [EXPORT_QUEUE_KEY] });
    },
  });
}

/** Props of `ExportButton`. */
export interface ExportButtonProps {
  /** The report and tab (`origem`). */
  origem: string;
  /** The report's current filters and sort. */
  filtros: Record<string, unknown>;
  disabled?: boolean;
}

/**
 * "Exportar" button of a report: a menu with CSV and Excel; each asks the export queue
 * (`useRequestExport`). The file is then in the top bar's Downloads drawer.
 */
export function ExportButton({ origem, filtros, disabled }: ExportButtonProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const request = useRequestExport(origem, filtros);
  const choose = (kind: ExportKind) => {
    setAnchor(null);
    request.mutate(kind);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={disabled || request.isPending}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
      >
        {t('exports.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('csv')}>
          <ListItemIcon>
            <CsvIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('exports.csv')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('excel')}>
          <ListItemIcon>
            <ExcelIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('exports.excel')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
