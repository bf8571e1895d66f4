import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import CloseIcon from '@mui/icons-material/Close';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { useTranslation } from 'react-i18next';
import { TERMINAL_QUERY_MAX } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { useListParams } from '../../../shared/list-params/use-list-params.ts';
import { useTerminalSearch, type TerminalSearchParams } from '../api/search-terminal.ts';
import { TERMINAL_FILTER_KEYS, TerminalFilters, type TerminalFilterValues } from '../components/terminal-filters.tsx';
import { RESULTS_ID, TerminalResults, resultOptionId } from '../components/terminal-results.tsx';
import { TerminalDetail } from '../components/terminal-detail.tsx';
import { OpportunityDialog } from '../components/opportunity-dialog.tsx';

/** Pause (ms) after the last key before the text is searched (issue 16: ~150 ms). */
export const TERMINAL_DEBOUNCE_MS = 150;
/** Results per page. */
export const TERMINAL_PAGE_SIZE = 20;
/** Id of the search box (`/` focuses it). */
export const SEARCH_INPUT_ID = 'terminal-search';

/** URL names of the Terminal's state: the text `q` and the filters. */
const URL_KEYS = ['q', ...TERMINAL_FILTER_KEYS] as const;

/**
 * The text searched for what is in the box: control characters (a paste from a spreadsheet brings
 * tabs and line breaks) become spaces, trimmed, cut at TERMINAL_QUERY_MAX characters, so a long or
 * pasted text searches its start instead of answering 400 with an error toast on every pause.
 */
export function searchText(value: string): string {
  return value.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim().slice(0, TERMINAL_QUERY_MAX).trim();
}

/**
 * True while a dialog is on screen. Hidden kept-mounted ones do not count: the phone's side menu
 * is a Drawer whose paper keeps `role="dialog"` in the page while closed.
 */
