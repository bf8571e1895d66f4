import { Suspense, lazy, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useBlocker, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { GOAL_MAX_YEAR, GOAL_MIN_YEAR, goalSaveRequestSchema, type GoalYear } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { useGoals } from '../api/get-goals.ts';
import { useSaveGoals } from '../api/save-goals.ts';
import { GoalGrid } from '../components/goal-grid.tsx';
import { GoalHistory } from '../components/goal-history.tsx';
import { ClosingDays } from '../components/closing-days.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import { YearPicker } from '../components/year-picker.tsx';
import { savedGoals, sheetChanges, sheetTotals, type CellKey } from '../goal-sheet.ts';

/** The monthly totals chart: MUI X Charts, fetched only when the goals screen shows. */
const GoalChart = lazy(async () => ({ default: (await import('../components/goal-chart.tsx')).GoalChart }));

/** Height the chart takes, so nothing moves when it arrives. */
const CHART_HEIGHT = 268;

/**
 * The year of the address (`?ano=2026`): four digits within GOAL_MIN_YEAR … GOAL_MAX_YEAR, the
 * current year otherwise.
 */
export function yearFromSearch(value: string | null, currentYear: number): number {
  if (value && /^\d{4}$/.test(value)) {
    const year = Number(value);
    if (year >= GOAL_MIN_YEAR && year <= GOAL_MAX_YEAR) return year;
  }
  return currentYear;
}

/**
 * Goals screen (`/system/goal`, ROLE_VISUALIZAR_METAS; issue 6, part 6): the year picker (the year
 * lives in the address as `?ano=`), the editable grid of `GET meta` (companies × months, in
 * `R$ 1.234,56`), Save (`PUT meta` with the changed cells only), a chart of the monthly totals and
 * the history of the chosen company's goals of that year.
 */
export function GoalPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const ano = yearFromSearch(params.get('ano'), currentYear);
  const goals = useGoals(ano);
  const setYear = (year: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('ano', String(year));
      return next;
    });
  const yearPicker = <YearPicker value={ano} currentYear={currentYear} onChange={setYear} />;

  let content: ReactNode;
  if (goals.isError) {
    content = (
      <>
        <Toolbar start={yearPicker} />
        <Alert severity="error" action={<Button onClick={() => void goals.refetch()}>{t('goals.retry')}</Button>}>
          {t('goals.loadError')}
        </Alert>
      </>
    );
  } else if (!goals.data) {
    content = (
      <>
        <Toolbar start={yearPicker} />
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('goals.title')} />
        </Box>
      </>
    );
  } else {
    content = <GoalEditor key={ano} data={goals.data} ano={ano} yearPicker={yearPicker} />;
  }

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('goals.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('goals.subtitle')}
        </Typography>
      </Box>
      {content}
    </Box>
  );
}

/** The row above the grid: the year picker first, the save actions at the end. */
function Toolbar({ start, end }: { start: ReactNode; end?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mb: 2 }}>
      {start}
      {end && <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, ml: 'auto' }}>{end}</Box>}
    </Box>
  );
}

/** Props of `GoalEditor`. */
interface GoalEditorProps {
  data: GoalYear;
  ano: number;
  yearPicker: ReactNode;
}

/**
 * The editing state of one year: typed texts by cell until saved, the server's field errors of
 * the last save, and the guard against leaving (another year, another screen, reload) with
 * unsaved changes. Ctrl+S saves.
 */
