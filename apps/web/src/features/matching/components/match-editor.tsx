import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import type { MatchItem, MatchOption } from '@acervo/contracts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useMatchOptions, useSaveMatch } from '../api/matching-api.ts';
import type { MatchScreen } from '../matching-kinds.ts';

/** Pause (ms) after the last key before the picker searches. */
const DEBOUNCE_MS = 250;

/** Props of `MatchEditor`. */
export interface MatchEditorProps {
  screen: MatchScreen;
  row: MatchItem;
}

/** The option a row starts with: its saved match, else the proposal (the ERP's own code, when Acervo has it). */
function initialOption(row: MatchItem): MatchOption | null {
  if (row.codigoAcervo !== null) return { codigo: row.codigoAcervo, descricao: row.descricaoAcervo ?? row.codigoAcervo };
  return row.sugestao;
}

/**
 * The editing cell of one ERP code: an autocomplete of Acervo's codes (`GET <path>/opcoes?term`,
 * searched as typed), the Metabooks and Bookinfo flags on the publisher screen, and Salvar, which
 * saves this row alone (`PUT <path>`) and shows the SPEC 8 toast ('Correspondência de editora
 * atualizada com sucesso!' and its analogues, with the count of products updated). A new publisher
 * match sends the flags only when the user changed them (the server then takes the publisher's own
 * flags). Keys typed here
 * stay here (the grid would take arrows and space for its own navigation).
 */
export function MatchEditor({ screen, row }: MatchEditorProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<MatchOption | null>(() => initialOption(row));
  const [input, setInput] = useState(() => initialOption(row)?.descricao ?? '');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [metabooks, setMetabooks] = useState(row.indMetabooks);
  const [bookinfo, setBookinfo] = useState(row.indBookinfo);
  // on a new match the server takes the publisher's own flags unless the user set them here
  const [flagsTouched, setFlagsTouched] = useState(false);
  useEffect(() => {
    setValue(initialOption(row));
    setInput(initialOption(row)?.descricao ?? '');
    setTyped('');
    setMetabooks(row.indMetabooks);
    setBookinfo(row.indBookinfo);
    setFlagsTouched(false);
  }, [row]);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useMatchOptions(screen.path, term, open);
  const save = useSaveMatch(screen.path);
  const publisher = screen.kind === 'EDITORA';
  const changed = value !== null && (value.codigo !== row.codigoAcervo || (publisher && (metabooks !== row.indMetabooks || bookinfo !== row.indBookinfo)));
  const label = t(`matching.${screen.key}.target`);

  const submit = () => {
    if (!value) return;
    save.mutate(
      { codigoErp: row.codigoErp, codigoAcervo: value.codigo, ...(publisher && (row.correspondido || flagsTouched) ? { indMetabooks: metabooks, indBookinfo: bookinfo } : {}) },
      { onSuccess: (answer) => toast.success(`${t(`matching.${screen.key}.saved`)} ${t('matching.productsUpdated', { count: answer.produtosAtualizados })}`) },
    );
  };

  return (
    <Box onKeyDown={(e) => e.stopPropagation()} onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, width: '100%' }}>
      <Autocomplete<MatchOption>
        size="small"
        sx={{ flex: '1 1 200px', minWidth: 180 }}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        value={value}
        onChange={(_e, next) => setValue(next)}
        inputValue={input}
        onInputChange={(_e, next, reason) => {
          setInput(next);
          // only typed text searches (choosing an option writes its label into the input)
          if (reason === 'input' || reason === 'clear') setTyped(next);
        }}
        options={options.data ?? (value ? [value] : [])}
        filterOptions={(o) => o}
        isOptionEqualToValue={(a, b) => a.codigo === b.codigo}
        getOptionLabel={(o) => o.descricao}
        loading={options.isFetching}
        noOptionsText={t('matching.noOptions')}
        loadingText={t('matching.loadingOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            placeholder={value ? undefined : t('matching.pick')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('matching.targetOf', { target: label, codigo: row.codigoErp }) },
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <>
                    {options.isFetching ? <CircularProgress color="inherit" size={16} aria-hidden /> : null}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      {publisher && (
        <Box sx={{ display: 'flex' }}>
          <FormControlLabel control={<Checkbox size="small" checked={metabooks} onChange={(e) => {
                    setMetabooks(e.target.checked);
                    setFlagsTouched(true);
                  }} />} label="Metabooks" />
          <FormControlLabel control={<Checkbox size="small" checked={bookinfo} onChange={(e) => {
                    setBookinfo(e.target.checked);
                    setFlagsTouched(true);
                  }} />} label="Bookinfo" />
        </Box>
      )}
      <Button variant="contained" size="small" startIcon={<SaveIcon />} disabled={!changed || save.isPending} onClick={submit} aria-label={t('matching.saveLabel', { codigo: row.codigoErp })}>
        {t('matching.save')}
      </Button>
    </Box>
  );
}
