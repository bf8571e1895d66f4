import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SendIcon from '@mui/icons-material/Send';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import { ORDER_MAX_QUANTITY, REQUIRED, orderLineNet, type OrderClient, type OrderCreateRequest, type OrderProduct } from '@acervo/contracts';
import { formatMoneyFromCents } from '../../../shared/format/format.ts';
import { PagedAutocomplete, type PickerOption } from '../../../shared/forms/paged-autocomplete.tsx';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { searchOrderProducts, useCreateOrder, useOrderOptions } from '../api/orders-api.ts';
import { clientOption } from '../components/client-option.ts';

/** One line of the form: the product as the search answered it, and what the user typed. */
interface FormLine {
  idProduto: number;
  product: OrderProduct;
  quantidade: string;
  precoUnitarioCentavos: number;
  descontoPercentual: string;
}

/** The form's values; names are the wire names so server errors land on them (`itens.2.descontoPercentual`). */
interface OrderFormValues {
  idCliente: PickerOption | null;
  idVendedor: string;
  idFormaPagamento: string;
  idTransportadora: string;
  idTipoOperacaoFiscal: string;
  observacao: string;
  itens: FormLine[];
}

/** Wire fields the form shows errors under (roots of `itens.N.*` included). */
const FORM_FIELDS = ['idCliente', 'idVendedor', 'idFormaPagamento', 'idTransportadora', 'idTipoOperacaoFiscal', 'observacao', 'itens'] as const;
const toClientOption = (row: unknown): PickerOption | null => clientOption(row as OrderClient);
const brl = (cents: number) => formatMoneyFromCents(cents, 'BRL');

/** A typed whole number of units (NaN when not one). */
function units(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
}

/** A typed discount percent, comma or point (NaN when not a number). */
function percent(text: string): number {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return 0;
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : NaN;
}

/** A new `Idempotency-Key` for one order being typed (kept across retries of its submit). */
function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Create sales order (`/pedido/pedido-venda/cadastrar`, CRIAR_PEDIDOS). Client search over
 * `GET cliente`; seller from `GET usuario/vendedor` (the signed-in user when they are a seller);
 * payment form, carrier and fiscal operation from the company's ERP records. Items are added
 * keyboard-first in one entry box: a scanned barcode plus Enter adds the product (again: one more
 * unit), words plus Enter search the titles (one hit is added; several open a list chosen with
 * ↑ ↓ Enter); focus always returns to the box. Each line shows its available stock (a warning,
 * not a block, when the quantity exceeds it), the unit price from the ERP, the discount limited by
 * the product's maximum, and its total; totals in BRL below. Ctrl+Enter or "Enviar pedido" submits
 * with the form's `Idempotency-Key`; the server's 400 messages show under their field or line.
 */
