/**
 * File uploads (specification section 7): ask the server for a signed URL with a timestamped key,
 * PUT the file there, and keep the URL it will be read from.
 */
import { api, request } from './httpClient';

export interface SignedUpload {
  preSignedUrl: string;
  objectUrl: string;
}

/** Media a question may show, with the largest size the server accepts for each. */
export const MEDIA_UPLOADS = {
  IMAGE: { accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], maxBytes: 10 * 1024 * 1024 },
  VIDEO: { accept: ['video/mp4', 'video/webm'], maxBytes: 200 * 1024 * 1024 },
} as const;

/** A key the server accepts (letters, digits, dot, dash, underscore), prefixed with the time. */
export function uploadKey(fileName: string, nowMs = Date.now()): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'file';
  const extension = dot > 0 ? fileName.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '').slice(0, 10) : '';
  return `${nowMs}-${stem.slice(0, 80)}${extension ? `.${extension}` : ''}`;
}

/** Uploads one file; reports progress from 0 to 1 and answers the file's public URL. `signal` cancels it. */
export async function uploadFile(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return (await uploadSigned<SignedUpload>('/api/utils/pre-signed-url', file, onProgress, signal)).objectUrl;
}

/** Uploads one file through the signing call at `signUrl` (each kind of upload has its own checks), answering what the call answered. */
export async function uploadSigned<T extends SignedUpload>(signUrl: string, file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  // The size lets the server refuse a file past the storage quota before it is sent (and S3 signs it).
  const signed = await request<T>({ url: signUrl, params: { key: uploadKey(file.name), contentType: file.type, size: file.size }, signal });
  await api.put(signed.preSignedUrl, file, {
    signal,
    headers: { 'Content-Type': file.type },
    withCredentials: false,
    timeout: 0,
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(event.loaded / event.total);
    },
  });
  return signed;
}
