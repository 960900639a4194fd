/** The typed shape of the database, one interface per table. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Designation, MembershipType, Role } from '../../src/domain/constants';
import type { EntityPermission } from '../../src/domain/permissions';
import type { SignInProvider } from '../../src/domain/signIns';
import type {
  BandThresholds,
  Complexity,
  DevelopmentBand,
  MediaType,
  QuestionCategory,
  QuestionStatus,
  QuestionType,
  RatingBand,
  TestTypeKind,
} from '../../src/domain/content';
import type { AssessmentStatus, AssessmentType, EntryType, ProctoringSettings, QuestionOrigin, VideoQuestion } from '../../src/domain/assessment';
import type { ExtraTime, InvitationStatus, PartKind } from '../../src/domain/attempt';
import type { NameTranslation } from '../../src/domain/language';
import type { EmailCodePurpose } from '../lib/email-codes';
import type { AnswerScoreStatus, AttemptScore, IntegrityLevel } from '../../src/domain/scoring';
import type { ApplicationSource, InvitationNote, ScreeningAnswer, ScreeningQuestion } from '../../src/domain/careers';
import type { ClientAssessmentSettings, ClientStatus, EmploymentType, JobStatus, NoticePeriod, OrderStatus, PaymentMethod, WorkMode } from '../../src/domain/business';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** bigint money in paise: the drivers answer text (pg) or a number or BigInt (PGlite); read it through Number(). */
type Paise = ColumnType<string | number | bigint, number | string, number | string>;

