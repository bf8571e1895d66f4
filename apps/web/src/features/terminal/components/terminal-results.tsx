import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TerminalItem } from '@acervo/contracts';
import { formatMoneyFromCents } from '../../../shared/format/format.ts';
import { CoverThumb } from '../../products/index.ts';

/** Id of the results list (the search box's `aria-controls`). */
export const RESULTS_ID = 'terminal-results';
/** Id of one result option (the box's `aria-activedescendant`). */
export const resultOptionId = (id: number) => `terminal-result-${id}`;

/** Props of `TerminalResults`. */
export interface TerminalResultsProps {
  items: readonly TerminalItem[];
  /** Index of the highlighted result (moved by the arrows in the box). */
  active: number;
  /** The title whose detail is open. */
  openId: number | null;
  /** A result was clicked. */
  onOpen: (index: number) => void;
}

/**
 * The results as a listbox driven from the search box (combobox pattern: focus stays in the box,
 * the arrows move the highlighted option, which scrolls into view): cover, title, subtitle,
 * authors, publisher, the selected company's stock (available and physical) and the price.
 */
export function TerminalResults({ items, active, openId, onOpen }: TerminalResultsProps) {
  const { t } = useTranslation();
  const activeId = items[active]?.id;
  useEffect(() => {
    if (activeId !== undefined) document.getElementById(resultOptionId(activeId))?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  return (
    <Box component="ul" role="listbox" id={RESULTS_ID} aria-label={t('terminal.results')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {items.map((item, index) => {
        const selected = index === active;
        const open = item.id === openId;
        return (
          <Box
            component="li"
            key={item.id}
            id={resultOptionId(item.id)}
            role="option"
            aria-selected={selected}
            onClick={() => onOpen(index)}
            sx={{
              display: 'grid',
              gridTemplateColumns: '36px minmax(0, 1fr) auto',
              gap: 1.5,
              alignItems: 'center',
              p: 1,
              borderRadius: 1,
              cursor: 'pointer',
              border: 1,
              borderColor: selected ? 'primary.main' : 'divider',
              bgcolor: open ? 'action.selected' : selected ? 'action.hover' : 'background.paper',
              outline: selected ? '2px solid' : 'none',
              outlineColor: 'primary.light',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <Box sx={{ width: 36, height: 52, bgcolor: 'grey.100', borderRadius: 0.5 }}>{item.capaUrl && <CoverThumb path={item.capaUrl} alt="" />}</Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                {item.titulo}
              </Typography>
              {item.subtitulo && (
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {item.subtitulo}
                </Typography>
              )}
              <Typography variant="caption" component="div" noWrap>
                {[item.autores.join('; '), item.editora].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {item.isbn13}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', display: 'grid', gap: 0.5, justifyItems: 'end' }}>
              <Chip
                size="small"
                color={item.estoque.disponivel > 0 ? 'success' : 'default'}
                variant={item.estoque.disponivel > 0 ? 'filled' : 'outlined'}
                label={t('terminal.item.stock', { disponivel: item.estoque.disponivel, fisico: item.estoque.fisico })}
              />
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                {item.precoCentavos !== null ? formatMoneyFromCents(item.precoCentavos, 'BRL') : t('terminal.item.noPrice')}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
