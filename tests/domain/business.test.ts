/** The client business's pure rules: order figures, GSTIN checks, which licence pays, campaign states, mail templates. */
import { describe, expect, it } from 'vitest';
import { campaignStatus, fillTemplate, isValidGstin, licenceSpendOrder, licenceState, orderFigures, outstandingPaise, remainingCredits } from '../../src/domain/business';

const DAY = 86_400_000;
const now = Date.parse('2026-11-23T10:00:00Z');
const at = (days: number) => new Date(now + days * DAY);

describe('orderFigures', () => {
  it('prices credits, adds tax rounded half up to the paisa, and totals them', () => {
    expect(orderFigures(10, 150_000, 1800)).toEqual({ credits: 10, unitPricePaise: 150_000, taxRateBp: 1800, subtotalPaise: 1_500_000, taxPaise: 270_000, totalPaise: 1_770_000 });
    // 3 × ₹0.05 at 18 %: 2.7 paise of tax rounds to 3; 1 × ₹0.25 at 18 %: 4.5 paise rounds up to 5.
    expect(orderFigures(3, 5, 1800).taxPaise).toBe(3);
    expect(orderFigures(1, 25, 1800).taxPaise).toBe(5);
    expect(orderFigures(7, 99_900, 0)).toMatchObject({ taxPaise: 0, totalPaise: 699_300 });
  });

  it('owes what the payments have not covered, never less than nothing', () => {
    expect(outstandingPaise(1_770_000, 1_000_000)).toBe(770_000);
    expect(outstandingPaise(1_770_000, 2_000_000)).toBe(0);
  });
});

describe('isValidGstin', () => {
  it('accepts well-formed GSTINs whose check character is right, in any case and with spaces around', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(' 29aagcb7383j1z4 ')).toBe(true);
  });

  it('refuses a wrong check character, a wrong shape and a wrong length', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1AV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('')).toBe(false);
  });
});

describe('licences', () => {
  const licence = (over: Partial<Parameters<typeof licenceState>[0]> & { id: string; assessmentId?: string | null; createdAt?: Date }) => ({
    credits: 10,
    used: 0,
    validFrom: at(-10),
    validUntil: at(30),
    revokedAt: null,
    assessmentId: null,
    createdAt: at(-10),
    ...over,
  });

  it('says whether a licence is upcoming, valid, used up, expired or revoked', () => {
    expect(licenceState(licence({ id: 'a' }), now)).toBe('VALID');
    expect(licenceState(licence({ id: 'a', validFrom: at(1) }), now)).toBe('UPCOMING');
    expect(licenceState(licence({ id: 'a', used: 10 }), now)).toBe('EXHAUSTED');
    expect(licenceState(licence({ id: 'a', validUntil: at(0) }), now)).toBe('EXPIRED');
    expect(licenceState(licence({ id: 'a', revokedAt: at(-1) }), now)).toBe('REVOKED');
    expect(remainingCredits({ credits: 10, used: 12 })).toBe(0);
  });

  it('spends the valid licence that expires soonest, this assessment’s before any assessment’s, then the oldest', () => {
    const order = licenceSpendOrder(
      [
        licence({ id: 'any-late', validUntil: at(90) }),
        licence({ id: 'other-assessment', assessmentId: 'other', validUntil: at(1) }),
        licence({ id: 'expired', validUntil: at(-1) }),
        licence({ id: 'used-up', used: 10, validUntil: at(2) }),
        licence({ id: 'any-soon', validUntil: at(5) }),
        licence({ id: 'this-soon', assessmentId: 'this', validUntil: at(5) }),
        licence({ id: 'this-soon-newer', assessmentId: 'this', validUntil: at(5), createdAt: at(-1) }),
        licence({ id: 'upcoming', validFrom: at(1), validUntil: at(3) }),
      ],
      'this',
      now,
    );
    expect(order.map((l) => l.id)).toEqual(['this-soon', 'this-soon-newer', 'any-soon', 'any-late']);
  });
});

describe('campaigns', () => {
  it('is scheduled before its start, running until its end, then ended; cancelled whatever the dates', () => {
    expect(campaignStatus({ startsAt: at(1), endsAt: at(10) }, now)).toBe('SCHEDULED');
    expect(campaignStatus({ startsAt: at(-1), endsAt: at(10) }, now)).toBe('RUNNING');
    expect(campaignStatus({ startsAt: at(-10), endsAt: at(-1) }, now)).toBe('ENDED');
    expect(campaignStatus({ startsAt: at(-1), endsAt: at(10), cancelledAt: at(0) }, now)).toBe('CANCELLED');
  });

  it('fills the placeholders of a mail, leaving unknown ones as written', () => {
    expect(fillTemplate('Dear {{name}}, take {{ assessment }} at {{link}} by {{validUntil}}. {{unknown}}', { name: 'Asha', assessment: 'Graduate test', link: 'https://x/take/abc', validUntil: '30 Nov 2026' })).toBe(
      'Dear Asha, take Graduate test at https://x/take/abc by 30 Nov 2026. {{unknown}}',
    );
  });
});