export interface ClientsTable {
  id: Generated<string>;
  name: string;
  legalType: string | null;
  email: string | null;
  phone: string | null;
  industryId: string | null;
  verticalId: string | null;
  zone: string | null;
  locationId: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: Generated<string>;
  gstin: string | null;
  pan: string | null;
  website: string | null;
  logoFileId: string | null;
  salesPersonId: string | null;
  relationshipManagerId: string | null;
  status: Generated<ClientStatus>;
  lowCreditThreshold: Generated<number>;
  /** The careers page's address (/careers/<slug>); filled from the name when not given. */
  slug: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ClientContactsTable {
  id: Generated<string>;
  clientId: string;
  name: string;
  email: string | null;
  phone: string | null;
  designation: string | null;
  isPrimary: Generated<boolean>;
  position: Generated<number>;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface ClientAssessmentsTable {
  clientId: string;
  assessmentId: string;
  settings: Json<ClientAssessmentSettings>;
  grantedBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface PriceListTable {
  id: Generated<string>;
  assessmentId: string | null;
  unitPricePaise: Paise;
  taxRateBp: number;
  currency: Generated<string>;
  updatedBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface OrdersTable {
  id: Generated<string>;
  number: Generated<string>;
  clientId: string;
  assessmentId: string | null;
  credits: number;
  unitPricePaise: Paise;
  taxRateBp: number;
  subtotalPaise: Paise;
  taxPaise: Paise;
  totalPaise: Paise;
  currency: Generated<string>;
  status: Generated<OrderStatus>;
  notes: string | null;
  placedBy: string | null;
  placedAt: Generated<Date>;
  paidAt: NullableTimestamp;
  cancelledAt: NullableTimestamp;
  refundedAt: NullableTimestamp;
  updatedAt: Timestamp;
}

export interface PaymentsTable {
  id: Generated<string>;
  orderId: string;
  amountPaise: Paise;
  method: PaymentMethod;
  provider: Generated<string>;
  reference: string;
  /** A date without time ('2026-11-23'). */
  paidOn: ColumnType<Date, string, string>;
  recordedBy: string | null;
  createdAt: Generated<Date>;
}

export interface LicencesTable {
  id: Generated<string>;
  clientId: string;
  assessmentId: string | null;
  credits: number;
  used: Generated<number>;
  validFrom: Timestamp;
  validUntil: Timestamp;
  orderId: string | null;
  notes: string | null;
  grantedBy: string | null;
  revokedAt: NullableTimestamp;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface CampaignsTable {
  id: Generated<string>;
  clientId: string | null;
  assessmentId: string;
  name: string;
  description: string | null;
  startsAt: Timestamp;
  endsAt: Timestamp;
  mailSubject: string;
  mailBody: string;
  reminderEveryDays: number | null;
  maxReminders: Generated<number>;
  cancelledAt: NullableTimestamp;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface CampaignRemindersTable {
  invitationId: string;
  number: number;
  sentAt: Generated<Date>;
}

/** [{id, name}]: the competencies a scorecard rates, in order. */
export interface ScorecardsTable {
  id: Generated<string>;
  clientId: string | null;
  jobId: string;
  stageId: string;
  competencies: ColumnType<{ id: string; name: string }[], string, string>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

/** One interviewer's ratings of one candidate on a scorecard: a draft until submitted. */
export interface ScorecardSheetsTable {
  id: Generated<string>;
  scorecardId: string;
  jobCandidateId: string;
  interviewerId: string;
  ratings: ColumnType<{ competencyId: string; rating: number | null; note: string }[], string, string>;
  note: Generated<string>;
  submittedAt: NullableTimestamp;
  updatedAt: Timestamp;
}

export interface HiringStagesTable {
  id: Generated<string>;
  clientId: string | null;
  name: string;
  position: number;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface JobsTable {
  id: Generated<string>;
  clientId: string | null;
  title: string;
  descriptionHtml: Generated<string>;
  employmentType: EmploymentType;
  workMode: WorkMode;
  notice: NoticePeriod;
  experienceMin: number;
  experienceMax: number | null;
  locationId: string | null;
  openings: Generated<number>;
  assessmentId: string | null;
  status: Generated<JobStatus>;
  screeningQuestions: ColumnType<ScreeningQuestion[], string | undefined, string>;
  postedBy: string | null;
  postedAt: Generated<Date>;
  closedAt: NullableTimestamp;
  updatedAt: Timestamp;
}

export interface JobCandidatesTable {
  id: Generated<string>;
  jobId: string;
  candidateId: string;
  invitationId: string | null;
  stageId: string;
  position: Generated<number>;
  addedBy: string | null;
  addedAt: Generated<Date>;
  movedAt: Generated<Date>;
  source: Generated<ApplicationSource>;
  resumeFileId: string | null;
  screeningAnswers: ColumnType<ScreeningAnswer[] | null, string | null | undefined, string | null>;
  applicationLanguage: string | null;
  invitationNote: InvitationNote | null;
}

export interface StageMovesTable {
  id: Generated<string>;
  jobCandidateId: string;
  fromStageId: string | null;
  toStageId: string | null;
  movedBy: string | null;
  movedAt: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  username: string | null;
  passwordHash: string | null;
  role: Role;
  membershipType: MembershipType | null;
  position: string | null;
  designation: Designation | null;
  clientId: string | null;
  phone: string | null;
  isVerified: Generated<boolean>;
  isActive: Generated<boolean>;
  lastLoginAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A sign-in through an OpenID provider linked to an account (issue 12). */
export type IdentityProvider = SignInProvider;
export interface UserIdentitiesTable {
  id: Generated<string>;
  userId: string;
  provider: IdentityProvider;
  subject: string;
  email: string | null;
  createdAt: Timestamp;
  lastUsedAt: Timestamp;
}

/** A state issued for a federated sign-in, by its hash; accepted back once, within its lifetime. */
export interface OauthStatesTable {
  stateHash: string;
  provider: IdentityProvider;
  createdAt: Timestamp;
  consumedAt: Date | null;
}

export interface JobRolesTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  scope: MembershipType;
  clientId: string | null;
  permissions: Json<EntityPermission[]>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Categories, industries and verticals share this shape; verticals may belong to a client. */
export interface NamedTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
export interface VerticalsTable extends NamedTable {
  clientId: string | null;
}

export interface LocationsTable {
  id: Generated<string>;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
  clientId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OneTimeTokensTable {
  id: Generated<string>;
  userId: string;
  purpose: 'verify' | 'reset';
  tokenHash: string;
  attempts: Generated<number>;
  expiresAt: Timestamp;
  consumedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface EmailCodesTable {
  id: Generated<string>;
  purpose: EmailCodePurpose;
  subject: string;
  codeHash: string;
  attempts: Generated<number>;
  expiresAt: Timestamp;
  consumedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

export interface AttemptDevicesTable {
  invitationId: string;
  deviceId: string;
  label: string;
  firstSeenAt: Generated<Date>;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  replacedBy: string | null;
  createdAt: Timestamp;
}

export interface ThrottleTable {
  key: string;
  failures: number;
  windowStartedAt: Timestamp;
  lockedUntil: Timestamp | null;
}

/** A user's session version: access tokens signed with an older one are refused. */
export interface SessionRevocationsTable {
  userId: string;
  version: number;
  revokedAt: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  userId: string | null;
  action: 'create' | 'update' | 'delete';
  resource: string;
  recordId: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  at: Timestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'logged'>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
}

export interface LanguagesTable {
  id: Generated<string>;
  code: string;
  label: string;
  iconName: string | null;
  content: Json<Record<string, string>>;
  isActive: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Primary skills. */
export interface TestTypesTable {
  id: Generated<string>;
  category: QuestionCategory;
  kind: TestTypeKind;
  label: string;
  description: string | null;
  translations: ColumnType<NameTranslation[], string | undefined, string>;
  position: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Secondary skills of a test type. */
export interface QuestionTypesTable {
  id: Generated<string>;
  testTypeId: string;
  label: string;
  translations: ColumnType<NameTranslation[], string | undefined, string>;
  thresholds: ColumnType<BandThresholds, string | undefined, string>;
  position: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ReportContentsTable {
  id: Generated<string>;
  questionTypeId: string;
  band: RatingBand;
  languageId: string;
  content: string;
  updatedBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AnswerTitlesTable {
  id: Generated<string>;
  label: string;
  isDefault: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface QuestionsTable {
  id: Generated<string>;
  category: QuestionCategory;
  questionType: QuestionType;
  testTypeId: string | null;
  secondarySkillIds: ColumnType<string[], string[] | undefined, string[]>;
  complexity: Complexity | null;
  title: string;
  details: Json<unknown[]>;
  answers: Json<unknown[]>;
  answerTitle: string | null;
  mediaType: Generated<MediaType>;
  mediaUrl: string | null;
  shuffle: Generated<boolean>;
  isConsistencyQuestion: Generated<boolean>;
  /** For a consistency question: the question it restates. */
  consistencyOf: string | null;
  isQualifying: Generated<boolean>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  coding: Json<unknown> | null;
  maxPoints: ColumnType<string | null, number | null | undefined, number | null>;
  status: QuestionStatus;
  rejectionReason: string | null;
  authorId: string | null;
  clientId: string | null;
  importKey: string | null;
  searchText: ColumnType<string, string | undefined, string>;
  searchVector: ColumnType<string, never, never>;
  publishedAt: Timestamp | null;
  /** BANK, or CUSTOM: a client's own question for its assessments, never in the provider's bank. */
  origin: Generated<QuestionOrigin>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface QuestionHistoryTable {
  id: Generated<string>;
  questionId: string;
  userId: string | null;
  action: 'created' | 'updated' | 'status';
  fromStatus: QuestionStatus | null;
  toStatus: QuestionStatus | null;
  reason: string | null;
  changes: Json<unknown> | null;
  at: Timestamp;
}

export interface TestsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  translations: ColumnType<NameTranslation[], string | undefined, string>;
  category: QuestionCategory;
  testTypeId: string;
  durationSeconds: number;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  shuffle: Generated<boolean>;
  drawCount: number | null;
  authorId: string | null;
  clientId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TestQuestionsTable {
  testId: string;
  questionId: string;
  position: number;
}

export interface BulkUploadsTable {
  id: Generated<string>;
  userId: string | null;
  fileName: string;
  totalRows: number;
  imported: number;
  duplicates: number;
  failed: number;
  report: Json<unknown>;
  createdAt: Timestamp;
}

/** One signed upload: stored bytes are null until the file arrives (local storage) and count against the quotas. */
export interface StoredFilesTable {
  id: Generated<string>;
  objectKey: string;
  userId: string | null;
  clientId: string | null;
  contentType: string;
  declaredBytes: ColumnType<string | null, number | null | undefined, number | null>;
  storedBytes: ColumnType<string | null, number | null | undefined, number | null>;
  createdAt: Generated<Timestamp>;
  storedAt: ColumnType<Timestamp | null, Date | string | null | undefined, Date | string | null>;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AssessmentsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  translations: ColumnType<NameTranslation[], string | undefined, string>;
  type: AssessmentType;
  status: Generated<AssessmentStatus>;
  clientId: string | null;
  languages: ColumnType<string[], string[] | undefined, string[]>;
  totalTimeSeconds: number | null;
  validFrom: NullableTimestamp;
  validUntil: NullableTimestamp;
  proctoring: Json<ProctoringSettings>;
  videoQuestions: Json<VideoQuestion[]>;
  publicSlug: string | null;
  authorId: string | null;
  copiedFrom: string | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface AssessmentTestsTable {
  assessmentId: string;
  testId: string;
  position: number;
}

export interface AssessmentQuestionsTable {
  assessmentId: string;
  questionId: string;
  kind: 'QUALIFYING' | 'CUSTOM';
  position: number;
}

export interface CandidatesTable {
  id: Generated<string>;
  clientId: string | null;
  name: string;
  email: string;
  phone: string | null;
  userId: string | null;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface InvitationsTable {
  id: Generated<string>;
  assessmentId: string;
  candidateId: string;
  clientId: string | null;
  entryType: EntryType;
  status: Generated<InvitationStatus>;
  tokenHash: string;
  seed: string;
  language: string | null;
  extraTime: Json<ExtraTime> | null;
  expiresAt: NullableTimestamp;
  invitedBy: string | null;
  invitedAt: Generated<Date>;
  mailedAt: NullableTimestamp;
  openedAt: NullableTimestamp;
  startedAt: NullableTimestamp;
  deadline: NullableTimestamp;
  completedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  disqualifiedAt: NullableTimestamp;
  lastSeenAt: NullableTimestamp;
  /** The licence whose credit paid for this invitation; null when none was needed, or once the credit went back. */
  licenceId: string | null;
  campaignId: string | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export interface AttemptPartsTable {
  invitationId: string;
  partId: string;
  position: number;
  kind: PartKind;
  testId: string | null;
  questionIds: string[];
  durationSeconds: number | null;
  startedAt: NullableTimestamp;
  deadline: NullableTimestamp;
  finishedAt: NullableTimestamp;
}

export interface AnswersTable {
  invitationId: string;
  questionId: string;
  partId: string;
  answer: Json<unknown>;
  idempotencyKey: string;
  deviceId: string;
  /** bigint: the driver returns it as a string. */
  seq: ColumnType<string, number | string, number | string>;
  savedAt: ColumnType<Date, Date | string, Date | string>;
  receivedAt: Generated<Date>;
  evaluation: Json<unknown> | null;
}

export interface AnswerSavesTable {
  invitationId: string;
  idempotencyKey: string;
  questionId: string;
  receivedAt: Generated<Date>;
}

export interface AttemptMediaTable {
  id: Generated<string>;
  invitationId: string;
  kind: 'VIDEO_ANSWER' | 'SNAPSHOT';
  questionId: string | null;
  objectKey: string;
  contentType: string;
  durationMs: number | null;
  takenAt: Generated<Date>;
  uploadedAt: NullableTimestamp;
}

export interface ProctoringEventsTable {
  id: Generated<string>;
  invitationId: string;
  type: string;
  partId: string | null;
  questionId: string | null;
  occurredAt: ColumnType<Date, Date | string, Date | string>;
  receivedAt: Generated<Date>;
  detail: Json<unknown> | null;
  eventKey: string;
}

/** numeric columns: the driver returns strings; write numbers. */
type Numeric = ColumnType<string, number | string, number | string>;
type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

/** One scored attempt (src/domain/scoring.ts AttemptScore in detail). */
export interface AttemptScoresTable {
  invitationId: string;
  assessmentId: string;
  clientId: string | null;
  scoringVersion: number;
  earned: Numeric;
  maxPoints: Numeric;
  percent: NullableNumeric;
  band: RatingBand | null;
  complete: boolean;
  integrity: IntegrityLevel;
  detail: Json<AttemptScore>;
  scoredAt: Timestamp;
  /** When the inviting user was mailed that the attempt is scored (once per attempt). */
  notifiedAt: NullableTimestamp;
}

export interface AnswerScoresTable {
  invitationId: string;
  questionId: string;
  partId: string;
  testId: string | null;
  language: string | null;
  answerIndexes: ColumnType<number[], number[] | undefined, number[]>;
  status: AnswerScoreStatus;
  earned: Numeric;
  maxPoints: Numeric;
  answeredAt: NullableTimestamp;
}

export interface TestScoresTable {
  invitationId: string;
  testId: string;
  earned: Numeric;
  maxPoints: Numeric;
  percent: NullableNumeric;
  band: RatingBand | null;
}

export interface SkillScoresTable {
  invitationId: string;
  skillId: string;
  percent: NullableNumeric;
  band: RatingBand | null;
  developmentBand: DevelopmentBand | null;
}

/** A reviewer's points for a short-text answer, kept apart from the scores that rescoring rewrites. */
export interface AnswerReviewsTable {
  invitationId: string;
  questionId: string;
  points: Numeric;
  comment: string | null;
  reviewerId: string | null;
  reviewedAt: Timestamp;
}

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  userIdentities: UserIdentitiesTable;
  oauthStates: OauthStatesTable;
  jobRoles: JobRolesTable;
  categories: NamedTable;
  industries: NamedTable;
  verticals: VerticalsTable;
  locations: LocationsTable;
  oneTimeTokens: OneTimeTokensTable;
  emailCodes: EmailCodesTable;
  attemptDevices: AttemptDevicesTable;
  refreshTokens: RefreshTokensTable;
  throttle: ThrottleTable;
  sessionRevocations: SessionRevocationsTable;
  auditLog: AuditLogTable;
  outbox: OutboxTable;
  languages: LanguagesTable;
  testTypes: TestTypesTable;
  questionTypes: QuestionTypesTable;
  reportContents: ReportContentsTable;
  answerTitles: AnswerTitlesTable;
  questions: QuestionsTable;
  questionHistory: QuestionHistoryTable;
  tests: TestsTable;
  testQuestions: TestQuestionsTable;
  bulkUploads: BulkUploadsTable;
  storedFiles: StoredFilesTable;
  assessments: AssessmentsTable;
  assessmentTests: AssessmentTestsTable;
  assessmentQuestions: AssessmentQuestionsTable;
  candidates: CandidatesTable;
  invitations: InvitationsTable;
  attemptParts: AttemptPartsTable;
  answers: AnswersTable;
  answerSaves: AnswerSavesTable;
  attemptMedia: AttemptMediaTable;
  proctoringEvents: ProctoringEventsTable;
  attemptScores: AttemptScoresTable;
  answerScores: AnswerScoresTable;
  testScores: TestScoresTable;
  skillScores: SkillScoresTable;
  answerReviews: AnswerReviewsTable;
  clientContacts: ClientContactsTable;
  clientAssessments: ClientAssessmentsTable;
  priceList: PriceListTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  licences: LicencesTable;
  campaigns: CampaignsTable;
  campaignReminders: CampaignRemindersTable;
  hiringStages: HiringStagesTable;
  jobs: JobsTable;
  jobCandidates: JobCandidatesTable;
  stageMoves: StageMovesTable;
  scorecards: ScorecardsTable;
  scorecardSheets: ScorecardSheetsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type JobRoleRow = Selectable<JobRolesTable>;
export type OutboxRow = Selectable<OutboxTable>;
