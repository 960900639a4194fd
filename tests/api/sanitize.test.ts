/** Rich text is cleaned with the editor's allow-list. */
import { describe, expect, it } from 'vitest';
import { plainText, sanitizeRichText } from '../../server/lib/sanitize';

describe('sanitizeRichText', () => {
  it('strips script tags, event handlers and javascript: links', () => {
    const dirty = '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <img src="x" onerror="steal()"></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi');
  });

  it('keeps the editor formats, indent levels 1 to 8 and safe links', () => {
    const html =
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s></p><blockquote>q</blockquote><pre class="ql-syntax">code</pre><ol><li class="ql-indent-8">x</li></ol><p class="ql-indent-9">too deep</p><a href="https://example.com">l</a>';
    const clean = sanitizeRichText(html);
    for (const part of ['<strong>b</strong>', '<em>i</em>', '<u>u</u>', '<s>s</s>', '<blockquote>q</blockquote>', 'class="ql-syntax"', 'class="ql-indent-8"']) expect(clean).toContain(part);
    expect(clean).not.toContain('ql-indent-9');
    expect(clean).toContain('href="https://example.com"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('allows image and video sources over http, https and data only', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toContain('src="data:image/png;base64,AAAA"');
    expect(sanitizeRichText('<img src="https://cdn.example.com/a.png">')).toContain('src="https://cdn.example.com/a.png"');
    expect(sanitizeRichText('<img src="file:///etc/passwd">')).not.toContain('file:');
    expect(sanitizeRichText('<video src="vbscript:x"></video>')).not.toContain('vbscript');
    expect(sanitizeRichText('<iframe src="http://insecure.example.com"></iframe>')).not.toContain('insecure');
  });

  it('gives the visible text for search, with blocks separated', () => {
    expect(plainText('<p>Hello <b>world</b></p><p>again</p>')).toBe('Hello world again');
  });
});
