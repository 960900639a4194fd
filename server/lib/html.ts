/**
 * HTML written on the server (the careers pages): every value put into a page goes through one
 * escaping, unless it is HTML this code made itself or sanitized (`SafeHtml`). `html` is a tagged
 * template that escapes each interpolated value, so escaping is the default and forgetting it is not
 * possible; `jsonForScript` writes JSON that no `</script>` or comment in it can break out of.
 */

/** HTML known to be safe: built by `html`, or sanitized and wrapped by `trustedHtml`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as it may stand in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** `html\`<h1>${title}</h1>\``: the values escaped (null, undefined and false leave nothing; arrays are joined). */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => (out += render(value) + strings[i + 1]));
  return new SafeHtml(out);
}

/** HTML that was sanitized with the rich-text allow-list (server/lib/sanitize.ts) and may be put in as it is. */
export const trustedHtml = (sanitized: string) => new SafeHtml(sanitized);

/**
 * JSON for a `<script type="application/ld+json">` (or any script element): `<`, `>` and `&` are
 * written as \u escapes, which JSON reads back as the same characters, so a value holding
 * `</script>` or `<!--` cannot end the element; U+2028 and U+2029 too, for old JavaScript parsers.
 */
export const jsonForScript = (value: unknown) =>
  new SafeHtml(
    JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
