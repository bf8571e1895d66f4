import { useEffect, useMemo, useState, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { hasRole, pagedListSchema } from '@acervo/contracts';
import { z } from 'zod';
import { api, type QueryValue } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { useSession } from '../session/session-context.tsx';

/** One choice of a picker: `value` what the form sends (an id or a code), `label` what it shows. */
export interface PickerOption {
  value: number | string;
  label: string;
  /** The row it came from (e.g. a publisher with its imprints); absent for values not picked from the list. */
  data?: unknown;
}

/** Rows asked per search (the first page of the server's answer). */
export const PICKER_PAGE_SIZE = 20;
/** Pause (ms) after the last key before the search is sent. */
export const PICKER_DEBOUNCE_MS = 250;

const anyPageSchema = pagedListSchema(z.unknown());

/** Why a picker cannot search: the user lacks the endpoint's role, or the server has no such endpoint (404). */
export type PickerUnavailable = 'role' | 'missing' | null;

/** Options of `usePagedOptions`. */
export interface PagedOptionsParams {
  /** API path of a paged list taking `term` (`faixa-etaria`, `editora`, `produto`…). */
  path: string;
  /**
   * Role text the endpoint requires (a list: any one of them, as `pickerReadRoles` gives); without
   * it no call is made (a 403 would end the session, SPEC 8).
   */
  role?: string | readonly string[];
  /** Extra query (`status: 'true'`, `secao`…); part of the cache key. */
  query?: Record<string, QueryValue>;
  /** Maps one row of the answer to an option (rows it returns null for are skipped). */
  toOption: (row: unknown) => PickerOption | null;
  /** The text typed (searched after `PICKER_DEBOUNCE_MS`). */
  term: string;
  /** Search typed terms only while true (e.g. the list is open); the empty term is always fetched. */
  enabled: boolean;
}

/**
 * Server-side search of one paged list: `GET <path>?term=&page=0&pageSize=20&<query>`, debounced,
 * cached per term by TanStack Query, without the error toast or the global loading overlay.
 * @returns the options, the loading flag and why it cannot search (`role`, `missing` for a 404)
 */
export function usePagedOptions({ path, role, query, toOption, term, enabled }: PagedOptionsParams): { options: PickerOption[]; loading: boolean; unavailable: PickerUnavailable } {
  const { user } = useSession();
  const allowed = hasRole(user?.roles ?? [], role);
  const [debounced, setDebounced] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const result = useQuery({
    queryKey: ['picker', path, query ?? {}, debounced],
    queryFn: async ({ signal }) => anyPageSchema.parse(await api.get<unknown>(path, { query: { ...query, term: debounced, page: 0, pageSize: PICKER_PAGE_SIZE }, signal, toastErrors: false, area: false })),
    // also runs once closed, with the empty term: finds a missing endpoint early and warms the first page
    enabled: allowed && (enabled || debounced === ''),
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const options = useMemo(() => (result.data?.itens ?? []).map(toOption).filter((o): o is PickerOption => o !== null), [result.data, toOption]);
  const unavailable: PickerUnavailable = !allowed ? 'role' : result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 405) ? 'missing' : null;
  return { options, loading: result.isFetching, unavailable };
}

/** Props shared by both kinds of `PagedAutocomplete`. */
interface BaseProps {
  /** Input id (also its label's `for`). */
  id: string;
  label: string;
  path: string;
  /** Role the list requires; see `PagedOptionsParams.role`. */
  role?: string | readonly string[];
  query?: Record<string, QueryValue>;
  /** Keep it stable (module-level function or `useCallback`): it is a memo dependency. */
  toOption: (row: unknown) => PickerOption | null;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  /** Text under the field when the list cannot be searched (role missing or endpoint absent). */
  unavailableText?: string;
  /** Text of an empty result. */
  noOptionsText?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /**
   * Single choice only: when the list cannot be searched, a plain text input takes the code
   * instead (upper-cased; `{value: text, label: text}`), so a code field still works without its lookup.
   */
  freeTextFallback?: boolean;
  /** Extra attributes of the `<input>` (e.g. `data-col` for keyboard navigation). */
  htmlInputProps?: Record<string, string | number>;
}

/** Props of a single-choice `PagedAutocomplete`. */
export interface SinglePagedAutocompleteProps extends BaseProps {
  multiple?: false;
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
}

/** Props of a multiple-choice `PagedAutocomplete` (chips, in the order picked). */
export interface MultiPagedAutocompleteProps extends BaseProps {
  multiple: true;
  value: PickerOption[];
  onChange: (value: PickerOption[]) => void;
}

/** Props of `PagedAutocomplete`. */
export type PagedAutocompleteProps = SinglePagedAutocompleteProps | MultiPagedAutocompleteProps;

/**
 * The one picker over a server-paged list (auxiliary registers, publishers, lookups, BISAC,
 * catalogue): the text typed is sent as `term` (debounced), the first `PICKER_PAGE_SIZE` rows are
 * the options, nothing is filtered in the browser. The chosen option(s) stay shown even when the
 * current search does not return them. When the user lacks the endpoint's role, or the server
 * answers 404 (an endpoint not deployed yet), the field keeps its value, is disabled and says why
 * (`unavailableText`), instead of failing or ending the session.
 */
export function PagedAutocomplete(props: PagedAutocompleteProps) {
  const { id, label, path, role, query, toOption, error, helperText, disabled, required, placeholder, unavailableText, noOptionsText, onBlur, inputRef, freeTextFallback, htmlInputProps } = props;
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const { options, loading, unavailable } = usePagedOptions({ path, role, query, toOption, term, enabled: open });
  const selected = props.multiple ? props.value : props.value ? [props.value] : [];
  // chosen values first when the page does not hold them, so MUI never sees a value without its option
  const shown = useMemo(() => [...selected.filter((s) => !options.some((o) => o.value === s.value)), ...options], [selected, options]);
  const text = unavailable && unavailableText && !(freeTextFallback && !props.multiple) ? unavailableText : helperText;

  if (unavailable && freeTextFallback && !props.multiple) {
    const { onChange, value } = props;
    return (
      <TextField
        id={id}
        label={label}
        required={required}
        placeholder={placeholder}
        error={error}
        helperText={text}
        inputRef={inputRef}
        disabled={disabled}
        fullWidth
        value={value ? String(value.value) : ''}
        onBlur={onBlur}
        onChange={(e) => {
          const code = e.target.value.trim().toUpperCase();
          onChange(code ? { value: code, label: code } : null);
        }}
        slotProps={{ htmlInput: htmlInputProps }}
      />
    );
  }

  // a chosen label wider than the field ends in an ellipsis; the whole label shows on hover
  const chosenLabel = !props.multiple && props.value ? props.value.label : undefined;
  const common = {
    id,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    options: shown,
    loading,
    fullWidth: true,
    disabled: disabled || unavailable !== null,
    filterOptions: (o: PickerOption[]) => o,
    getOptionLabel: (o: PickerOption) => o.label,
    isOptionEqualToValue: (a: PickerOption, b: PickerOption) => a.value === b.value,
    getOptionKey: (o: PickerOption) => String(o.value),
    noOptionsText,
    onInputChange: (_: unknown, next: string, reason: string) => {
      if (reason === 'input') setTerm(next);
      else if (reason === 'reset' || reason === 'clear') setTerm('');
    },
    onBlur,
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={label}
        required={required}
        placeholder={placeholder}
        error={error}
        helperText={text}
        inputRef={inputRef}
        slotProps={{
          ...params.slotProps,
          htmlInput: { ...params.slotProps.htmlInput, title: chosenLabel, style: { textOverflow: 'ellipsis' }, ...htmlInputProps },
          input: {
            ...params.slotProps.input,
            endAdornment: (
              <>
                {loading ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                {params.slotProps.input.endAdornment}
              </>
            ),
          },
        }}
      />
    ),
  };

  if (props.multiple) {
    const { onChange, value } = props;
    return <Autocomplete<PickerOption, true> {...common} multiple value={value} onChange={(_, next) => onChange(next)} />;
  }
  const { onChange, value } = props;
  return <Autocomplete<PickerOption, false> {...common} value={value} onChange={(_, next) => onChange(next)} />;
}
