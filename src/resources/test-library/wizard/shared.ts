/** What the test wizard's steps share: the draft, a question as they list it, and field messages. */
import { useTranslate } from 'react-admin';
import type { QuestionCategory } from '../../../domain/content';
import type { NameTranslation } from '../../../domain/language';
import { translateMessage } from '../../../i18n/messages';

/** A question as the wizard lists it. */
export interface QuestionSummary {
  id: string;
  title: string;
  questionType: string;
  complexity: string | null;
}

export interface TestDraft {
  name: string;
  description: string;
  /** The name and description in other languages, as typed (empty ones are left out when sent). */
  translations: NameTranslation[];
  category: QuestionCategory;
  primarySkill: string;
  durationSeconds: number;
  tags: string[];
  shuffle: boolean;
  drawCount: number | null;
  questions: QuestionSummary[];
}

export type Errors = Partial<Record<string, string>>;

/** A field's message (English from the shared schema or the server) in the reader's language. */
export function useMessage() {
  const translate = useTranslate();
  return (message: string | undefined) => (message ? translateMessage(translate, message) : undefined);
}
