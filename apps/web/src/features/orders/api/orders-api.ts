import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  REQUIRED,
  hasRole,
  orderDetailSchema,
  orderOptionSchema,
  orderPageSchema,
  orderProductSchema,
  sellerSchema,
  type OrderCreateRequest,
  type OrderDetail,
  type OrderProduct,
} from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';
import { useSession } from '../../../shared/session/session-context.tsx';

type Query = Record<string, string | number | undefined>;

/** Filters of the order list (URL and `GET pedido-venda` query names; dates ISO `YYYY-MM-DD`). */
export const ORDER_FILTER_KEYS = ['idCliente', 'idVendedor', 'status', 'dataInicio', 'dataFim'] as const;

/** `GET pedido-venda`: one page of orders, refreshed every 10 s while shown (the ERP queue moves their status). */
export function useOrders(query: Query) {
  return useQuery({
    queryKey: ['orders', query],
    queryFn: async ({ signal }) => orderPageSchema.parse(await api.get<unknown>('pedido-venda', { query, signal, area: 'orders' })),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

const optionsSchema = z.array(orderOptionSchema);

/** One `[{id, descricao}]` register list of the selected company, cached 5 minutes. */
function useOptionList(path: string, company: number | null, enabled: boolean) {
  return useQuery({ queryKey: ['order-options', path, company], queryFn: async ({ signal }) => optionsSchema.parse(await api.get<unknown>(path, { signal, area: false })), staleTime: 300_000, enabled });
}

/**
 * The form's selects: `GET forma-pagamento`, `GET transportadora`, `GET tipo-operacao-fiscal`
 * (the company's active ERP records) and `GET usuario/vendedor` (the company's sellers), cached
 * per company for 5 minutes; only with VISUALIZAR_PEDIDOS or CRIAR_PEDIDOS.
 */
export function useOrderOptions() {
  const { user } = useSession();
  const enabled = hasRole(user?.roles ?? [], [REQUIRED.pedidos, REQUIRED.criarPedidos]);
  const company = user?.idEmpresa ?? null;
  const paymentForms = useOptionList('forma-pagamento', company, enabled);
  const carriers = useOptionList('transportadora', company, enabled);
  const fiscalOperations = useOptionList('tipo-operacao-fiscal', company, enabled);
  const sellers = useQuery({
    queryKey: ['order-options', 'usuario/vendedor', company],
    queryFn: async ({ signal }) => z.array(sellerSchema).parse(await api.get<unknown>('usuario/vendedor', { signal, area: false })),
    staleTime: 300_000,
    enabled,
  });
  return { paymentForms, carriers, fiscalOperations, sellers };
}

/**
 * `GET pedido-venda/produto?term=`: the item entry's search (a barcode, or words of the title);
 * without the error toast (the entry box says what went wrong).
 */
export async function searchOrderProducts(term: string): Promise<OrderProduct[]> {
  return z.array(orderProductSchema).parse(await api.get<unknown>('pedido-venda/produto', { query: { term }, area: false, toastErrors: false }));
}

/**
 * `POST pedido-venda` with the form's `Idempotency-Key` (a retried submit answers the same order);
 * refreshes the list. The 400 field errors are shown by the form under each field and line, so the
 * toast is the client's usual one (first message).
 */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: OrderCreateRequest; key: string }): Promise<OrderDetail> =>
      orderDetailSchema.parse(await api.post<unknown>('pedido-venda', body, { headers: { 'Idempotency-Key': key }, area: 'order-submit' })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** `POST pedido-venda/{id}/reenviar`: an order whose send failed goes back to the ERP queue; refreshes the list. */
export function useResendOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<OrderDetail> => orderDetailSchema.parse(await api.post<unknown>(`pedido-venda/${id}/reenviar`, {})),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
