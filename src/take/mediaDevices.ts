/** Camera and microphone: what to ask for, and each way getUserMedia fails, named for the candidate. */

export type DeviceProblem = 'notAllowed' | 'notFound' | 'inUse' | 'insecure' | 'other';

/** Whether this page may ask for devices at all: browsers allow it only on secure pages (https, localhost). */
export function canAskForDevices(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** The problem behind a getUserMedia failure (the DOMException's name; older names too). */
export function deviceProblem(error: unknown): DeviceProblem {
  switch ((error as { name?: string } | null)?.name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'notAllowed';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    default:
      return 'other';
  }
}

/** Asks for only what is needed; a front camera at a modest size (snapshots and answers do not need more). */
export function requestDevices(needs: { camera: boolean; microphone: boolean }): Promise<MediaStream> {
  if (!canAskForDevices()) return Promise.reject(Object.assign(new Error('insecure'), { name: 'InsecureContext' }));
  return navigator.mediaDevices.getUserMedia({
    video: needs.camera ? { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } } : false,
    audio: needs.microphone ? { echoCancellation: true, noiseSuppression: true } : false,
  });
}

/** Whether a stream still has a live track of each kind needed. */
export function streamWorks(stream: MediaStream | null, needs: { camera: boolean; microphone: boolean }): boolean {
  if (!stream) return !needs.camera && !needs.microphone;
  const live = (tracks: MediaStreamTrack[]) => tracks.some((t) => t.readyState === 'live');
  return (!needs.camera || live(stream.getVideoTracks())) && (!needs.microphone || live(stream.getAudioTracks()));
}
