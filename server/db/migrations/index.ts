/** Migrations in order of their dated names; a landed migration is never edited. */
import type { Migration } from 'kysely';
import * as foundation from './2026-11-21T00-00_foundation';
import * as contentLibrary from './2026-11-22T00-00_content_library';
import * as questionResponses from './2026-11-22T12-00_question_responses';
import * as sessionRevocations from './2026-11-23T01-10_session_revocations';
import * as storedFiles from './2026-11-23T01-20_stored_files';
import * as assessments from './2026-11-24T00-00_assessments';
import * as scores from './2026-11-25T00-00_scores';
import * as clientBusiness from './2026-11-26T00-00_client_business';
import * as dashboardIndexes from './2026-11-27T00-00_dashboard_indexes';
import * as userIdentities from './2026-11-28T00-00_user_identities';
import * as nameTranslations from './2026-11-28T12-00_name_translations';
import * as emailCodes from './2026-11-28T13-00_email_codes';
import * as attemptDevices from './2026-11-28T14-00_attempt_devices';
import * as testTypeTranslations from './2026-11-29T01-00_test_type_translations';
import * as careers from './2026-11-29T00-00_careers';
import * as interviewScorecards from './2026-11-29T02-00_interview_scorecards';

export const migrations: Record<string, Migration> = {
  '2026-11-21T00-00_foundation': foundation,
  '2026-11-22T00-00_content_library': contentLibrary,
  '2026-11-22T12-00_question_responses': questionResponses,
  '2026-11-23T01-10_session_revocations': sessionRevocations,
  '2026-11-23T01-20_stored_files': storedFiles,
  '2026-11-24T00-00_assessments': assessments,
  '2026-11-25T00-00_scores': scores,
  '2026-11-26T00-00_client_business': clientBusiness,
  '2026-11-27T00-00_dashboard_indexes': dashboardIndexes,
  '2026-11-28T00-00_user_identities': userIdentities,
  '2026-11-28T12-00_name_translations': nameTranslations,
  '2026-11-28T13-00_email_codes': emailCodes,
  '2026-11-28T14-00_attempt_devices': attemptDevices,
  '2026-11-29T00-00_careers': careers,
  '2026-11-29T01-00_test_type_translations': testTypeTranslations,
  '2026-11-29T02-00_interview_scorecards': interviewScorecards,
};
