/**
 * The assessment wizard apart from its screen: its three steps and their bounds (specification
 * section 2: forward stops at 2, back stops at 0), which step answers for which field, the draft
 * it edits and the body it sends, checked with the shared `assessmentSchema`. Pure.
 */
import { assessmentSchema, DEFAULT_PROCTORING, VIDEO_ANSWER, type AssessmentType, type ProctoringSettings } from '../../domain/assessment';
import type { NameTranslation } from '../../domain/language';
import { fieldErrors } from '../../domain/schemas';
import type { AssessmentRecord, QuestionTitle, TestSummary } from './api';

export const WIZARD_STEPS = ['details', 'content', 'settings'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const FIRST_STEP = 0;
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** The step after `step`; the last step stays where it is. */
export const nextStep = (step: number) => Math.min(Math.max(step + 1, FIRST_STEP), LAST_STEP);
/** The step before `step`; the first step stays where it is. */
export const previousStep = (step: number) => Math.max(Math.min(step - 1, LAST_STEP), FIRST_STEP);

/** The step of each field of the body (the first segment of an error's path). */
const FIELD_STEP: Record<string, number> = {
  name: 0,
  description: 0,
  translations: 2,
  type: 0,
  validFrom: 0,
  validUntil: 0,
  totalTimeSeconds: 0,
  testIds: 1,
  qualifyingQuestionIds: 1,
  customQuestionIds: 1,
  videoQuestions: 1,
  languages: 2,
  proctoring: 2,
};

/** The step that shows a field, from its path ('videoQuestions.0.prompt' → 1); unknown paths show on the first step. */
export const stepOfField = (path: string) => FIELD_STEP[path.split('.')[0]] ?? FIRST_STEP;

/** A video question being written: its prompt per language (empty ones are left out when sent). */
export interface VideoQuestionDraft {
  /** The stored id; none until saved. */
  id?: string;
  /** The screen's own key for a question not saved yet. */
  key: string;
  prompt: { language: string; detail: string }[];
  maxSeconds: number;
  retakes: number;
}

export interface AssessmentDraft {
  name: string;
  description: string;
  /** The name and description in other languages, as typed (empty ones are left out when sent). */
  translations: NameTranslation[];
  type: AssessmentType;
  /** As a datetime-local field holds them ('2026-11-24T09:30'); empty for none. */
  validFrom: string;
  validUntil: string;
  /** The field's text; empty for no total time. */
  totalTimeSeconds: string;
  tests: TestSummary[];
  qualifying: QuestionTitle[];
  custom: QuestionTitle[];
  videoQuestions: VideoQuestionDraft[];
  languages: string[];
  proctoring: ProctoringSettings;
}

export const emptyDraft = (): AssessmentDraft => ({
  name: '',
  description: '',
  translations: [],
  type: 'INVITED',
  validFrom: '',
  validUntil: '',
  totalTimeSeconds: '',
  tests: [],
  qualifying: [],
  custom: [],
  videoQuestions: [],
  languages: ['en'],
  proctoring: { ...DEFAULT_PROCTORING },
});

let videoKeys = 0;
export function newVideoQuestion(languages: readonly string[]): VideoQuestionDraft {
  return {
    key: `new-${++videoKeys}`,
    prompt: languages.map((language) => ({ language, detail: '' })),
    maxSeconds: VIDEO_ANSWER.defaultSeconds,
    retakes: 1,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local field's value, in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local field's value as an ISO time; null when empty, the text itself when it is not a time (the schema refuses it). */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The stored assessment as the wizard edits it. */
export function draftOf(record: AssessmentRecord): AssessmentDraft {
  const byId = <T extends { id: string }>(items: readonly T[], ids: readonly string[]) =>
    ids.map((id) => items.find((item) => item.id === id)).filter((item): item is T => !!item);
  return {
    name: record.name,
    description: record.description ?? '',
    translations: record.translations ?? [],
    type: record.type,
    validFrom: toLocalInput(record.validFrom),
    validUntil: toLocalInput(record.validUntil),
    totalTimeSeconds: record.totalTimeSeconds === null ? '' : String(record.totalTimeSeconds),
    // In the stored order (the ids), whatever order the summaries came in.
    tests: byId(record.tests, record.testIds),
    qualifying: byId(record.qualifyingQuestions, record.qualifyingQuestionIds),
    custom: byId(record.customQuestions, record.customQuestionIds),
    videoQuestions: record.videoQuestions.map((v) => ({ id: v.id, key: v.id, prompt: v.prompt, maxSeconds: v.maxSeconds, retakes: v.retakes })),
    languages: record.languages,
    proctoring: { ...DEFAULT_PROCTORING, ...record.proctoring },
  };
}

/** The names written for languages still offered, in the order they are offered; untouched ones left out. */
export const sentTranslations = (draft: Pick<AssessmentDraft, 'translations' | 'languages'>): NameTranslation[] =>
  draft.languages.flatMap((language) => {
    const written = draft.translations.find((t) => t.language === language);
    if (language === 'en' || !written || (!written.name.trim() && !written.description?.trim())) return [];
    return [{ language, name: written.name.trim(), description: written.description?.trim() || null }];
  });

/** The body of POST /api/assessments and PUT /api/assessments/:id. */
export function assessmentBody(draft: AssessmentDraft) {
  const total = draft.totalTimeSeconds.trim();
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    translations: sentTranslations(draft),
    type: draft.type,
    testIds: draft.tests.map((t) => t.id),
    qualifyingQuestionIds: draft.qualifying.map((q) => q.id),
    customQuestionIds: draft.custom.map((q) => q.id),
    videoQuestions: draft.videoQuestions.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      videoType: 'INTRO' as const,
      prompt: v.prompt.filter((p) => p.detail.trim()).map((p) => ({ language: p.language, detail: p.detail.trim() })),
      maxSeconds: v.maxSeconds,
      retakes: v.retakes,
    })),
    languages: draft.languages,
    totalTimeSeconds: total === '' ? null : Number(total),
    validFrom: fromLocalInput(draft.validFrom),
    validUntil: fromLocalInput(draft.validUntil),
    proctoring: draft.proctoring,
  };
}

/** What POST /api/assessments/check-languages is asked about: the content only (a video question not written yet has no languages to check). */
export function contentOf(draft: AssessmentDraft) {
  const { testIds, qualifyingQuestionIds, customQuestionIds, videoQuestions } = assessmentBody(draft);
  return { testIds, qualifyingQuestionIds, customQuestionIds, videoQuestions: videoQuestions.filter((v) => v.prompt.length > 0) };
}

/** The schema's messages (English), by field path, for every field or only those of one step. */
export function draftErrors(draft: AssessmentDraft, step?: number): Record<string, string> {
  const result = assessmentSchema.safeParse(assessmentBody(draft));
  if (result.success) return {};
  const all = fieldErrors(result.error);
  return step === undefined ? all : Object.fromEntries(Object.entries(all).filter(([path]) => stepOfField(path) === step));
}

/** The first step, up to `upTo`, that has a message; -1 when none has. */
export function firstFailingStep(errors: Record<string, string>, upTo = LAST_STEP): number {
  const steps = Object.keys(errors).map(stepOfField).filter((s) => s <= upTo);
  return steps.length ? Math.min(...steps) : -1;
}
