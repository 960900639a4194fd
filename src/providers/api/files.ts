/** Files the server sends back to be saved: its PDFs. */
import { api } from '../httpClient';

/** The file name a Content-Disposition header gives (its UTF-8 form first), else null. */
function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

/**
 * Asks the server for a PDF (a report, an invoice) and saves it under the name the server gives.
 * Goes through the app's HTTP client (token, one refresh on a 401); a failure's JSON body is
 * decoded so that its message reaches the caller (the 503 of a server without Chromium among them).
 */
export async function downloadPdf(url: string, fallbackName: string): Promise<void> {
  const res = await api.request<ArrayBuffer>({
    url,
    responseType: 'arraybuffer',
    timeout: 120_000,
    transformResponse: [(data: unknown, _headers: unknown, status?: number) => (data instanceof ArrayBuffer && status !== undefined && status >= 400 ? parseJson(data) : data)],
  });
  const blob = new Blob([res.data], { type: 'application/pdf' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(res.headers['content-disposition'] as string | undefined) ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is let go a little later for slow browsers.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

function parseJson(data: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    return {};
  }
}
