import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coverPath, productActiveStateSchema, productDetailSchema, type CoverSize, type ProductDetail, type ProductSave } from '@acervo/contracts';
import { API_BASE, api, handleSessionExpired } from '../../../../shared/api/api-client.ts';
import { ApiError, errorToastMessage } from '../../../../shared/api/api-error.ts';
import { readToken } from '../../../../shared/session/session-storage.ts';
import { loadingTracker, DEFAULT_AREA } from '../../../../shared/loading/loading-tracker.ts';
import { toast } from '../../../../shared/toast/toast.tsx';

/**
 * `POST produto` (no id) or `PUT produto/{id}`: saves the product and answers its detail.
 * @throws ApiError 400 `{messages:[{field,message}]}` for a bad field, 409 on `isbn13` for an ISBN
 *   another product has (the message names it), 404 for a product that no longer exists; the API
 *   client has already shown the error toast
 */
export async function saveProduct(id: number | null, body: ProductSave, fieldLabels?: Readonly<Record<string, string>>): Promise<ProductDetail> {
  const answer = id === null ? await api.post<unknown>('produto', body, { fieldLabels }) : await api.put<unknown>(`produto/${id}`, body, { fieldLabels });
  return productDetailSchema.parse(answer);
}

/** `PUT produto/inativa/{id}`: toggles the product's active flag; answers the new state. */
export async function toggleProductActive(id: number): Promise<{ id: number; ativo: boolean }> {
  return productActiveStateSchema.parse(await api.put<unknown>(`produto/inativa/${id}`));
}

/**
 * Sends a multipart body (the API client only sends JSON) with the same headers, error toast and
 * session-expiry handling as `api`.
 */
async function sendMultipart(method: 'POST', path: string, form: FormData): Promise<unknown> {
  const token = readToken();
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const run = async () => {
    let response: Response;
    try {
      response = await fetch(API_BASE + path, { method, headers, body: form });
    } catch {
      toast.error(new ApiError(0, undefined).message, 500);
      throw new ApiError(0, undefined);
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      data = undefined;
    }
    if (response.ok) return data;
    if (response.status === 401 || response.status === 403) {
      handleSessionExpired();
      throw new ApiError(response.status, data);
    }
    const shown = errorToastMessage(response.status, data);
    toast.error(shown.message, shown.code);
    throw new ApiError(response.status, data);
  };
  return loadingTracker.track(run(), DEFAULT_AREA);
}

/**
 * `POST produto/{id}/capa` (multipart, field `arquivo`): stores a JPEG/PNG/WebP cover (checked by
 * its bytes on the server, at most 5 MB) and answers the product's detail.
 * @throws ApiError 400 (not an image it takes), 413 (too large), 404 (no product)
 */
export async function uploadCover(id: number, file: File): Promise<ProductDetail | null> {
  const form = new FormData();
  form.append('arquivo', file, file.name);
  const answer = await sendMultipart('POST', `produto/${id}/capa`, form);
  const parsed = productDetailSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** `DELETE produto/{id}/capa`: removes the cover. */
export async function deleteCover(id: number): Promise<void> {
  await api.delete<unknown>(`produto/${id}/capa`);
}

/** Saving, toggling and the cover of one product, refreshing the cached detail and catalogue pages. */
export function useProductMutations() {
  const client = useQueryClient();
  const refresh = async (detail?: ProductDetail | null) => {
    if (detail) client.setQueryData(['product', detail.id], detail);
    await client.invalidateQueries({ queryKey: ['products'] });
  };
  const save = useMutation({
    mutationFn: ({ id, body, fieldLabels }: { id: number | null; body: ProductSave; fieldLabels?: Readonly<Record<string, string>> }) => saveProduct(id, body, fieldLabels),
    onSuccess: (detail) => refresh(detail),
  });
  const toggle = useMutation({
    mutationFn: (id: number) => toggleProductActive(id),
    onSuccess: async (state) => {
      await client.invalidateQueries({ queryKey: ['product', state.id] });
      await client.invalidateQueries({ queryKey: ['products'] });
    },
  });
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadCover(id, file),
    onSuccess: async (detail, { id }) => {
      await refresh(detail);
      if (!detail) await client.invalidateQueries({ queryKey: ['product', id] });
    },
  });
  const removeCover = useMutation({
    mutationFn: (id: number) => deleteCover(id),
    onSuccess: async (_, id) => {
      await client.invalidateQueries({ queryKey: ['product', id] });
      await client.invalidateQueries({ queryKey: ['products'] });
    },
  });
  return { save, toggle, upload, removeCover };
}

/**
 * Object URL of a stored cover, fetched with the session's token (`GET produto/{id}/capa`), or null
 * while loading, without a cover or when it cannot be read. Revoked when the cover changes.
 * @param id product id (null = none)
 * @param arquivoCapa the detail's `arquivoCapa` (null = no cover)
 */
export function useCoverUrl(id: number | null, arquivoCapa: string | null, size: CoverSize = 'm'): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (id === null || !arquivoCapa) {
      setUrl(null);
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = readToken();
    fetch(API_BASE + coverPath(id, arquivoCapa, size), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [id, arquivoCapa, size]);
  return url;
}