export function OrderCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { paymentForms, carriers, fiscalOperations, sellers } = useOrderOptions();
  const create = useCreateOrder();
  const [key, setKey] = useState(newKey);
  const form = useForm<OrderFormValues>({
    defaultValues: { idCliente: null, idVendedor: '', idFormaPagamento: '', idTransportadora: '', idTipoOperacaoFiscal: '', observacao: '', itens: [] },
  });
  const { control, register, setValue, getValues, setError, clearErrors, handleSubmit, formState } = form;
  const lines = useFieldArray({ control, name: 'itens' });
  const watched = useWatch({ control, name: 'itens' });

  // defaults once the lists arrive: the user as seller when they are one; a single choice preselected
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || !sellers.data || !paymentForms.data || !fiscalOperations.data) return;
    defaulted.current = true;
    const self = sellers.data.find((s) => s.id === user?.id);
    if (self) setValue('idVendedor', String(self.id));
    if (paymentForms.data.length === 1) setValue('idFormaPagamento', String(paymentForms.data[0].id));
    if (fiscalOperations.data.length > 0) setValue('idTipoOperacaoFiscal', String(fiscalOperations.data[0].id));
  }, [sellers.data, paymentForms.data, fiscalOperations.data, user?.id, setValue]);

  // ---------------------------------------------------------------- item entry
  const entryRef = useRef<HTMLInputElement>(null);
  const [entry, setEntry] = useState('');
  const [entryMessage, setEntryMessage] = useState<string | null>(null);
  const [results, setResults] = useState<OrderProduct[]>([]);
  const [highlight, setHighlight] = useState(0);
  // Searches run one after the other, none dropped: a scanner sends its next code + Enter without
  // waiting for the previous answer (see `search`).
  const searches = useRef<Promise<void>>(Promise.resolve());

  const focusEntry = () => setTimeout(() => entryRef.current?.focus(), 0);

  /**
   * Adds `product` as a line, or one more unit of its line. `term`, when the product came from a
   * search: the entry box is emptied only while it still holds that term, so what the user (or the
   * scanner) typed since the search began is kept.
   */
  const addProduct = (product: OrderProduct, term?: string) => {
    setResults([]);
    if (!product.ativo) {
      setEntryMessage(t('orders.form.entryInactive', { titulo: product.titulo }));
      return focusEntry();
    }
    const current = getValues('itens');
    const index = current.findIndex((l) => l.idProduto === product.idProduto);
    if (index >= 0) {
      const next = units(current[index].quantidade);
      setValue(`itens.${index}.quantidade`, String(Number.isNaN(next) ? 1 : next + 1), { shouldDirty: true });
    } else {
      lines.append({ idProduto: product.idProduto, product, quantidade: '1', precoUnitarioCentavos: product.precoUnitarioCentavos, descontoPercentual: '0' }, { shouldFocus: false });
    }
    clearErrors('itens');
    setEntry((current) => (term === undefined || current.trim() === term ? '' : current));
    setEntryMessage(null);
    focusEntry();
  };

  /**
   * Enter in the entry box: searches its text (`GET pedido-venda/produto`). A scanned code (digits,
   * hyphens or spaces only) leaves the box at once, before the answer, so the next scan starts in an
   * empty box instead of joining this one; words stay until a product is added, to be corrected when
   * nothing is found. Each search waits for the one before it, so lines keep the scanning order.
   */
  const search = () => {
    const term = entry.trim();
    if (!term) return;
    if (/^[\d\s-]+$/.test(term)) setEntry('');
    searches.current = searches.current.then(async () => {
      try {
        const found = await searchOrderProducts(term);
        if (found.length === 0) setEntryMessage(t('orders.form.entryNotFound', { term }));
        else if (found.length === 1) addProduct(found[0], term);
        else {
          setResults(found);
          setHighlight(0);
          setEntryMessage(null);
        }
      } catch {
        setEntryMessage(t('orders.form.entryError'));
      }
    });
  };

  const onEntryKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.ctrlKey) {
      event.preventDefault();
      if (results.length > 0) addProduct(results[highlight]);
      else search();
    } else if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setHighlight((h) => Math.min(results.length - 1, h + 1));
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setHighlight((h) => Math.max(0, h - 1));
    } else if (event.key === 'Escape' && results.length > 0) {
      event.preventDefault();
      setResults([]);
    }
  };

  /** Enter in a line's input goes back to the entry box (the next scan). */
  const onLineKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.ctrlKey) {
      event.preventDefault();
      focusEntry();
    }
  };

  // ---------------------------------------------------------------- totals
  const totals = useMemo(() => {
    let gross = 0;
    let discount = 0;
    let unitsTotal = 0;
    for (const line of watched ?? []) {
      const q = units(line.quantidade);
      const d = percent(line.descontoPercentual);
      if (Number.isNaN(q)) continue;
      unitsTotal += q;
      gross += q * line.precoUnitarioCentavos;
      if (!Number.isNaN(d) && d <= 100) discount += orderLineNet({ quantidade: q, precoUnitarioCentavos: line.precoUnitarioCentavos, descontoPercentual: d }).descontoCentavos;
    }
    return { gross, discount, net: gross - discount, units: unitsTotal };
  }, [watched]);

  // ---------------------------------------------------------------- submit
  const submit = handleSubmit(async (values) => {
    let ok = true;
    const required = t('orders.form.required');
    if (!values.idCliente) (setError('idCliente', { type: 'required', message: required }), (ok = false));
    if (!values.idFormaPagamento) (setError('idFormaPagamento', { type: 'required', message: required }), (ok = false));
    if (!values.idTipoOperacaoFiscal) (setError('idTipoOperacaoFiscal', { type: 'required', message: required }), (ok = false));
    if (values.itens.length === 0) (setError('itens', { type: 'required', message: t('orders.form.emptyItems') }), (ok = false));
    values.itens.forEach((line, i) => {
      const q = units(line.quantidade);
      if (Number.isNaN(q) || q < 1 || q > ORDER_MAX_QUANTITY) (setError(`itens.${i}.quantidade`, { type: 'range', message: `1 – ${ORDER_MAX_QUANTITY.toLocaleString('pt-BR')}` }), (ok = false));
      const d = percent(line.descontoPercentual);
      const max = line.product.percentualDescontoMaximo ?? 100;
      if (Number.isNaN(d) || d < 0 || d > max) (setError(`itens.${i}.descontoPercentual`, { type: 'range', message: t('orders.form.descontoMax', { max: max.toLocaleString('pt-BR') }) }), (ok = false));
    });
    if (!ok) return toast.error(t('orders.form.fixErrors'));
    const body: OrderCreateRequest = {
      idCliente: Number(values.idCliente!.value),
      idVendedor: values.idVendedor ? Number(values.idVendedor) : null,
      idFormaPagamento: Number(values.idFormaPagamento),
      idTransportadora: values.idTransportadora ? Number(values.idTransportadora) : null,
      idTipoOperacaoFiscal: Number(values.idTipoOperacaoFiscal),
      itens: values.itens.map((l) => ({ idProduto: l.idProduto, quantidade: units(l.quantidade), precoUnitarioCentavos: l.precoUnitarioCentavos, descontoPercentual: percent(l.descontoPercentual) })),
      observacao: values.observacao.trim() || null,
    };
    try {
      const order = await create.mutateAsync({ body, key });
      toast.success(t('orders.form.created', { numero: order.numero }));
      setKey(newKey());
      void navigate('/pedido/pedido-venda');
    } catch (error) {
      applyServerErrors(error, setError, FORM_FIELDS);
    }
  });

  const onFormKey = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.ctrlKey) {
      event.preventDefault();
      void submit();
    }
  };

  const errors = formState.errors;
  const select = (name: 'idVendedor' | 'idFormaPagamento' | 'idTransportadora' | 'idTipoOperacaoFiscal', label: string, options: { value: string; label: string }[], empty?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          id={`order-${name}`}
          select
          label={label}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!errors[name]}
          helperText={errors[name]?.message}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: empty !== undefined } }}
        >
          {empty !== undefined && <MenuItem value="">{empty}</MenuItem>}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} onKeyDown={onFormKey} aria-label={t('orders.form.title')}>
      <PageHeader title={t('orders.form.title')} subtitle={t('orders.form.subtitle')} />

      <Paper variant="outlined" component="section" aria-labelledby="order-terms-title" sx={{ p: 2, mb: 2 }}>
        <Typography id="order-terms-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('orders.form.terms')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
          <Controller
            control={control}
            name="idCliente"
            render={({ field }) => (
              <PagedAutocomplete
                id="order-idCliente"
                label={t('orders.form.cliente')}
                placeholder={t('orders.form.clientePlaceholder')}
                path="cliente"
                role={[REQUIRED.pedidos, REQUIRED.criarPedidos]}
                toOption={toClientOption}
                value={field.value}
                onChange={(option) => {
                  field.onChange(option);
                  clearErrors('idCliente');
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                error={!!errors.idCliente}
                helperText={errors.idCliente?.message}
                noOptionsText={t('orders.form.noClients')}
              />
            )}
          />
          {select('idVendedor', t('orders.form.vendedor'), (sellers.data ?? []).map((s) => ({ value: String(s.id), label: s.nome })), t('orders.form.semVendedor'))}
          {select('idFormaPagamento', t('orders.form.formaPagamento'), (paymentForms.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao })))}
          {select('idTipoOperacaoFiscal', t('orders.form.tipoOperacaoFiscal'), (fiscalOperations.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao })))}
          {select('idTransportadora', t('orders.form.transportadora'), (carriers.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao })), t('orders.form.semTransportadora'))}
          <TextField id="order-observacao" label={t('orders.form.observacao')} {...register('observacao')} error={!!errors.observacao} helperText={errors.observacao?.message} fullWidth slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="order-items-title" sx={{ p: 2, mb: 2 }}>
        <Typography id="order-items-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('orders.form.items')}
        </Typography>
        <Box sx={{ position: 'relative' }}>
          <TextField
            id="order-entry"
            label={t('orders.form.entry')}
            value={entry}
            onChange={(e) => {
              setEntry(e.target.value);
              setEntryMessage(null);
              setResults([]);
            }}
            onKeyDown={onEntryKey}
            inputRef={entryRef}
            fullWidth
            autoComplete="off"
            error={!!entryMessage || !!errors.itens?.message}
            helperText={entryMessage ?? errors.itens?.message ?? t('orders.form.entryHelp')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-controls': results.length ? 'order-entry-results' : undefined, 'aria-activedescendant': results.length ? `order-result-${highlight}` : undefined } }}
          />
          {results.length > 0 && (
            <Paper elevation={6} sx={{ position: 'absolute', zIndex: 10, left: 0, right: 0, top: 56, maxHeight: 320, overflow: 'auto' }}>
              <List id="order-entry-results" dense role="listbox" aria-label={t('orders.form.results')}>
                {results.map((p, i) => (
                  <ListItemButton key={p.idProduto} id={`order-result-${i}`} role="option" aria-selected={i === highlight} selected={i === highlight} disabled={!p.ativo} onMouseDown={(e) => e.preventDefault()} onClick={() => addProduct(p)}>
                    <ListItemText
                      primary={p.titulo}
                      secondary={`${p.isbn13} · ${brl(p.precoUnitarioCentavos)} · ${t('orders.form.disponivel')}: ${p.disponivel ?? '—'}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          )}
        </Box>

        <Box role="table" aria-label={t('orders.form.items')} sx={{ mt: 2 }}>
          {lines.fields.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t('orders.form.emptyItems')}
            </Typography>
          )}
          {lines.fields.map((field, index) => {
            const line = watched?.[index] ?? field;
            const product = field.product;
            const q = units(line.quantidade ?? '');
            const d = percent(line.descontoPercentual ?? '');
            const net = !Number.isNaN(q) && !Number.isNaN(d) && d <= 100 ? orderLineNet({ quantidade: q, precoUnitarioCentavos: line.precoUnitarioCentavos, descontoPercentual: d }).valorLiquidoCentavos : null;
            const overStock = product.disponivel !== null && !Number.isNaN(q) && q > product.disponivel;
            const lineErrors = errors.itens?.[index];
            const max = product.percentualDescontoMaximo;
            return (
              <Box
                key={field.id}
                role="row"
                data-line={index + 1}
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  gridTemplateColumns: { xs: '1fr 1fr 40px', md: '2.6fr 0.9fr 1fr 1fr 1fr auto' },
                  gridTemplateAreas: { xs: '"prod prod del" "qty disc disc" "price total total"', md: '"prod qty price disc total del"' },
                }}
              >
                <Box role="cell" sx={{ gridArea: 'prod', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={product.titulo}>
                    {index + 1}. {product.titulo}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {product.isbn13} · {t('orders.form.disponivel')}: {product.disponivel ?? t('orders.form.noStock')}
                  </Typography>
                  {lineErrors?.idProduto?.message && (
                    <Typography variant="caption" color="error.main" component="div">
                      {lineErrors.idProduto.message}
                    </Typography>
                  )}
                  {overStock && (
                    <Typography variant="caption" color="warning.dark" component="div" role="status" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <WarningIcon sx={{ fontSize: 16 }} /> {t('orders.form.stockWarning', { disponivel: product.disponivel })}
                    </Typography>
                  )}
                </Box>
                <TextField
                  id={`order-line-${index}-quantidade`}
                  role="cell"
                  size="small"
                  label={t('orders.form.quantidade')}
                  {...register(`itens.${index}.quantidade`)}
                  onKeyDown={onLineKey}
                  error={!!lineErrors?.quantidade}
                  helperText={lineErrors?.quantidade?.message}
                  sx={{ gridArea: 'qty' }}
                  slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
                />
                <Box role="cell" sx={{ gridArea: 'price', pt: 0.5 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('orders.form.preco')}
                  </Typography>
                  <Typography variant="body2">{brl(line.precoUnitarioCentavos)}</Typography>
                  {lineErrors?.precoUnitarioCentavos?.message && (
                    <Typography variant="caption" color="error.main" component="div">
                      {lineErrors.precoUnitarioCentavos.message}
                    </Typography>
                  )}
                </Box>
                <TextField
                  id={`order-line-${index}-desconto`}
                  role="cell"
                  size="small"
                  label={t('orders.form.desconto')}
                  {...register(`itens.${index}.descontoPercentual`)}
                  onKeyDown={onLineKey}
                  error={!!lineErrors?.descontoPercentual}
                  helperText={lineErrors?.descontoPercentual?.message ?? (max !== null ? t('orders.form.descontoMax', { max: max.toLocaleString('pt-BR') }) : undefined)}
                  sx={{ gridArea: 'disc' }}
                  slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
                />
                <Box role="cell" sx={{ gridArea: 'total', pt: 0.5, textAlign: { md: 'right' } }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('orders.form.total')}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} data-line-total>
                    {net === null ? '—' : brl(net)}
                  </Typography>
                </Box>
                <Box role="cell" sx={{ gridArea: 'del', justifySelf: 'end' }}>
                  <IconButton aria-label={t('orders.form.remove', { linha: index + 1 })} onClick={() => (lines.remove(index), focusEntry())}>
                    <DeleteIcon />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-label={t('orders.form.totalPedido')} sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
          <Typography variant="body2">{t('orders.form.summaryLines', { count: lines.fields.length })}</Typography>
          <Typography variant="body2">{t('orders.form.summaryUnits', { count: totals.units })}</Typography>
          <Typography variant="body2">
            {t('orders.form.bruto')}: {brl(totals.gross)}
          </Typography>
          <Typography variant="body2">
            {t('orders.form.descontos')}: {brl(totals.discount)}
          </Typography>
        </Box>
        <Typography variant="h6" sx={{ fontWeight: 700 }} data-order-total>
          {t('orders.form.totalPedido')}: {brl(totals.net)}
        </Typography>
      </Paper>

      {formState.isSubmitted && Object.keys(errors).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('orders.form.fixErrors')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
          {t('orders.form.submitHint')}
        </Typography>
        <Button variant="outlined" onClick={() => void navigate('/pedido/pedido-venda')}>
          {t('orders.form.cancel')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={create.isPending}>
          {create.isPending ? t('orders.form.submitting') : t('orders.form.submit')}
        </Button>
      </Box>
    </Box>
  );
}
