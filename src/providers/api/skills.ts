/** Sub-skills and their report content (server/modules/skills), and a language's interface words (languages). */
import type { BandThresholds, RatingBand } from '../../domain/content';
import type { NameTranslation } from '../../domain/language';
import type { z } from 'zod';
import type { languageContentAnswerSchema } from '../../domain/masterDataAnswers';
import type { reportContentRecordSchema, subSkillRecordSchema } from '../../domain/skillAnswers';
import type { ReportContents } from '../../resources/skills/SkillViews';
import { del, enc, get, post, put } from './calls';

const subSkill = (subSkillId: string) => `/api/types/questiontype/${enc(subSkillId)}`;
const reportContent = (skillId: string, subSkillId: string) => `/api/skills/${enc(skillId)}/sub-skills/${enc(subSkillId)}/report-content`;
const languageContent = (languageId: string) => `/api/language/language-content/${enc(languageId)}`;

export interface SubSkillInput {
  label: string;
  thresholds: BandThresholds;
  translations: NameTranslation[];
}

/** A sub-skill as adding, saving or deleting it answers. */
type SubSkillRecord = z.input<typeof subSkillRecordSchema>;

export const skillsApi = {
  addSubSkill: (skillId: string, label: string) => post<SubSkillRecord>('/api/types/questiontypes', { testTypeId: skillId, label }),
  saveSubSkill: (subSkillId: string, input: SubSkillInput) => put<SubSkillRecord>(subSkill(subSkillId), input),
  deleteSubSkill: (skillId: string, subSkillId: string) => del<SubSkillRecord>(`/api/types/questiontype/${enc(skillId)}/${enc(subSkillId)}`),
  /** What a report says of each band of a sub-skill, per language. */
  getReportContent: (skillId: string, subSkillId: string) => get<ReportContents>(reportContent(skillId, subSkillId)),
  saveReportContent: (skillId: string, subSkillId: string, content: { band: RatingBand; languageId: string; content: string }) =>
    put<z.input<typeof reportContentRecordSchema>>(reportContent(skillId, subSkillId), content),
  /** A language's words for the interface, by key. */
  getLanguageContent: (languageId: string) => get<z.input<typeof languageContentAnswerSchema>>(languageContent(languageId)),
  saveLanguageContent: (languageId: string, content: Record<string, string>) => put(languageContent(languageId), { content }),
};
