/** What the licences calls answer (server/modules/licences), and the addresses of the screens. */
import type { LicenceState } from '../../domain/business';

export const LICENCE_PATHS = {
  list: '/clientLicence',
  assign: '/clientLicence/assign',
  view: (id: string) => `/clientLicence/${id}`,
  /** Orders (another part of the product) take an assessment to buy credits for. */
  order: (assessmentId: string) => `/placeOrder/${assessmentId}`,
};

/** A row of GET /api/licences. */
export interface LicenceRow {
  id: string;
  clientId: string;
  clientName: string;
  /** Null: credits for any of the client's assessments. */
  assessmentId: string | null;
  assessmentName: string | null;
  credits: number;
  used: number;
  /** Credits still to spend; 0 once the licence expired or was revoked. */
  remaining: number;
  /** Credits left unspent when it expired or was revoked. */
  lapsed: number;
  validFrom: string;
  validUntil: string;
  revokedAt: string | null;
  orderId: string | null;
  notes: string | null;
  grantedByName: string | null;
  createdAt: string;
  state: LicenceState;
}

/** GET /api/licences/:id: the row and the invitations that spent its credits. */
export interface LicenceRecord extends LicenceRow {
  usage: { id: string; candidateName: string; candidateEmail: string; assessmentId: string; assessmentName: string; status: string; entryType: string; invitedAt: string }[];
  usageTotal: number;
}

/** GET /api/licences/balance */
export interface Balance {
  clientId: string;
  clientName: string;
  credits: number;
  remaining: number;
  threshold: number;
  low: boolean;
  byAssessment: { assessmentId: string | null; assessmentName: string | null; credits: number; remaining: number; soonestExpiry: string }[];
}

