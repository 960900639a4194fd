/**
 * The devices an attempt is taken on. The page names its device on every request (TAKE_DEVICE_HEADER:
 * a random id kept in that device's storage). Once the attempt is under way, a device new to it is
 * written once; when another device was there before, a SECOND_DEVICE event is recorded (integrity
 * evidence on the report) and both pages are told (`otherDevice` in the state and the ping). Both
 * pages go on: two devices may be a candidate's own phone and laptop, for a person to judge.
 *
 * Known devices are cached per attempt, so the save path pays a map lookup; several server
 * instances each learn a new device from the table (its primary key decides who writes it first).
 */
import { DEVICE_ID_PATTERN, deviceLabel, TAKE_DEVICE_HEADER, type OtherDevice } from '../../../src/domain/takeDevice';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { TtlCache } from './cache';
import { insertEvents } from './queries';

interface SeenDevice {
  deviceId: string;
  label: string;
  firstSeenAt: number;
}

/** The device a request names, if it names one properly. */
export function requestDevice(headers: Record<string, string | string[] | undefined>): { id: string; label: string } | null {
  const id = headers[TAKE_DEVICE_HEADER];
  if (typeof id !== 'string' || !DEVICE_ID_PATTERN.test(id)) return null;
  const agent = headers['user-agent'];
  return { id, label: deviceLabel(typeof agent === 'string' ? agent : undefined) };
}

export class AttemptDevices {
  private readonly known = new TtlCache<SeenDevice[]>(60_000, 20_000);

  constructor(private readonly db: Kysely<Database>) {}

  /** Notes a device on an attempt under way (once), recording a second device's arrival; answers the devices known. */
  async note(invitationId: string, device: { id: string; label: string }, now: number): Promise<SeenDevice[]> {
    const cached = this.known.get(invitationId, now);
    if (cached?.some((d) => d.deviceId === device.id)) return cached;
    const inserted = await this.db
      .insertInto('attemptDevices')
      .values({ invitationId, deviceId: device.id, label: device.label, firstSeenAt: new Date(now) })
      .onConflict((oc) => oc.columns(['invitationId', 'deviceId']).doNothing())
      .returning('deviceId')
      .executeTakeFirst();
    const devices = await this.load(invitationId, now);
    if (inserted && devices.some((d) => d.deviceId !== device.id)) {
      // Keyed by the device, so a retried request never records it twice.
      await insertEvents(this.db, invitationId, [{ key: `second-device:${device.id}`, type: 'SECOND_DEVICE', occurredAt: now, detail: { device: device.label } }]);
    }
    return devices;
  }

  /** The other device of an attempt, as this one's page is told of it: the earliest other, or null. */
  async otherThan(invitationId: string, deviceId: string | null, now: number): Promise<OtherDevice | null> {
    if (deviceId === null) return null;
    const devices = this.known.get(invitationId, now) ?? (await this.load(invitationId, now));
    if (devices.length < 2) return null;
    const other = devices.find((d) => d.deviceId !== deviceId);
    if (!other) return null;
    const mine = devices.find((d) => d.deviceId === deviceId);
    // Whichever came second is when the attempt became open on two devices.
    return { joinedAt: Math.max(other.firstSeenAt, mine?.firstSeenAt ?? other.firstSeenAt), device: other.label };
  }

  private async load(invitationId: string, now: number): Promise<SeenDevice[]> {
    const rows = await this.db.selectFrom('attemptDevices').select(['deviceId', 'label', 'firstSeenAt']).where('invitationId', '=', invitationId).orderBy('firstSeenAt').execute();
    const devices = rows.map((r) => ({ deviceId: r.deviceId, label: r.label, firstSeenAt: r.firstSeenAt.getTime() }));
    this.known.set(invitationId, devices, now);
    return devices;
  }

  clear(): void {
    this.known.clear();
  }
}
