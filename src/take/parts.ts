import type { TakePart } from '../domain/take';
import type { Translate } from '../i18n/take';

/** A part's name: the test's own, else what the part holds. */
export const partName = (part: Pick<TakePart, 'kind' | 'title'>, t: Translate) => part.title ?? t(`parts.${part.kind}`);
