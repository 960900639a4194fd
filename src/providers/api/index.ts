/** Every named call of the data provider, by area; a name is unique across areas. */
import { assessmentsApi } from './assessments';
import { campaignsApi } from './campaigns';
import { clientsApi } from './clients';
import { dropdownsApi } from './dropdowns';
import { invitationsApi } from './invitations';
import { jobsApi } from './jobs';
import { licencesApi } from './licences';
import { ordersApi } from './orders';
import { questionsApi } from './questions';
import { reportsApi } from './reports';
import { testLibraryApi } from './testLibrary';

export const appMethods = {
  ...assessmentsApi,
  ...campaignsApi,
  ...clientsApi,
  ...dropdownsApi,
  ...invitationsApi,
  ...jobsApi,
  ...licencesApi,
  ...ordersApi,
  ...questionsApi,
  ...reportsApi,
  ...testLibraryApi,
};
