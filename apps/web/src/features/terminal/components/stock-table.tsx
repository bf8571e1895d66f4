import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { TerminalCompanyStock, TerminalStockFigures } from '@acervo/contracts';

/** The stock columns, in the order the table shows them. */
export const STOCK_COLUMNS = ['fisico', 'reservado', 'consignado', 'bloqueado', 'pedidoCompra', 'virtual', 'disponivel'] as const satisfies readonly (keyof TerminalStockFigures)[];

/** Props of `StockTable`. */
export interface StockTableProps {
  estoques: readonly TerminalCompanyStock[];
  estoqueRede: TerminalStockFigures;
  /** The selected company (its row is marked). */
  selectedCompanyId: number | null;
}

/**
 * Stock of the title in each company of the user and the network total (units), with a help
 * tooltip stating the two formulas: virtual = físico − reservado + pedido de compra, disponível =
 * físico − reservado − bloqueado (computed by the server, docs/terminal-search.md). Column heads
 * are short (`Reserv.`, `Ped. compra`) with the whole name in an `abbr` title, so the eight columns
 * fit beside the results at 1366 px. Scrolls
 * sideways on a phone (the region is focusable so the keyboard can scroll it too).
 */
export function StockTable({ estoques, estoqueRede, selectedCompanyId }: StockTableProps) {
  const { t, i18n } = useTranslation();
  const integer = new Intl.NumberFormat(i18n.language);
  const titleId = 'terminal-stock-title';
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography id={titleId} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {t('terminal.stock.title')}
        </Typography>
        <Tooltip title={t('terminal.stock.help')} describeChild>
          <IconButton size="small" aria-label={t('terminal.stock.helpLabel')}>
            <HelpOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {estoques.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('terminal.stock.none')}
        </Typography>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-labelledby={titleId} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId} data-testid="terminal-stock-table" sx={{ '& td, & th': { px: 0.75, whiteSpace: 'nowrap' }, '& tbody th, & tfoot th': { whiteSpace: 'normal', minWidth: 96 } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('terminal.stock.empresa')}
                </TableCell>
                {STOCK_COLUMNS.map((column) => (
                  <TableCell key={column} component="th" scope="col" align="right" sx={column === 'disponivel' ? { fontWeight: 700 } : undefined}>
                    <Box component="abbr" title={t(`terminal.stock.${column}`)} sx={{ textDecoration: 'none' }}>
                      {t(`terminal.stock.short.${column}`)}
                    </Box>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {estoques.map((row) => (
                <TableRow key={row.idEmpresa} selected={row.idEmpresa === selectedCompanyId}>
                  <TableCell component="th" scope="row">
                    {row.empresa}
                  </TableCell>
                  {STOCK_COLUMNS.map((column) => (
                    <TableCell key={column} align="right" sx={column === 'disponivel' ? { fontWeight: 700 } : undefined}>
                      {integer.format(row[column])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {t('terminal.stock.network')}
                </TableCell>
                {STOCK_COLUMNS.map((column) => (
                  <TableCell key={column} align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>
                    {integer.format(estoqueRede[column])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
