import { useQuery } from '@tanstack/react-query';
import { request } from '../../providers/httpClient';

export interface DropdownOption {
  _id: string;
  label: string;
}

/** Options of a `{_id, label}` dropdown call as react-admin choices; none when not allowed. */
export function useDropdown(url: string | null) {
  const { data, isPending } = useQuery({
    queryKey: ['dropdown', url],
    enabled: !!url,
    queryFn: () => request<DropdownOption[]>({ url: url! }).catch(() => [] as DropdownOption[]),
  });
  return { choices: (data ?? []).map((o) => ({ id: o._id, name: o.label })), isPending: !!url && isPending };
}
