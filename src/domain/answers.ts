/**
 * The API's success answers (issue 21, "no response contract"): every route declares what it
 * answers with these, the server validates its answer against it (server/lib/answers.ts), the
 * OpenAPI document describes it, and the browser's types are the schemas' wire form
 * (`z.input<typeof schema>`), so a changed answer is a type error on both sides rather than a
 * surprise on one. Failures are `failureSchema` (allMessages.ts).
 *
 * Marked pure so that a bundle which imports this file but not a schema leaves it out.
 */
import { z } from 'zod';

/**
 * A moment as it travels: an ISO 8601 string on the wire, a Date on the server (Kysely reads
 * timestamps as Dates; encoding gives the same `toISOString()` JSON.stringify gave).
 */
export const timestamp = /* @__PURE__ */ z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** The success envelope `{result: 1, data}` around an answer's data. */
export const answerOf = <T extends z.ZodType>(data: T) => z.object({ result: z.literal(1), data });

/** `{id}`: what a delete or an add without more to say answers. */
export const idAnswerSchema = /* @__PURE__ */ z.object({ id: z.string() });
export type IdAnswer = z.input<typeof idAnswerSchema>;

/** An option of a dropdown: its value and its words (some carry more, declared by their route). */
export const optionSchema = /* @__PURE__ */ z.object({ _id: z.string(), label: z.string() });
export type Option = z.input<typeof optionSchema>;

/** A signed upload (server/lib/storage.ts SignedUpload): where to PUT the file, where it is read, until when. */
export const signedUploadSchema = /* @__PURE__ */ z.object({ preSignedUrl: z.string(), objectUrl: z.string(), key: z.string(), expiresAt: z.string(), maxBytes: z.number() });

/** A record's name and description in a language other than English, as stored (language.ts NameTranslation). */
export const nameTranslationAnswerSchema = /* @__PURE__ */ z.object({ language: z.string(), name: z.string(), description: z.string().nullable() });
