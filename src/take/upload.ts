/**
 * Uploads by signed ticket (POST media answers where and how to PUT): XMLHttpRequest, because
 * fetch cannot report upload progress. Failures come back as the API's own errors, so the same
 * retry rules apply.
 */
import type { MediaTicket } from '../domain/take';
import { failureCodes, NetworkError, TakeApiError } from './api';

export function uploadToTicket(ticket: MediaTicket, body: Blob, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.uploadUrl);
    for (const [name, value] of Object.entries(ticket.headers)) {
      // The browser sets Content-Length itself and refuses to be told.
      if (name.toLowerCase() !== 'content-length') xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      let payload: { msg?: string } | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as { msg?: string };
      } catch {
        // S3 answers XML: no sentence for the candidate in it.
      }
      reject(new TakeApiError(xhr.status, payload?.msg ?? '', undefined, undefined, failureCodes(payload)));
    };
    xhr.onerror = () => reject(new NetworkError('upload failed'));
    xhr.ontimeout = () => reject(new NetworkError('upload timed out'));
    xhr.onabort = () => reject(new NetworkError('upload aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The media type the server accepts for a recording, without its codecs ('video/webm;codecs=vp8,opus' → 'video/webm'). */
export const baseMimeType = (mimeType: string) => mimeType.split(';')[0].trim().toLowerCase();
