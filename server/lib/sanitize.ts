/**
 * Rich text from the editor, cleaned on the server with an allow-list: the editor's formats
 * (bold, italic, underline, strike, blockquote, code block, lists, links, images, video,
 * indent 1 to 8); image, video and link sources limited to http, https and data URLs.
 */
import sanitizeHtml from 'sanitize-html';

const INDENT_CLASSES = Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img', 'video', 'source', 'iframe', 'h1', 'h2', 'h3', 'span', 'sub', 'sup', 'hr'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    source: ['src', 'type'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'],
    '*': ['class', 'data-indent'],
  },
  allowedClasses: { '*': [...INDENT_CLASSES, 'ql-syntax', 'ql-video', 'ql-align-center', 'ql-align-right', 'ql-align-justify'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], video: ['http', 'https', 'data'], source: ['http', 'https', 'data'], iframe: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links open safely in a new tab.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The visible text of rich text, for search. */
export function plainText(html: string): string {
  const spaced = html.replace(/<\/(p|li|h\d|blockquote|pre|div)>|<br\s*\/?>/gi, ' ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
