import { usePermissions } from 'react-admin';
import type { Profile } from '../../providers/authProvider';

/** The signed-in user's profile (loaded once at sign-in), or undefined while it loads. */
export function useProfile(): Profile | undefined {
  const { permissions } = usePermissions<Profile | null>();
  return permissions ?? undefined;
}
