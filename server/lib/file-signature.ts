/**
 * Whether a file's first bytes are what its declared type says (file-type reads the signatures):
 * a candidate's snapshot declared as image/jpeg must be a JPEG, not an HTML page. Text types have no
 * signature and always match.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { UploadContentType } from './storage';

/** How many first bytes file-type needs to recognise every type below. */
export const SIGNATURE_BYTES = 4100;

/** The types file-type may report for a file of each declared type (a WebM is a Matroska file; an MP4 may carry a QuickTime brand). */
const DETECTED: Record<UploadContentType, readonly string[] | null> = {
  'image/png': ['image/png'],
  'image/jpeg': ['image/jpeg'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'video/mp4': ['video/mp4', 'video/quicktime', 'video/x-m4v', 'audio/mp4', 'audio/x-m4a'],
  'video/webm': ['video/webm', 'video/x-matroska', 'audio/webm'],
  'audio/webm': ['audio/webm', 'video/webm', 'video/x-matroska'],
  'audio/mpeg': ['audio/mpeg'],
  'text/csv': null,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  'application/pdf': ['application/pdf'],
  // A Word 97-2003 file is an OLE compound file.
  'application/msword': ['application/x-cfb', 'application/msword'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
};

export async function matchesSignature(head: Uint8Array, contentType: UploadContentType): Promise<boolean> {
  const accepted = DETECTED[contentType];
  if (accepted === null) return true;
  const detected = await fileTypeFromBuffer(head);
  return !!detected && accepted.includes(detected.mime);
}
