import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { profilePageSchema, type PagedList, type ProfileListItem } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of the profile list (URL and `GET perfil` query names). */
export const PROFILE_FILTER_KEYS = ['term', 'status'] as const;

/** Loading-tracker area of the list (the grid shows its own progress bar). */
export const PROFILES_AREA = 'profiles-list';

/** Query of `getProfiles`: paging, `sorter` and the defined filters. */
export type ProfilesQuery = Record<string, string | number | undefined>;

/**
 * `GET perfil?page&pageSize&sorter&term&status`: one page of profiles.
 * @throws ApiError on failure (after the error toast)
 */
export async function getProfiles(query: ProfilesQuery, signal?: AbortSignal): Promise<PagedList<ProfileListItem>> {
  return profilePageSchema.parse(await api.get<unknown>('perfil', { query, signal, area: PROFILES_AREA }));
}

/** Query options of `getProfiles` (key `['profiles', query]`; the previous page stays while the next loads). */
export function profilesQueryOptions(query: ProfilesQuery) {
  return queryOptions({ queryKey: ['profiles', query], queryFn: ({ signal }) => getProfiles(query, signal), placeholderData: keepPreviousData });
}

/** One page of profiles. */
export function useProfiles(query: ProfilesQuery) {
  return useQuery(profilesQueryOptions(query));
}
