import { describe, expect, it } from 'vitest';
import { DEFAULT_PROCTORING } from '../../src/domain/assessment';
import { snapshotTicketLimit, UNTIMED_PART_SECONDS } from '../../src/domain/take';

const part = (durationSeconds: number | null, questions = 3) => ({ durationSeconds, questionIds: Array.from({ length: questions }, (_, i) => `q${i}`) });

describe('snapshot tickets an attempt may ask for', () => {
  it('are two per interval of the attempt’s time, plus ten', () => {
    // 600 + 900 s at one snapshot a minute: 25 intervals.
    expect(snapshotTicketLimit([part(600), part(900)], DEFAULT_PROCTORING, null)).toBe(2 * 25 + 10);
  });

  it('count extra time, untimed parts as an hour, and parts without questions not at all', () => {
    expect(snapshotTicketLimit([part(600)], DEFAULT_PROCTORING, { percent: 50 })).toBe(2 * 15 + 10);
    expect(snapshotTicketLimit([part(null), part(null, 0)], DEFAULT_PROCTORING, null)).toBe(2 * (UNTIMED_PART_SECONDS / 60) + 10);
  });

  it('are none when the assessment takes no snapshots', () => {
    expect(snapshotTicketLimit([part(600)], { ...DEFAULT_PROCTORING, cameraRequired: false }, null)).toBe(0);
    expect(snapshotTicketLimit([part(600)], { ...DEFAULT_PROCTORING, snapshotIntervalSeconds: null }, null)).toBe(0);
  });
});
