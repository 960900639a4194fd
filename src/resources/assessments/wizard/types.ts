/** What the wizard's steps share. */
import type { AssessmentDraft } from '../assessmentDraft';

export type Errors = Record<string, string>;
/** Whose assessment it is (null: the provider's library), and whether the user is provider staff rather than the client. */
export interface Owner {
  clientId: string | null;
  staff: boolean;
}
export type Change = (patch: Partial<AssessmentDraft>) => void;
