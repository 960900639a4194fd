/**
 * A server sentence's slug, the key it is translated under (the admin's app.validation.<slug>, the
 * candidate page's server.<slug>). Apart from messages.ts so the candidate's page does not carry
 * the admin's list of sentences.
 */

/** "Enter the 6-digit code" → "enter_the_6digit_code", the key under app.validation. */
export const messageSlug = (message: string) =>
  message
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .trim()
    .replace(/\s+/g, '_');
