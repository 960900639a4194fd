/** What every module needs, built once by buildApp and handed to each module. */
import type { Config } from './config';
import type { DB } from './db/index';
import type { TokenService } from './lib/auth';
import type { IdentityProviders } from './lib/identity-providers';
import type { Mailer } from './lib/mail';
import type { SessionRevocations } from './lib/sessions';
import type { CodeRunner } from './lib/runner/index';
import type { Storage } from './lib/storage';
import type { Throttle } from './lib/throttle';

export interface Services {
  config: Config;
  db: DB;
  databaseKind: 'pglite' | 'postgres';
  tokens: TokenService;
  mailer: Mailer;
  throttle: Throttle;
  sessions: SessionRevocations;
  storage: Storage;
  runner: CodeRunner;
  identityProviders: IdentityProviders;
}
