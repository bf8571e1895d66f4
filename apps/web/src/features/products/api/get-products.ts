import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { productPageSchema, type PagedList, type ProductListItem } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of the catalogue (URL and `GET produto` query names). */
export const PRODUCT_FILTER_KEYS = ['idErp', 'isbn13', 'titulo', 'editora', 'situacao', 'anoEdicao'] as const;
/** One catalogue filter name. */
export type ProductFilterKey = (typeof PRODUCT_FILTER_KEYS)[number];

/** Query of `getProducts`: paging, `sorter` and the filters (only defined ones are sent). */
export type ProductsQuery = Record<string, string | number | undefined>;

/** Loading-tracker area of the catalogue list (the grid shows its own progress bar). */
export const PRODUCTS_AREA = 'products-list';

/**
 * `GET produto?page&pageSize&sorter=campo,asc|desc&<filters>`: one page of the catalogue.
 * @param fieldLabels filter labels, so the error toast names `Ano de edição`, not `anoEdicao`
 * @throws ApiError on failure (after the error toast)
 */
export async function getProducts(query: ProductsQuery, signal?: AbortSignal, fieldLabels?: Readonly<Record<string, string>>): Promise<PagedList<ProductListItem>> {
  const answer = await api.get<unknown>('produto', { query, signal, area: PRODUCTS_AREA, fieldLabels });
  return productPageSchema.parse(answer);
}

/** Query options of `getProducts` (key `['products', query]`; the previous page stays shown while the next loads). */
export function productsQueryOptions(query: ProductsQuery, fieldLabels?: Readonly<Record<string, string>>) {
  return queryOptions({
    queryKey: ['products', query],
    queryFn: ({ signal }) => getProducts(query, signal, fieldLabels),
    placeholderData: keepPreviousData,
  });
}

/** One page of the catalogue; errors name the filters by their labels in the interface language. */
export function useProducts(query: ProductsQuery) {
  const { t } = useTranslation();
  const fieldLabels = useMemo(
    () => Object.fromEntries([...PRODUCT_FILTER_KEYS, 'page', 'pageSize', 'sorter'].map((key) => [key, t(`products.filters.${key}`)])),
    [t],
  );
  return useQuery(productsQueryOptions(query, fieldLabels));
}
