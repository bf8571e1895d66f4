import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardTopTitle } from '@acervo/contracts';
import { formatMoneyFromCents } from '../../../shared/format/format.ts';

/** Props of `TopTitles`. */
export interface TopTitlesProps {
  titles: readonly DashboardTopTitle[];
}

/** The month's 10 best-selling titles (units, net value) with the company's stock on hand and available. */
export function TopTitles({ titles }: TopTitlesProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="dashboard-top-title">
      <Typography id="dashboard-top-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('home.dashboard.topTitle')}
      </Typography>
      <TableContainer>
        <Table size="small" data-testid="dashboard-top">
          <TableHead>
            <TableRow>
              <TableCell>{t('home.dashboard.title')}</TableCell>
              <TableCell align="right">{t('home.dashboard.units')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('home.dashboard.net')}
              </TableCell>
              <TableCell align="right">{t('home.dashboard.stock')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('home.dashboard.available')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {titles.map((row) => (
              <TableRow key={row.chave}>
                <TableCell sx={{ width: '100%', maxWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.titulo}>
                  {row.titulo}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{number.format(row.quantidade)}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatMoneyFromCents(row.valorCentavos, 'BRL')}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{number.format(row.estoque)}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {number.format(row.disponivel)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
