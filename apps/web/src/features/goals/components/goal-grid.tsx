import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { IdNome } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { MONTHS, cellKey, cellState, normalizeDraft, type CellKey, type CellState, type SheetTotals } from '../goal-sheet.ts';
import { formatCents } from '../money.ts';

/** Props of `GoalGrid`. */
export interface GoalGridProps {
  ano: number;
  /** Rows, in order. */
  empresas: readonly IdNome[];
  /** Saved goals by cell (cents). */
  saved: ReadonlyMap<CellKey, number>;
  /** Texts typed and not saved yet, by cell. */
  drafts: ReadonlyMap<CellKey, string>;
  /** Errors the server gave for cells of the last save, by cell. */
  serverErrors: ReadonlyMap<CellKey, string>;
  totals: SheetTotals;
  /** A cell's text changed (`undefined` puts the saved value back). */
  onDraft: (key: CellKey, text: string | undefined) => void;
  /** Narrow layout (phones): one card per company instead of the table. */
  narrow: boolean;
}

/** Everything one goal input needs. */
interface GoalCell {
  key: CellKey;
  state: CellState;
  /** The cell's own error or the server's, null when none. */
  error: string | null;
  /** Accessible name: month, year and company. */
  label: string;
  row: number;
  mes: number;
  onDraft: GoalGridProps['onDraft'];
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** Column widths (px) of the wide grid: two half-years of 6 months fit a 1366 px screen with the menu open. */
const COMPANY_WIDTH = 180;
const MONTH_WIDTH = 118;
const TOTAL_WIDTH = 140;

/** Text only assistive technology reads (a cell's error message). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * One goal input, shown and typed as `R$ 1.234,56`: focus selects its text (typing replaces it),
 * the text is formatted when it loses focus, a changed cell is tinted and a wrong one outlined in
 * red with its message as the input's description (and tooltip).
 */
function GoalCellInput({ cell, drafts, fullWidth = false }: { cell: GoalCell; drafts: ReadonlyMap<CellKey, string>; fullWidth?: boolean }) {
  const { key, state, error, onDraft } = cell;
  const errorId = `goal-error-${key.replace(':', '-')}`;
  return (
    <>
      <InputBase
        value={state.text}
        onChange={(event) => onDraft(key, event.target.value)}
        onBlur={() => {
          const draft = drafts.get(key);
          if (draft === undefined) return;
          if (!state.dirty && !state.error) onDraft(key, undefined);
          else {
            const normalized = normalizeDraft(draft);
            if (normalized !== draft) onDraft(key, normalized);
          }
        }}
        onFocus={(event) => event.target.select()}
        onKeyDown={(event) => cell.onKeyDown(event as KeyboardEvent<HTMLInputElement>)}
        error={error !== null}
        inputProps={{
          'aria-label': cell.label,
          'aria-invalid': error !== null,
          'aria-describedby': error ? errorId : undefined,
          'data-row': cell.row,
          'data-col': cell.mes,
          'data-dirty': state.dirty ? 'true' : undefined,
          inputMode: 'decimal',
          autoComplete: 'off',
          spellCheck: false,
          title: error ?? undefined,
        }}
        sx={(theme) => ({
          width: fullWidth ? '100%' : 118,
          fontSize: 14,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: state.dirty ? alpha(theme.palette.warning.main, 0.14) : 'background.paper',
          '&.Mui-focused': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}` },
          '& input': { textAlign: 'right', px: 1, py: 0.75, fontVariantNumeric: 'tabular-nums' },
        })}
      />
      {error && (
        <Box id={errorId} component="span" sx={visuallyHidden}>
          {error}
        </Box>
      )}
    </>
  );
}

/**
 * The goals grid (issue 6, part 6): January to December for every company, a total per company, a
 * total per month and the year total, every goal an input shown and typed as `R$ 1.234,56`.
 * - Wide screens: two tables, January–June above July–December (issue 15: one table of twelve
 *   months hid June to December at 1366 px behind a sideways scroll), companies as rows, the month
 *   totals in each footer and the year total per company in the second. The whole year fits from
 *   about 1,050 px of content; below that each half scrolls sideways inside its own box with the
 *   company (and total) column pinned. Tab / Shift+Tab move along a row; Enter / ↓ move to the
 *   next company in the same month (after the last company, to the first of the next month),
 *   Shift+Enter / ↑ back.
 * - Phones: one card per company with its twelve months in two columns and its total, then a card
 *   of the month totals. Tab and Enter / ↓ go to the next month (after December, to the next
 *   company's January), Shift+Enter / ↑ back.
 * Esc puts a cell's saved value back.
 */
export function GoalGrid({ ano, empresas, saved, drafts, serverErrors, totals, onDraft, narrow }: GoalGridProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const rows = empresas.length;

  const focusCell = (row: number, col: number) => {
    root.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`)?.focus();
  };

  /** Where Enter/↓ (step +1) and Shift+Enter/↑ (step -1) go from (row, col) in this layout. */
  const neighbour = (row: number, col: number, step: 1 | -1): [number, number] | null => {
    if (narrow) {
      const index = row * 12 + (col - 1) + step;
      return index < 0 || index >= rows * 12 ? null : [Math.floor(index / 12), (index % 12) + 1];
    }
    const nextRow = row + step;
    if (nextRow >= 0 && nextRow < rows) return [nextRow, col];
    const nextCol = col + step;
    if (nextCol < 1 || nextCol > 12) return null;
    return [step === 1 ? 0 : rows - 1, nextCol];
  };

  const cell = (empresa: IdNome, row: number, mes: number): GoalCell => {
    const key = cellKey(empresa.id, mes);
    const state = cellState(saved.get(key), drafts.get(key));
    return {
      key,
      state,
      error: state.error ?? (state.dirty ? (serverErrors.get(key) ?? null) : null),
      label: t('goals.cellLabel', { mes: t(`goals.months.long.${mes}`), ano, empresa: empresa.nome }),
      row,
      mes,
      onDraft,
      onKeyDown: (event) => {
        const down = (event.key === 'Enter' && !event.shiftKey) || event.key === 'ArrowDown';
        const up = (event.key === 'Enter' && event.shiftKey) || event.key === 'ArrowUp';
        if (down || up) {
          event.preventDefault();
          const target = neighbour(row, mes, down ? 1 : -1);
          if (target) focusCell(...target);
        } else if (event.key === 'Escape') {
          onDraft(key, undefined);
        }
      },
    };
  };

  if (narrow) {
    return (
      <Box ref={root} sx={{ display: 'grid', gap: 1.5 }} data-testid="goal-cards">
        {empresas.map((empresa, row) => (
          <Paper key={empresa.id} variant="outlined" component="section" aria-labelledby={`goal-card-${empresa.id}`} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
              <Typography id={`goal-card-${empresa.id}`} component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.25, minWidth: 0, overflowWrap: 'anywhere' }}>
                {empresa.nome}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid={`goal-total-${empresa.id}`}>
                {formatCents(totals.byCompany.get(empresa.id) ?? 0)}
              </Typography>
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 1.5, rowGap: 1 }}>
              {MONTHS.map((mes) => (
                <Box key={mes} component="label" sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
                  <Typography component="span" variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
                    {t(`goals.months.long.${mes}`)}
                  </Typography>
                  <GoalCellInput cell={cell(empresa, row, mes)} drafts={drafts} fullWidth />
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
        <Paper variant="outlined" component="section" aria-labelledby="goal-card-totals" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
            <Typography id="goal-card-totals" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('goals.monthTotal')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="goal-grand-total">
              {formatCents(totals.total)}
            </Typography>
          </Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0 }}>
            {MONTHS.map((mes) => (
              <Box key={mes} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`goals.months.long.${mes}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {formatCents(totals.byMonth[mes - 1])}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      </Box>
    );
  }

  const sticky = (side: 'left' | 'right', width: number, header = false) => ({
    position: 'sticky',
    [side]: 0,
    zIndex: header ? 3 : 2,
    bgcolor: 'background.paper',
    minWidth: width,
    maxWidth: width,
    width,
    boxShadow: side === 'left' ? 'inset -1px 0 0 rgba(0,0,0,0.12)' : 'inset 1px 0 0 rgba(0,0,0,0.12)',
  });
  const figure = { fontWeight: 700, color: 'text.primary', fontSize: 14, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

  /** One half of the year: its six months, and the year total column in the second half. */
  const half = (months: readonly number[], index: 0 | 1) => {
    const withTotal = index === 1;
    return (
      <TableContainer
        key={index}
        sx={{ maxWidth: '100%', overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, scrollPaddingLeft: COMPANY_WIDTH, scrollPaddingRight: withTotal ? TOTAL_WIDTH : 0 }}
        data-testid={`goal-grid-half-${index + 1}`}
      >
        <Table
          size="small"
          aria-label={t(index === 0 ? 'goals.gridLabelFirstHalf' : 'goals.gridLabelSecondHalf', { ano })}
          sx={{ tableLayout: 'fixed', minWidth: COMPANY_WIDTH + 6 * MONTH_WIDTH + (withTotal ? TOTAL_WIDTH : 0), '& td, & th': { px: 0.75 } }}
        >
          <colgroup>
            <col style={{ width: COMPANY_WIDTH }} />
            {months.map((mes) => (
              <col key={mes} />
            ))}
            {withTotal ? <col style={{ width: TOTAL_WIDTH }} /> : null}
          </colgroup>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ ...sticky('left', COMPANY_WIDTH, true), fontWeight: 700 }}>
                {t('goals.company')}
              </TableCell>
              {months.map((mes) => (
                <TableCell key={mes} component="th" scope="col" align="right" sx={{ fontWeight: 700 }}>
                  <abbr title={t(`goals.months.long.${mes}`)} style={{ textDecoration: 'none' }}>
                    {t(`goals.months.short.${mes}`)}
                  </abbr>
                </TableCell>
              ))}
              {withTotal && (
                <TableCell component="th" scope="col" align="right" sx={{ ...sticky('right', TOTAL_WIDTH, true), fontWeight: 700 }}>
                  {t('goals.total')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {empresas.map((empresa, row) => (
              <TableRow key={empresa.id} hover>
                <TableCell component="th" scope="row" sx={{ ...sticky('left', COMPANY_WIDTH), fontWeight: 600, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.25 }}>
                  {empresa.nome}
                </TableCell>
                {months.map((mes) => (
                  <TableCell key={mes} align="right" sx={{ py: 0.5 }}>
                    <GoalCellInput cell={cell(empresa, row, mes)} drafts={drafts} fullWidth />
                  </TableCell>
                ))}
                {withTotal && (
                  <TableCell align="right" sx={{ ...sticky('right', TOTAL_WIDTH), ...figure }} data-testid={`goal-total-${empresa.id}`}>
                    {formatCents(totals.byCompany.get(empresa.id) ?? 0)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ ...sticky('left', COMPANY_WIDTH), ...figure, whiteSpace: 'normal' }}>
                {t('goals.monthTotal')}
              </TableCell>
              {months.map((mes) => (
                <TableCell key={mes} align="right" sx={figure}>
                  {formatCents(totals.byMonth[mes - 1])}
                </TableCell>
              ))}
              {withTotal && (
                <TableCell align="right" sx={{ ...sticky('right', TOTAL_WIDTH), ...figure }} data-testid="goal-grand-total">
                  {formatCents(totals.total)}
                </TableCell>
              )}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    );
  };

  return (
    <Box ref={root} sx={{ display: 'grid', gap: 2 }} data-testid="goal-grid">
      {half(MONTHS.slice(0, 6), 0)}
      {half(MONTHS.slice(6), 1)}
    </Box>
  );
}
