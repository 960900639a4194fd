/**
 * The candidate report (DESIGN.md section 6a): what `GET /api/candidate-reports/:invitationId`
 * answers, shared by the server that builds it, the report page and the PDF made from that page.
 */
import type { InvitationStatus } from './attempt';
import type { AssessmentType } from './assessment';
import type { QuestionType, RatingBand } from './content';
import type { AnswerScore, AttemptScore } from './scoring';

export interface CandidateReport {
  invitationId: string;
  candidate: { id: string; name: string; email: string };
  assessment: { id: string; name: string; type: AssessmentType };
  client: { id: string; name: string } | null;
  status: InvitationStatus;
  /** The language the candidate took the assessment in. */
  attemptLanguage: string | null;
  /** The language of this report's texts (the `language` query parameter, else the reader's). */
  reportLanguage: string;
  /** Epoch milliseconds. */
  startedAt: number | null;
  completedAt: number | null;
  /** Null until the attempt is scored (scoring runs in the background once it completes). */
  score: AttemptScore | null;
  scoredAt: number | null;
  /** The scoring version the stored score was made with, and whether a newer one exists. */
  scoringVersion: number | null;
  outdated: boolean;
  /** Among the completed attempts of the same assessment, 0 to 100; null while unscored. */
  percentile: number | null;
  /** How many completed attempts of the assessment the percentile is taken over. */
  percentileOf: number;
  /** The report content written for each skill's band, in the report's language (or its fallback). */
  bandTexts: BandText[];
  questions: ReportQuestion[];
  /** Absent for readers who may not see proctoring evidence (a candidate reading their own self-assessment). */
  proctoring: ReportProctoring | null;
  /** Whether the reader may give points to short-text answers. */
  mayReview: boolean;
}

/** A report worth keeping as a PDF: its attempt was completed (one under way, expired or never started has nothing final to print). */
export const hasFinalReport = (report: Pick<CandidateReport, 'status'>) => report.status === 'COMPLETED';

export interface BandText {
  skillId: string;
  band: RatingBand;
  /** The language the text is in (the report's, or the fallback's); null content when none is written. */
  language: string | null;
  content: string | null;
}

export interface ReportOption {
  index: number;
  text: string;
  /** The option's points (point types), or null. */
  points: number | null;
  /** Correctness types: whether the option is keyed as correct; else null. */
  isCorrect: boolean | null;
  /** A qualifying question's option: whether choosing it disqualifies; else null (and for the candidate's own report). */
  disqualifies: boolean | null;
}

export interface ReportCodeCase {
  /** Hidden cases are shown to staff by number only, never their input or output. */
  hidden: boolean;
  passed: boolean;
  points: number;
  input: string | null;
  expectedOutput: string | null;
  actualOutput: string | null;
  status: string;
}

export interface ReportQuestion {
  questionId: string;
  partId: string;
  testId: string | null;
  /** QUALIFYING, TEST, CUSTOM or VIDEO (the part's kind). */
  partKind: string;
  questionType: QuestionType | 'VIDEO';
  title: string;
  /** The question's text (HTML from the rich editor) in the report's language, with fallback. */
  text: string;
  options: ReportOption[];
  /** Chosen options by index, in order (sorting order: the candidate's order). */
  chosen: number[];
  /** The keyed order of a sorting question (indexes), else null. */
  keyedOrder: number[] | null;
  textAnswer: string | null;
  /**
   * Short text: the author's guidance for reviewers (a model answer, what earns points) in the
   * report's language with fallback; null when none is written, for other types, and for a
   * candidate reading their own report.
   */
  guidance?: string | null;
  code: { languageId: number; language: string; source: string; cases: ReportCodeCase[]; evaluation: 'pending' | 'done' | 'error' } | null;
  /** A video answer: a URL the reader's browser can play. */
  videoUrl: string | null;
  score: AnswerScore;
  review: { points: number; comment: string | null; reviewerName: string | null; reviewedAt: number } | null;
}

export interface ReportProctoring {
  events: { type: string; occurredAt: number; partId: string | null; questionId: string | null; device: string | null }[];
  snapshots: { id: string; url: string; takenAt: number }[];
}

/** A reviewer's points for a short-text answer (`PUT /api/candidate-reports/:invitationId/reviews/:questionId`). */
export interface ReviewInput {
  points: number;
  comment?: string | null;
}
