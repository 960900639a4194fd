/**
 * What the clients calls answer (server/modules/clients), as the screens read them, and the
 * addresses of the client screens (specification section 2).
 */
import type { ClientAssessmentSettings, ClientStatus, LegalType, Zone } from '../../domain/business';
import { PRODUCT } from '../../domain/constants';
import type { Role } from '../../domain/constants';

export const CLIENT_PATHS = {
  list: `/${PRODUCT}Client`,
  create: `/${PRODUCT}Client/new`,
  edit: (id: string) => `/${PRODUCT}Client/${id}`,
  assessments: (clientId: string) => `/${PRODUCT}Client/viewAssessment/${clientId}`,
  addAssessment: (clientId: string) => `/${PRODUCT}Client/addView/${clientId}`,
  editAssessment: (clientId: string, assessmentId: string) => `/${PRODUCT}Client/editView/${clientId}/${assessmentId}`,
  details: '/details',
} as const;

export interface ClientContact {
  id?: string;
  name: string;
  email: string | null;
  phone: string | null;
  designation: string | null;
  isPrimary: boolean;
}

/** A row of GET /api/clients. */
export interface ClientRow {
  id: string;
  name: string;
  legalType: LegalType | null;
  industryId: string | null;
  industryName: string | null;
  verticalId: string | null;
  verticalName: string | null;
  zone: Zone | null;
  locationId: string | null;
  locationName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  gstin: string | null;
  pan: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  logoFileId: string | null;
  salesPersonId: string | null;
  salesPersonName: string | null;
  relationshipManagerId: string | null;
  relationshipManagerName: string | null;
  status: ClientStatus;
  lowCreditThreshold: number;
  userCount: number;
  licenceBalance: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/clients/:id and /api/clients/details. */
export interface ClientRecord extends ClientRow {
  logoUrl: string | null;
  /** The careers page's address: /careers/<slug>. */
  slug: string;
  contacts: ClientContact[];
  users: { id: string; name: string; email: string; role: Role; isActive: boolean; lastLoginAt: string | null }[];
  orderCount: number;
  invitationCount: number;
}

export interface ClientDetails extends ClientRecord {
  editable: readonly string[];
  mayEdit: boolean;
}

/** GET /api/clients/:clientId/assessments */
export interface ClientAssessment {
  id: string;
  assessmentId: string;
  name: string;
  status: string;
  type: string;
  languages: string[];
  settings: ClientAssessmentSettings;
  grantedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/clients/logo-upload */
export interface LogoUpload {
  preSignedUrl: string;
  objectUrl: string;
  fileId: string;
}

/** GET /api/clients/details, cached under one key: /details and the app bar's logo share it. */
export const DETAILS_KEY = ['client-details'];
