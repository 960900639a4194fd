/**
 * What identifies this device's saves: a random device id and a sequence number that only grows,
 * both kept in localStorage (in memory where storage is refused, as in some private windows).
 */
import { DEVICE_ID_PATTERN } from '../domain/takeDevice';

const DEVICE_KEY = 'skillgauge.take.deviceId';
const SEQ_KEY = 'skillgauge.take.seq';

/** A random URL-safe key (128 bits). crypto.getRandomValues works on plain http too, unlike randomUUID. */
export function randomKey(bytes = 16): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buffer)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const memory = new Map<string, string>();
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}
function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
}

export function deviceId(): string {
  let id = read(DEVICE_KEY);
  if (!id || !DEVICE_ID_PATTERN.test(id)) {
    id = randomKey();
    write(DEVICE_KEY, id);
  }
  return id;
}

/** The next sequence number of this device; never below `atLeast` (the highest one still queued). */
export function nextSeq(atLeast = 0): number {
  const stored = Number(read(SEQ_KEY));
  const next = Math.max(Number.isSafeInteger(stored) && stored >= 0 ? stored + 1 : 0, atLeast);
  write(SEQ_KEY, String(next));
  return next;
}
