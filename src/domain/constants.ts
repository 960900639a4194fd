/** Product-wide constants from the specification (sections 6 and 9). */
export const PRODUCT = 'skillgauge';

export const ROLES = ['USER', 'CONTRIBUTOR', 'ADMIN', 'CLIENT', 'MODERATOR', 'TEAM_MEMBER'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIP_TYPES = ['SKILLGAUGE_TEAM', 'CLIENT_SPECIFIC_ROLE', 'GLOBAL_ROLE'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

/** Special designations of provider staff, shown on their own screens. */
export const DESIGNATIONS = ['RELATIONSHIP_MANAGER', 'SALES_PERSON'] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** The page sizes a list offers; a list pages by one of them, or its rows-per-page select shows blank. */
export const PAGE_SIZES = [2, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const MAX_PAGE_SIZE: PageSize = 100;
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export const DESKTOP_BREAKPOINT = 991;
export const GREETING_NAME_LENGTH = 8;
export const TOAST_AUTO_CLOSE_MS = 5000;

export const STORAGE_KEYS = { accessToken: 'accessToken', email: 'email', language: 'language' } as const;

export const COMPANY_LEGAL_TYPES = [
  'individual',
  'proprietor',
  'partnership',
  'private limited company',
  'limited company',
  'PPF',
  'others',
] as const;

/** One-time codes (sign-in verification). */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
