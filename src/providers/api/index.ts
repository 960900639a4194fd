/** Every named call of the data provider, by area; a name is unique across areas. */
import { clientsApi } from './clients';
import { dropdownsApi } from './dropdowns';
import { jobsApi } from './jobs';
import { licencesApi } from './licences';
import { ordersApi } from './orders';
import { reportsApi } from './reports';

export const appMethods = {
  ...clientsApi,
  ...dropdownsApi,
  ...jobsApi,
  ...licencesApi,
  ...ordersApi,
  ...reportsApi,
};
