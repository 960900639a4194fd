/** What the licences calls answer (server/modules/licences), and the addresses of the screens. */
import type { z } from 'zod';
import type { balanceSchema, licensableSchema, licenceRecordSchema, licenceRowSchema } from '../../domain/business';

export const LICENCE_PATHS = {
  list: '/clientLicence',
  assign: '/clientLicence/assign',
  view: (id: string) => `/clientLicence/${id}`,
  /** Orders (another part of the product) take an assessment to buy credits for. */
  order: (assessmentId: string) => `/placeOrder/${assessmentId}`,
};

/** A row of GET /api/licences. */
export type LicenceRow = z.input<typeof licenceRowSchema>;
/** GET /api/licences/:id: the row and the invitations that spent its credits. */
export type LicenceRecord = z.input<typeof licenceRecordSchema>;
/** GET /api/licences/balance */
export type Balance = z.input<typeof balanceSchema>;
/** A row of GET /api/licences/assessments. */
export type Licensable = z.input<typeof licensableSchema>;
