/**
 * What every PDF of this server shares (the candidate report, the invoice): one PdfRenderer (one
 * Chromium) per server, whether it can print here, and the server's own address for its browser.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { PdfRenderer } from './renderer';

export interface Printing {
  renderer: PdfRenderer;
  /** Chromium is installed and this server serves the app whose print pages it prints. */
  available: () => boolean;
  /** This server as its own browser reaches it: the address it listens on, over loopback when it listens on all. */
  ownOrigin: () => string | null;
}

const shared = new WeakMap<Services, Printing>();

/** The server's printing, made by the first module that asks (closed with the server). */
export function printingFor(app: FastifyInstance, services: Services): Printing {
  const found = shared.get(services);
  if (found) return found;
  const { config } = services;
  const renderer = new PdfRenderer({ executablePath: config.chromiumPath, log: app.log });
  app.addHook('onClose', () => renderer.close());
  const printPage = config.staticDir ? resolve(config.staticDir, 'index.html') : null;
  const printing: Printing = {
    renderer,
    available: () => !!printPage && existsSync(printPage) && renderer.available(),
    ownOrigin: () => {
      const address = app.server.address();
      if (!address || typeof address === 'string') return null;
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    },
  };
  shared.set(services, printing);
  return printing;
}
