import { inLanguage, type NameTranslation } from '../domain/language';
import type { TakePart, TakeState } from '../domain/take';
import type { Translate } from '../i18n/take';

/** The language names are read in: the page's until the attempt starts, then the attempt's. */
export const namesLanguage = (state: Pick<TakeState, 'invitation'>, pageLanguage: string) =>
  state.invitation.status === 'PENDING' ? pageLanguage : (state.invitation.language ?? pageLanguage);

/** A name and description in a language, else in English (the author's fallback, never shown as missing). */
export const nameFor = (names: readonly NameTranslation[], language: string): NameTranslation => inLanguage(names, language) ?? { language, name: '', description: null };

/** A part's name: the test's own in the language, else what the part holds. */
export const partName = (part: Pick<TakePart, 'kind' | 'titles'>, t: Translate, language: string) => (part.titles ? nameFor(part.titles, language).name : null) || t(`parts.${part.kind}`);
