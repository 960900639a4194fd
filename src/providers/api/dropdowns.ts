/** The `{_id, label}` lists the forms' selects offer, by name (each may carry more fields, e.g. a skill's `kind`). */
import { enc, get, withQuery } from './calls';

export interface DropdownOption {
  _id: string;
  label: string;
}

const CLIENTS = '/api/clients';

/** Name → its address; the argument narrows the list where the call takes one. */
const DROPDOWNS = {
  clients: () => `${CLIENTS}/dropdown`,
  industries: () => `${CLIENTS}/industries`,
  /** A client's own verticals and locations beside the shared ones. */
  verticals: (clientId?: string) => withQuery(`${CLIENTS}/verticals`, { clientId }),
  locations: (clientId?: string) => withQuery(`${CLIENTS}/locations`, { clientId }),
  salesPersons: () => `${CLIENTS}/sales-persons`,
  relationshipManagers: () => `${CLIENTS}/relationship-managers`,
  /** The assessments a client may still be given, each with its languages. */
  assessmentChoices: (clientId?: string) => `${CLIENTS}/${enc(clientId ?? '')}/assessment-choices`,
  /** The job roles of a membership type (PROVIDER_SPECIFIC_ROLE or CLIENT_SPECIFIC_ROLE). */
  jobRoles: (scope?: string) => withQuery('/api/job-roles/dropdown', { scope }),
  /** The primary skills (test types) of a category, each with its kind. */
  skills: (category?: string) => `/api/types/testtype/dropdown/${enc(category ?? '')}?category=${enc(category ?? '')}`,
  /** Sub-skills, of one primary skill when given. */
  subSkills: (skillId?: string) => withQuery('/api/types/questiontype/dropdown', { testtype: skillId }),
  questionLanguages: () => '/api/question/language',
  questionAuthors: () => '/api/questions/authors',
} satisfies Record<string, (arg?: string) => string>;

export type DropdownName = keyof typeof DROPDOWNS;

export const dropdownsApi = {
  getDropdown: <Extra extends object = object>(name: DropdownName, arg?: string) => get<(DropdownOption & Extra)[]>(DROPDOWNS[name](arg)),
};
