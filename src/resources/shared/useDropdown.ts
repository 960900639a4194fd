import { useQuery } from '@tanstack/react-query';
import type { DropdownName } from '../../providers/api/dropdowns';
import { useApi } from '../../providers/useApi';

export type { DropdownOption } from '../../providers/api/dropdowns';

/**
 * Options of a named `{_id, label}` dropdown as react-admin choices (`{id, name}`), keeping any other
 * fields the call answers (e.g. a skill's `kind`); none while `name` is null (not allowed or not
 * needed yet) or when the call fails. Fetched once per name and argument.
 */
export function useDropdown<Extra extends object = object>(name: DropdownName | null, arg?: string) {
  const api = useApi();
  const { data, isPending } = useQuery({
    queryKey: ['dropdown', name, arg],
    enabled: !!name,
    queryFn: () => api.getDropdown<Extra>(name!, arg).catch(() => []),
  });
  const choices = (data ?? []).map(({ _id, label, ...extra }) => ({ ...(extra as Extra), id: _id, name: label }));
  return { choices, isPending: !!name && isPending };
}
