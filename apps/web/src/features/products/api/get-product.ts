import { queryOptions, useQuery } from '@tanstack/react-query';
import { productDetailSchema, type ProductDetail } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/**
 * `GET produto/{id}`: the full product (SPEC section 3 "Product"). No error toast: the detail
 * page reports a failure once, inline (a toast as well would say it twice).
 * @throws ApiError on failure (404 when it does not exist)
 */
export async function getProduct(id: number, signal?: AbortSignal): Promise<ProductDetail> {
  return productDetailSchema.parse(await api.get<unknown>(`produto/${id}`, { signal, toastErrors: false }));
}

/** Query options of `getProduct` (key `['product', id]`). */
export function productQueryOptions(id: number) {
  return queryOptions({ queryKey: ['product', id], queryFn: ({ signal }) => getProduct(id, signal) });
}

/** One product. */
export function useProduct(id: number) {
  return useQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
