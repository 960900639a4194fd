/**
 * What an attempt keeps open while the candidate answers: the device's queues (answers, proctoring
 * events), the save status, the browser going offline and back, and a ping every 30 seconds
 * (keeps the candidate "online" for staff and the clock offset fresh, and says whether another
 * device has taken up the attempt).
 */
import { useEffect, useRef, useState } from 'react';
import type { OtherDevice } from '../domain/takeDevice';
import type { TakeApi } from './api';
import { EventQueue, openTakeDb, SaveQueue, type QueuedSave, type SaveStatus } from './queue';

export const PING_INTERVAL_MS = 30_000;

export interface AttemptSession {
  saves: SaveQueue | null;
  events: EventQueue | null;
  status: SaveStatus;
  /** Another device on this attempt, as the latest ping told (undefined until a ping answers). */
  otherDevice: OtherDevice | null | undefined;
  /** The device's storage could not be opened. */
  error: unknown;
}

export function useAttemptSession(api: TakeApi, token: string, onDropped: (save: QueuedSave, message: string, error: unknown) => void): AttemptSession {
  const [queues, setQueues] = useState<{ saves: SaveQueue; events: EventQueue } | null>(null);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<unknown>(null);
  const [otherDevice, setOtherDevice] = useState<OtherDevice | null | undefined>(undefined);
  const dropped = useRef(onDropped);
  useEffect(() => {
    dropped.current = onDropped;
  });

  useEffect(() => {
    let closed = false;
    let opened: { saves: SaveQueue; events: EventQueue; close: () => void } | null = null;
    openTakeDb()
      .then(async (db) => {
        const saves = await SaveQueue.open(db, {
          attempt: token,
          send: api.save,
          serverNow: () => api.clock.now(),
          onStatus: setStatus,
          onDropped: (save, message, error) => dropped.current(save, message, error),
        });
        const events = await EventQueue.open(db, { attempt: token, send: api.events });
        const close = () => {
          saves.close();
          events.close();
          db.close();
        };
        if (closed) return close();
        opened = { saves, events, close };
        saves.connectivityChanged();
        setQueues({ saves, events });
      })
      .catch(setError);
    const onConnectivity = () => {
      opened?.saves.connectivityChanged();
      if (navigator.onLine) opened?.events.retryNow();
    };
    window.addEventListener('online', onConnectivity);
    window.addEventListener('offline', onConnectivity);
    const ping = setInterval(() => void api.ping().then((answer) => setOtherDevice(answer.otherDevice ?? null), () => undefined), PING_INTERVAL_MS);
    return () => {
      closed = true;
      window.removeEventListener('online', onConnectivity);
      window.removeEventListener('offline', onConnectivity);
      clearInterval(ping);
      opened?.close();
    };
  }, [api, token]);

  return { saves: queues?.saves ?? null, events: queues?.events ?? null, status, otherDevice, error };
}
