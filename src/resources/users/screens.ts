import type { Designation, MembershipType, Role } from '../../domain/constants';

/** What each user screen fixes on its records; `users` (admins) fixes nothing. */
export interface UserScreen {
  role?: Role;
  designation?: Designation | null;
  membershipType?: MembershipType;
}

export const USER_SCREENS: Record<string, UserScreen> = {
  users: {},
  'team-members': { role: 'TEAM_MEMBER', designation: null },
  authors: { role: 'CONTRIBUTOR', designation: null, membershipType: 'SKILLGAUGE_TEAM' },
  'relationship-managers': { role: 'TEAM_MEMBER', designation: 'RELATIONSHIP_MANAGER', membershipType: 'SKILLGAUGE_TEAM' },
  'sales-persons': { role: 'TEAM_MEMBER', designation: 'SALES_PERSON', membershipType: 'SKILLGAUGE_TEAM' },
};