function GoalEditor({ data, ano, yearPicker }: GoalEditorProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const narrow = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const save = useSaveGoals();
  const [drafts, setDrafts] = useState<Map<CellKey, string>>(() => new Map());
  const [serverErrors, setServerErrors] = useState<Map<CellKey, string>>(() => new Map());
  const editor = useRef<HTMLDivElement>(null);

  const companyIds = useMemo(() => data.empresas.map((e) => e.id), [data.empresas]);
  const saved = useMemo(() => savedGoals(data), [data]);
  const changes = useMemo(() => sheetChanges(ano, companyIds, saved, drafts), [ano, companyIds, saved, drafts]);
  const totals = useMemo(() => sheetTotals(companyIds, saved, drafts), [companyIds, saved, drafts]);
  const pending = changes.items.length + changes.invalid.length;
  const dirty = pending > 0;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onDraft = (key: CellKey, text: string | undefined) => {
    setDrafts((previous) => {
      const next = new Map(previous);
      if (text === undefined) next.delete(key);
      else next.set(key, text);
      return next;
    });
    if (serverErrors.has(key)) {
      setServerErrors((previous) => {
        const next = new Map(previous);
        next.delete(key);
        return next;
      });
    }
  };

  const focusKey = (key: CellKey) => {
    const [idEmpresa, mes] = key.split(':').map(Number);
    const row = companyIds.indexOf(idEmpresa);
    editor.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${mes}"]`)?.focus();
  };

  const companyName = (id: number) => data.empresas.find((e) => e.id === id)?.nome ?? String(id);

  const onSave = async () => {
    if (save.isPending) return;
    if (changes.invalid.length > 0) {
      toast.error(t('goals.fixInvalid'));
      focusKey(changes.invalid[0]);
      return;
    }
    if (changes.items.length === 0) {
      toast.info(t('goals.nothingToSave'));
      return;
    }
    const body = { ano, itens: changes.items.map((entry) => entry.item) };
    const fieldLabels: Record<string, string> = {};
    changes.items.forEach((entry, index) => {
      const label = `${companyName(entry.item.idEmpresa)} – ${t(`goals.months.long.${entry.item.mes}`)}`;
      for (const field of ['idEmpresa', 'ano', 'mes', 'valor']) fieldLabels[`itens.${index}.${field}`] = label;
    });
    // the request schema the server validates with, so a rule it holds is caught here first
    const checked = goalSaveRequestSchema.safeParse(body);
    const keyOf = (path: readonly PropertyKey[]) => (path[0] === 'itens' && typeof path[1] === 'number' ? changes.items[path[1]]?.key : undefined);
    if (!checked.success) {
      const errors = new Map<CellKey, string>();
      for (const issue of checked.error.issues) {
        const key = keyOf(issue.path);
        if (key) errors.set(key, issue.message);
      }
      setServerErrors(errors);
      toast.error(checked.error.issues[0].message);
      return;
    }
    try {
      await save.mutateAsync({ body: checked.data, fieldLabels });
      setDrafts(new Map());
      setServerErrors(new Map());
      toast.success(t('goals.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const errors = new Map<CellKey, string>();
      for (const message of error.fieldMessages) {
        const key = keyOf(message.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
        if (key) errors.set(key, message.message);
      }
      setServerErrors(errors);
      const first = [...errors.keys()][0];
      if (first) focusKey(first);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void onSave();
    }
  };

  const status = dirty ? (
    <Chip color="warning" variant="outlined" label={t('goals.unsaved', { count: pending })} data-testid="goal-unsaved" sx={{ fontWeight: 600, color: 'warning.dark', borderColor: 'warning.dark' }} />
  ) : (
    <Chip icon={<CheckCircleOutlineIcon />} variant="outlined" label={t('goals.allSaved')} data-testid="goal-unsaved" sx={{ color: 'text.secondary' }} />
  );

  const discard = () => {
    setDrafts(new Map());
    setServerErrors(new Map());
  };

  const actions = (
    <>
      <Box role="status" aria-live="polite">
        {status}
      </Box>
      {narrow ? (
        <Tooltip title={t('goals.discard')}>
          <span>
            <IconButton aria-label={t('goals.discard')} onClick={discard} disabled={!dirty || save.isPending}>
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<UndoIcon />} onClick={discard} disabled={!dirty || save.isPending}>
          {t('goals.discard')}
        </Button>
      )}
      <Button variant="contained" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />} onClick={() => void onSave()} disabled={!dirty || save.isPending}>
        {save.isPending ? t('goals.saving') : t('goals.save')}
      </Button>
    </>
  );

  return (
    <Box ref={editor} onKeyDown={onKeyDown} sx={{ minWidth: 0 }}>
      {/* on a phone the actions follow the cards in a bar that stays at the bottom of the screen */}
      <Toolbar start={yearPicker} end={narrow ? undefined : actions} />
      {data.empresas.length === 0 ? (
        <Alert severity="info">{t('goals.empty')}</Alert>
      ) : (
        <>
          <GoalGrid ano={ano} empresas={data.empresas} saved={saved} drafts={drafts} serverErrors={serverErrors} totals={totals} onDraft={onDraft} narrow={narrow} />
          {narrow && (
            <Paper elevation={3} sx={{ position: 'sticky', bottom: 8, zIndex: 4, mt: 1.5, p: 1, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
              {actions}
            </Paper>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t(narrow ? 'goals.keyboardHintCards' : 'goals.keyboardHint')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, mt: 2 }}>
            <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
                <GoalChart ano={ano} byMonth={totals.byMonth} />
              </Suspense>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <GoalHistory ano={ano} empresas={data.empresas} />
            </Paper>
          </Box>
          {user?.idEmpresa && (
            <Paper variant="outlined" sx={{ p: 2, mt: 2, minWidth: 0 }}>
              <ClosingDays idEmpresa={user.idEmpresa} empresa={data.empresas.find((e) => e.id === user.idEmpresa)?.nome} ano={ano} />
            </Paper>
          )}
        </>
      )}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('goals.leaveTitle')}
        message={t('goals.leaveMessage')}
        confirmLabel={t('goals.leaveConfirm')}
        cancelLabel={t('goals.leaveCancel')}
        confirmColor="warning"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </Box>
  );
}
