/**
 * The device check: each way getUserMedia fails has its own translated sentence (permission
 * refused, no device, device in use, a page that is not secure), only the devices the assessment
 * needs are asked for, and Try again asks again.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DeviceCheck from '../../src/take/DeviceCheck';
import { deviceProblem } from '../../src/take/mediaDevices';
import { renderTake } from './takeKit';

const fakeStream = (kinds: ('video' | 'audio')[]) => {
  const tracks = kinds.map((kind) => ({ kind, readyState: 'live', stop: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() }));
  return { getTracks: () => tracks, getVideoTracks: () => tracks.filter((t) => t.kind === 'video'), getAudioTracks: () => tracks.filter((t) => t.kind === 'audio') } as unknown as MediaStream;
};

let getUserMedia: ReturnType<typeof vi.fn>;
beforeEach(() => {
  getUserMedia = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
});
afterEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
});

const failure = (name: string) => Object.assign(new Error(name), { name });

describe('the device check', () => {
  it('names each getUserMedia failure', () => {
    expect(['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].map((n) => deviceProblem(failure(n)))).toEqual(['notAllowed', 'notAllowed', 'notAllowed']);
    expect(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].map((n) => deviceProblem(failure(n)))).toEqual(['notFound', 'notFound', 'notFound']);
    expect(['NotReadableError', 'TrackStartError', 'AbortError'].map((n) => deviceProblem(failure(n)))).toEqual(['inUse', 'inUse', 'inUse']);
    expect(deviceProblem(failure('TypeError'))).toBe('other');
    expect(deviceProblem(null)).toBe('other');
  });

  it.each([
    ['NotAllowedError', 'Your browser was not allowed to use the camera or microphone. Allow them in the site settings (the icon beside the address), then try again.'],
    ['NotFoundError', 'No camera or microphone was found. Connect one, then try again.'],
    ['NotReadableError', 'Your camera or microphone is being used by another app. Close that app, then try again.'],
  ])('says what %s means, and Try again asks again', async (name, sentence) => {
    getUserMedia.mockRejectedValueOnce(failure(name)).mockResolvedValueOnce(fakeStream(['video', 'audio']));
    const onReady = vi.fn();
    await renderTake(<DeviceCheck camera microphone resuming={false} busy={false} error={null} onReady={onReady} />);
    expect(await screen.findByText(sentence)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start the assessment' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your camera and microphone work.')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Start the assessment' }));
    expect(onReady).toHaveBeenCalledWith(expect.objectContaining({ getTracks: expect.any(Function) }));
  });

  it('in Hindi too', async () => {
    getUserMedia.mockRejectedValue(failure('NotAllowedError'));
    await renderTake(<DeviceCheck camera microphone resuming={false} busy={false} error={null} onReady={() => undefined} />, { language: 'hi' });
    expect(await screen.findByText(/आपके ब्राउज़र को कैमरा या माइक्रोफ़ोन इस्तेमाल करने की अनुमति नहीं मिली/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  });

  it('on a page that is not secure says so without asking (browsers refuse there)', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    await renderTake(<DeviceCheck camera microphone resuming={false} busy={false} error={null} onReady={() => undefined} />);
    expect(await screen.findByText(/Your browser allows the camera only on a secure page/)).toBeTruthy();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('without mediaDevices at all says the same', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    await renderTake(<DeviceCheck camera microphone={false} resuming={false} busy={false} error={null} onReady={() => undefined} />);
    expect(await screen.findByText(/Your browser allows the camera only on a secure page/)).toBeTruthy();
  });

  it('asks only for what the assessment needs', async () => {
    getUserMedia.mockResolvedValue(fakeStream(['video']));
    await renderTake(<DeviceCheck camera microphone={false} resuming={false} busy={false} error={null} onReady={() => undefined} />);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
    expect(getUserMedia.mock.calls[0][0]).toMatchObject({ audio: false, video: expect.objectContaining({ facingMode: 'user' }) });
    expect(await screen.findByRole('heading', { name: 'Check your camera' })).toBeTruthy();
    expect(screen.getByLabelText('Your camera')).toBeTruthy();
  });

  it('asks for nothing when the assessment needs no device', async () => {
    const onReady = vi.fn();
    await renderTake(<DeviceCheck camera={false} microphone={false} resuming={false} busy={false} error={null} onReady={onReady} />);
    expect(screen.getByText('This assessment does not use your camera or microphone.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start the assessment' }));
    expect(onReady).toHaveBeenCalledWith(null);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('welcomes a candidate back and turns the devices on again before going on', async () => {
    getUserMedia.mockResolvedValue(fakeStream(['video', 'audio']));
    await renderTake(<DeviceCheck camera microphone resuming busy={false} error={null} onReady={() => undefined} />);
    expect(screen.getByText('Welcome back. Turn your camera and microphone on again to continue.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue the assessment' })).toBeTruthy();
  });
});
