/**
 * The candidate's device as the page names it to the server (kept apart from take.ts so that the
 * page's first screen carries no schema library for it).
 */

/** The header the page names its device in (a random id kept in the device's storage), on every request. */
export const TAKE_DEVICE_HEADER = 'x-take-device';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** Another device that took up this attempt while it was under way: when it (or this one, if it came later) joined, and what it is. */
export interface OtherDevice {
  joinedAt: number;
  device: string;
}

/** A short name for a device from its user agent ('Chrome on Android'), for people to read; never used to decide anything. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'a browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : 'an unknown system';
  return `${browser} on ${system}`;
}
