import type { TakeState } from '../domain/take';

/** The devices an attempt needs: those the proctoring settings require, and both for video answers. */
export function neededDevices(state: TakeState): { camera: boolean; microphone: boolean } {
  const { proctoring, hasVideo } = state.assessment;
  return { camera: proctoring.cameraRequired || hasVideo, microphone: proctoring.microphoneRequired || hasVideo };
}
