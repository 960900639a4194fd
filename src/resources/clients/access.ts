/** Who sees what of the clients screens, as the server decides it (server/modules/clients/routes.ts). */
import type { Profile } from '../../providers/authProvider';

/** A client's own user (the CLIENT account or its team members): sees its own company only, at /details. */
export const isTenantProfile = (profile: Profile | null | undefined) => !!profile && (profile.role === 'CLIENT' || profile.membershipType === 'CLIENT_SPECIFIC_ROLE');
