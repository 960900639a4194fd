/** Every named call of the data provider, by area; a name is unique across areas. */
import { accountApi } from './account';
import { assessmentsApi } from './assessments';
import { campaignsApi } from './campaigns';
import { clientsApi } from './clients';
import { dashboardsApi } from './dashboards';
import { dropdownsApi } from './dropdowns';
import { invitationsApi } from './invitations';
import { jobsApi } from './jobs';
import { licencesApi } from './licences';
import { ordersApi } from './orders';
import { questionsApi } from './questions';
import { reportsApi } from './reports';
import { scorecardsApi } from './scorecards';
import { skillsApi } from './skills';
import { testLibraryApi } from './testLibrary';

export const appMethods = {
  ...accountApi,
  ...assessmentsApi,
  ...campaignsApi,
  ...clientsApi,
  ...dashboardsApi,
  ...dropdownsApi,
  ...invitationsApi,
  ...jobsApi,
  ...licencesApi,
  ...ordersApi,
  ...questionsApi,
  ...reportsApi,
  ...scorecardsApi,
  ...skillsApi,
  ...testLibraryApi,
};
