/** The licences' calls beyond their list (server/modules/licences). */
import type { Balance, Licensable, LicenceRecord, LicenceRow } from '../../resources/licences/api';
import { enc, get, post } from './calls';

const LICENCES = '/api/licences';

export interface NewLicence {
  clientId: string;
  /** null: any assessment. */
  assessmentId: string | null;
  credits: number;
  validFrom: string;
  validUntil: string;
  notes: string | null;
}

export const licencesApi = {
  getLicence: (licenceId: string) => get<LicenceRecord>(`${LICENCES}/${enc(licenceId)}`),
  assignLicence: (licence: NewLicence) => post<LicenceRow>(LICENCES, licence),
  revokeLicence: (licenceId: string) => post<LicenceRow>(`${LICENCES}/${enc(licenceId)}/revoke`),
  /** The assessments a client may be given credits for. */
  getLicensableAssessments: (clientId: string) => get<Licensable[]>(`${LICENCES}/assessments`, { clientId }),
  /** The signed-in client's own balance (no client named), or the named client's for staff. */
  getBalance: (clientId?: string | null) => get<Balance>(`${LICENCES}/balance`, { clientId }),
};
