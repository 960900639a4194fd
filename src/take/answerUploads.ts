/**
 * Answers that are files (a video answer) go up by signed ticket before they can be saved: this is
 * the one place that knows which are uploading and which failed, so that the page's status never
 * says "Saved" while one is on its way or lost, finishing a section warns first, and a failed one
 * can be tried again from its question even after the candidate went to another question and back
 * (the recording is kept here, not in the question's widget).
 *
 * One tracker per open section (PartQuestions): an answer saves only into an open section, so an
 * upload of a section already closed cannot be tried again and the next section does not show it.
 *
 * Webcam snapshots are not tracked here: they are proctoring evidence, not the candidate's answers,
 * retried on their own every few seconds, and nothing the candidate does would bring one back.
 */
import { createContext, useContext, useState, useSyncExternalStore } from 'react';
import type { SaveStatus } from './queue';

export type UploadState = { kind: 'uploading'; progress: number } | { kind: 'failed'; error: unknown };

/**
 * One upload's work: sends the file (saying how far it got) and gives the answer once it is up;
 * run again as it is to try again, so it keeps what it needs (the recording, its ticket).
 */
export type UploadTask = (onProgress: (fraction: number) => void) => Promise<void>;

export interface UploadSummary {
  /** How many answers are uploading. */
  uploading: number;
  /** The questions whose answer did not upload (a retry is waiting for the candidate). */
  failed: readonly string[];
}

const NOTHING: UploadSummary = { uploading: 0, failed: [] };

interface Entry {
  state: UploadState;
  task: UploadTask;
}

export class AnswerUploads {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private idle: (() => void)[] = [];
  private summaryNow: UploadSummary = NOTHING;

  /** Uploads a question's answer (in place of any earlier one of it): true once up and answered, false when it failed. */
  start(questionId: string, task: UploadTask): Promise<boolean> {
    const entry: Entry = { state: { kind: 'uploading', progress: 0 }, task };
    this.entries.set(questionId, entry);
    return this.run(questionId, entry);
  }

  /** Runs a failed upload again (false when none of that question failed). */
  retry(questionId: string): Promise<boolean> {
    const entry = this.entries.get(questionId);
    if (!entry || entry.state.kind !== 'failed') return Promise.resolve(false);
    return this.run(questionId, entry);
  }

  /** A question's upload under way or failed; undefined when it has none (never started, or done). */
  get(questionId: string): UploadState | undefined {
    return this.entries.get(questionId)?.state;
  }

  /** What the page's status and the finishing dialog need: the same object until it changes. */
  summary(): UploadSummary {
    return this.summaryNow;
  }

  /** Resolves once no answer is uploading (failed ones wait for the candidate: they do not hold this up). */
  settled(): Promise<void> {
    if (this.summaryNow.uploading === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private async run(questionId: string, entry: Entry): Promise<boolean> {
    const current = () => this.entries.get(questionId) === entry;
    this.update(entry, { kind: 'uploading', progress: 0 });
    try {
      await entry.task((progress) => {
        if (current() && entry.state.kind === 'uploading') this.update(entry, { kind: 'uploading', progress });
      });
      if (current()) {
        this.entries.delete(questionId);
        this.changed();
      }
      return true;
    } catch (error) {
      if (current()) this.update(entry, { kind: 'failed', error });
      return false;
    }
  }

  private update(entry: Entry, state: UploadState) {
    entry.state = state;
    this.changed();
  }

  private changed() {
    const states = [...this.entries];
    const uploading = states.filter(([, e]) => e.state.kind === 'uploading').length;
    const failed = states.filter(([, e]) => e.state.kind === 'failed').map(([questionId]) => questionId);
    const before = this.summaryNow;
    if (uploading !== before.uploading || failed.join('\n') !== before.failed.join('\n')) {
      this.summaryNow = uploading === 0 && failed.length === 0 ? NOTHING : { uploading, failed };
    }
    if (uploading === 0) this.idle.splice(0).forEach((resolve) => resolve());
    this.listeners.forEach((listener) => listener());
  }
}

const UploadsContext = createContext<AnswerUploads | null>(null);

/** Given by the open section (PartQuestions) to its status line and its answers. */
export const AnswerUploadsProvider = UploadsContext.Provider;

/** The section's tracker; a widget shown on its own (as in a test) gets one of its own. */
export function useAnswerUploads(): AnswerUploads {
  const shared = useContext(UploadsContext);
  const [own] = useState(() => new AnswerUploads());
  return shared ?? own;
}

const never = () => () => undefined;

/** The uploads' summary, kept current; nothing uploading or failed outside a section (the section's intro). */
export function useUploadSummary(): UploadSummary {
  const uploads = useContext(UploadsContext);
  return useSyncExternalStore(uploads?.subscribe ?? never, () => uploads?.summary() ?? NOTHING);
}

/** A question's upload, kept current (its progress too). */
export function useUpload(uploads: AnswerUploads, questionId: string): UploadState | undefined {
  return useSyncExternalStore(uploads.subscribe, () => uploads.get(questionId));
}

/**
 * What the page says of the candidate's answers: a failed upload first (it needs the candidate),
 * then one uploading (an answer on its way is not on the device either, so "offline: kept on this
 * device" would not be true of it), then the answers' queue. Never "saved" while an upload is
 * pending or failed.
 */
export type PageStatus = SaveStatus | 'uploading' | 'uploadFailed';

export function pageStatus(queue: SaveStatus, uploads: UploadSummary): PageStatus {
  if (uploads.failed.length) return 'uploadFailed';
  if (uploads.uploading) return 'uploading';
  return queue;
}