export function dialogOnScreen(): boolean {
  return [...document.querySelectorAll('[role="dialog"]')].some((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
}

/** True when a key typed there is text, not a shortcut (inputs, text areas, selects, editable content). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The Terminal (`/product/terminal`, ROLE_VISUALIZAR_TERMINAL): "do we have it?" answered as you
 * type. Keyboard first:
 * - the box has focus on arrival; `/` focuses it from anywhere on the page (not while typing in
 *   another field or with a dialog open);
 * - results follow the text after TERMINAL_DEBOUNCE_MS (a late answer for an older text is never
 *   shown: each text is its own query key);
 * - ↑/↓ move through the results, Enter opens the highlighted one's detail beside the list (below
 *   it on a phone) and moves focus there; Esc clears the box (Esc in the detail closes it and
 *   returns to the box);
 * - the text, the filters and the page live in the URL (`useListParams`, replacing the history
 *   entry while typing).
 * On a phone the filters fold under a "Filtros" button (with the number applied), so the results
 * start higher. States: empty (nothing asked: what to type), loading, error with retry, no result (with
 * "Registrar venda perdida" for the typed text), results with paging.
 */
export function TerminalPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: URL_KEYS, defaultPageSize: TERMINAL_PAGE_SIZE, pageSizeOptions: [TERMINAL_PAGE_SIZE], replace: true });
  const urlQ = list.filters.q ?? '';
  const [text, setText] = useState(urlQ);
  const [active, setActive] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [lostSaleOpen, setLostSaleOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const latest = useRef(list);
  latest.current = list;
  const written = useRef(urlQ);

  const writeQuery = (value: string) => {
    const q = searchText(value);
    written.current = q;
    const { q: _old, ...filters } = latest.current.filters;
    latest.current.setFilters(q ? { ...filters, q } : filters);
  };

  // the text reaches the URL (and the search) once the typing pauses
  useEffect(() => {
    if (searchText(text) === written.current) return;
    const timer = setTimeout(() => writeQuery(text), TERMINAL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // a URL changed from outside (Back, a shared link) puts its text in the box
  useEffect(() => {
    if (urlQ !== written.current) {
      written.current = urlQ;
      setText(urlQ);
    }
  }, [urlQ]);

  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || dialogOnScreen()) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const { filters } = list;
  const params = useMemo<TerminalSearchParams>(
    () => ({
      q: filters.q,
      page: list.page,
      pageSize: TERMINAL_PAGE_SIZE,
      idAssunto: filters.idAssunto,
      idEditora: filters.idEditora,
      situacao: filters.situacao,
      comEstoque: filters.comEstoque === 'true' ? 'true' : undefined,
      fraseExata: filters.fraseExata === 'true' ? 'true' : undefined,
    }),
    [filters, list.page],
  );
  const search = useTerminalSearch(params);
  const asked = search.isEnabled;
  const items = useMemo(() => (asked ? (search.data?.itens ?? []) : []), [asked, search.data]);
  const fresh = !search.isPlaceholderData;

  // a new answer highlights its first result
  useEffect(() => setActive(0), [search.data]);

  // on a phone the detail opens below the list: bring it into view
  useEffect(() => {
    if (openId !== null && mobile) detailRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [openId, mobile]);

  const open = (index: number) => {
    const item = items[index];
    if (!item) return;
    setActive(index);
    setOpenId(item.id);
    // the detail takes the focus so Tab reaches its buttons; `/` or Esc come back to the box
    requestAnimationFrame(() => detailRef.current?.focus({ preventScroll: !mobile }));
  };

  const clear = () => {
    setText('');
    writeQuery('');
    setOpenId(null);
    inputRef.current?.focus();
  };

  const onBoxKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, items.length - 1));
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter right after typing: search now instead of waiting for the pause
      if (searchText(text) !== written.current) writeQuery(text);
      else if (fresh) open(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    }
  };

  const onDetailKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !dialogOnScreen()) {
      event.preventDefault();
      setOpenId(null);
      inputRef.current?.focus();
    }
  };

  const setFilters = (next: TerminalFilterValues) => {
    const q = latest.current.filters.q;
    latest.current.setFilters(q ? { ...next, q } : next);
  };

  const page = search.data;
  /** Filters applied (the phone's "Filtros" button counts them). */
  const activeFilters = ['idAssunto', 'idEditora', 'situacao', 'comEstoque', 'fraseExata'].filter((key) => filters[key as keyof typeof filters]).length;
  const activeItem = items[active];
  const showNoResult = asked && fresh && search.isSuccess && items.length === 0;
  const typed = (filters.q ?? '').trim();

  return (
    <Box>
      <PageHeader title={t('terminal.title')} subtitle={t('terminal.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, display: 'grid', gap: 1.5 }}>
        <TextField
          inputRef={inputRef}
          id={SEARCH_INPUT_ID}
          label={t('terminal.searchLabel')}
          placeholder={t('terminal.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onBoxKey}
          fullWidth
          autoComplete="off"
          helperText={mobile ? undefined : t('terminal.shortcutHint')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': items.length > 0,
              'aria-controls': RESULTS_ID,
              'aria-activedescendant': items.length > 0 && activeItem ? resultOptionId(activeItem.id) : undefined,
              spellCheck: false,
              enterKeyHint: 'search',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={t('terminal.clear')} onClick={clear} edge="end">
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
              sx: { fontSize: '1.1rem' },
            },
          }}
        />
        {mobile ? (
          <>
            <Button size="small" startIcon={<TuneIcon />} onClick={() => setFiltersOpen((v) => !v)} aria-expanded={filtersOpen} aria-controls="terminal-filters" sx={{ justifySelf: 'start' }}>
              {t('terminal.filters.title')}
              {activeFilters > 0 ? ` (${activeFilters})` : ''}
            </Button>
            <Collapse in={filtersOpen} id="terminal-filters">
              <TerminalFilters value={filters} onChange={setFilters} />
            </Collapse>
          </>
        ) : (
          <TerminalFilters value={filters} onChange={setFilters} />
        )}
      </Paper>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: openId !== null ? 'minmax(0, 5fr) minmax(0, 7fr)' : '1fr' }, alignItems: 'start' }}>
        <Box component="section" aria-labelledby="terminal-results-title" sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, minHeight: 32 }}>
            <Typography id="terminal-results-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('terminal.results')}
            </Typography>
            {asked && page && (search.isFetching || page.totalItens > 0) && (
              <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
                {search.isFetching ? t('terminal.searching') : page.totalAproximado ? t('terminal.resultsMore', { count: page.totalItens }) : t('terminal.resultsCount', { count: page.totalItens })}
              </Typography>
            )}
          </Box>
          <Box sx={{ height: 4, mb: 1 }}>{search.isFetching && <LinearProgress aria-label={t('terminal.searching')} />}</Box>
          {!asked ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="terminal-empty">
              {t('terminal.empty')}
            </Typography>
          ) : search.isError && !page ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void search.refetch()}>
                  {t('terminal.retry')}
                </Button>
              }
            >
              {t('terminal.loadError')}
            </Alert>
          ) : showNoResult ? (
            <Alert
              severity="info"
              data-testid="terminal-no-result"
              action={
                typed ? (
                  <Button color="inherit" size="small" startIcon={<RemoveShoppingCartIcon />} onClick={() => setLostSaleOpen(true)}>
                    {t('terminal.registerLostSale')}
                  </Button>
                ) : undefined
              }
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('terminal.noResult', { q: typed || '…' })}
              </Typography>
              {typed && <Typography variant="body2">{t('terminal.noResultHint')}</Typography>}
            </Alert>
          ) : (
            <TerminalResults items={items} active={active} openId={openId} onOpen={open} />
          )}
          {asked && page && page.totalPage > 1 && items.length > 0 && (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
              <IconButton size="small" aria-label={t('terminal.previous')} disabled={list.page === 0} onClick={() => list.setPage(list.page - 1)}>
                <ChevronLeftIcon />
              </IconButton>
              <Typography variant="body2">{t('terminal.page', { page: list.page + 1, total: page.totalPage })}</Typography>
              <IconButton size="small" aria-label={t('terminal.next')} disabled={!page.proxima} onClick={() => list.setPage(list.page + 1)}>
                <ChevronRightIcon />
              </IconButton>
            </Box>
          )}
        </Box>
        {openId !== null && (
          <Box ref={detailRef} tabIndex={-1} onKeyDown={onDetailKey} sx={{ minWidth: 0, outline: 'none', scrollMarginTop: 72, position: { md: 'sticky' }, top: { md: 80 } }}>
            <TerminalDetail
              id={openId}
              onClose={() => {
                setOpenId(null);
                inputRef.current?.focus();
              }}
            />
          </Box>
        )}
      </Box>
      {lostSaleOpen && <OpportunityDialog open tipo="VENDA_PERDIDA" subject={{ kind: 'typed', text: typed }} onClose={() => setLostSaleOpen(false)} />}
    </Box>
  );
}
