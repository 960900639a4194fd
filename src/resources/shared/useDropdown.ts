import { useQuery } from '@tanstack/react-query';
import { request } from '../../providers/httpClient';

export interface DropdownOption {
  _id: string;
  label: string;
}

/**
 * Options of a `{_id, label}` dropdown call as react-admin choices (`{id, name}`), keeping any other
 * fields the call answers (e.g. a test type's `kind`); none when not allowed. Fetched once per URL.
 */
export function useDropdown<Extra extends object = object>(url: string | null) {
  const { data, isPending } = useQuery({
    queryKey: ['dropdown', url],
    enabled: !!url,
    queryFn: () => request<(DropdownOption & Extra)[]>({ url: url! }).catch(() => [] as (DropdownOption & Extra)[]),
  });
  const choices = (data ?? []).map(({ _id, label, ...extra }) => ({ ...(extra as Extra), id: _id, name: label }));
  return { choices, isPending: !!url && isPending };
}

/** The primary skills (test types) of a category, each with its kind. */
export const testTypesUrl = (category: string) => `/api/types/testtype/dropdown/${category}?category=${category}`;
