/** Every environment variable the server reads, parsed and validated in one place. */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: optionalString,
  TRUST_PROXY: optionalString,
  CORS_ORIGINS: optionalString,
  SESSION_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
  CAMPAIGN_JOB_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  PUBLIC_URL: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: flag,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Skillgauge <no-reply@skillgauge.local>'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  STORAGE_QUOTA_USER_MB: z.coerce.number().int().min(1).default(1024),
  STORAGE_QUOTA_CLIENT_MB: z.coerce.number().int().min(1).default(10_240),
  JUDGE0_URL: optionalString,
  CHROMIUM_PATH: optionalString,
  SELLER_GSTIN: optionalString,
  SELLER_ADDRESS: optionalString,
  REDIS_URL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_ISSUER: z.string().default('https://www.linkedin.com/oauth'),
  // The specification's default scope, with what an OpenID Connect provider needs for an ID token.
  LINKEDIN_SCOPE: z.string().default('r_emailaddress openid profile email'),
  // Warnings and errors only: a request log at info would bury the start-up banner.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  STATIC_DIR: z.string().default('./dist'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** Folder of the embedded PGlite database; null keeps it in memory (tests). */
  dataDir: string | null;
  jwtSecret: string;
  /** Whether JWT_SECRET was given; without it main.ts keeps a generated one in DATA_DIR. */
  jwtSecretFromEnv: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Origin (and path) of mailed and signed links: PUBLIC_URL, else this loopback server. Never a request header. */
  publicUrl: string;
  /** Proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy); false believes none. */
  trustProxy: string[] | false;
  /** Origins allowed to call the API from another origin with credentials (the Vite dev server). */
  corsOrigins: string[];
  /** How often each instance reads the sessions revoked since its last look. */
  sessionPollMs: number;
  /** How often each instance sends campaigns that have started and reminders that are due. */
  campaignJobMs: number;
  admin?: { email: string; password: string };
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  s3?: { bucket: string; region?: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  /** Bytes of uploads each account, and each client (all its users together), may keep. */
  storageQuota: { userBytes: number; clientBytes: number };
  judge0Url?: string;
  /** The Chromium that renders report PDFs (server/modules/report-pdf); where none is, PDFs answer 503. */
  chromiumPath: string;
  /** The provider as its invoices name it: its GSTIN and address (none configured: the invoice says so). */
  seller: { gstin?: string; address?: string };
  redisUrl?: string;
  /** Third-party sign-in (server/lib/identity-providers.ts); a provider without a client id is not offered. */
  identityProviders: { google?: IdentityProviderConfig; linkedin?: IdentityProviderConfig };
  logLevel: string;
  /** Built frontend to serve; null serves none (tests, dev with Vite). */
  staticDir: string | null;
}

/** An OpenID Connect provider: its issuer (endpoints and keys come from its discovery document) and our client there. */
export interface IdentityProviderConfig {
  issuer: string;
  clientId: string;
  /** Needed to exchange a code (LinkedIn's popup, Google's redirect); Google's button needs none. */
  clientSecret?: string;
  scope: string;
}

export class ConfigError extends Error {}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: addresses, CIDR ranges or proxy-addr's names; never "everyone", which would let any client pick its address. */
function parseTrustProxy(value: string | undefined): string[] | false | string {
  if (!value || value === '0' || value === 'false') return false;
  const entries = value.split(',').map((v) => v.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 6 ? 128 : 32));
    if (PROXY_NAMES.includes(entry) || (isIP(address) && validBits && extra === undefined)) continue;
    return `TRUST_PROXY lists the addresses of your proxies (e.g. 10.0.0.5 or 10.0.0.0/24, or loopback), not "${entry}"`;
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const seedDemo = e.SEED_DEMO ?? true;
  // Demo accounts share a published password: by default they are only reachable from this machine.
  const host = e.HOST ?? (seedDemo ? '127.0.0.1' : '0.0.0.0');
  if (!isLoopback(host) && seedDemo && e.SEED_DEMO !== true)
    problems.push(`HOST=${host} would let anyone on the network sign in with the demo accounts, whose password is in the README: set SEED_DEMO=1 to serve them anyway, or SEED_DEMO=0`);
  let publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(publicUrl)) problems.push(`PUBLIC_URL must be an http:// or https:// address, not "${e.PUBLIC_URL}"`);
  if (!publicUrl && !isLoopback(host))
    problems.push(`PUBLIC_URL is required when HOST=${host} (not loopback): mailed links and upload URLs are built from it, never from request headers (e.g. PUBLIC_URL=https://skillgauge.example.com)`);
  publicUrl ??= `http://${e.HOST ? (host.includes(':') ? `[${host}]` : host) : 'localhost'}:${e.PORT}`;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(trustProxy);
  for (const [name, issuer] of [['GOOGLE_ISSUER', e.GOOGLE_ISSUER], ['LINKEDIN_ISSUER', e.LINKEDIN_ISSUER]]) {
    if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(issuer)) problems.push(`${name} must be an http:// or https:// address, not "${issuer}"`);
  }
  if (e.LINKEDIN_CLIENT_ID && !e.LINKEDIN_CLIENT_SECRET)
    problems.push('LINKEDIN_CLIENT_SECRET is needed with LINKEDIN_CLIENT_ID: the server exchanges the code LinkedIn returns');
  if (problems.length) throw new ConfigError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (e.NODE_ENV === 'production' && e.JWT_SECRET && e.JWT_SECRET.length < 32) {
    throw new ConfigError('Invalid environment:\n  JWT_SECRET must be at least 32 characters');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    // Without JWT_SECRET: a per-process key, replaced by main.ts with the one kept in DATA_DIR.
    jwtSecret: e.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    jwtSecretFromEnv: !!e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    publicUrl,
    trustProxy: trustProxy as string[] | false,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean)
      : e.NODE_ENV === 'production'
        ? []
        : ['http://localhost:5173', 'http://127.0.0.1:5173'],
    sessionPollMs: e.SESSION_POLL_MS,
    campaignJobMs: e.CAMPAIGN_JOB_MS,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    storageQuota: { userBytes: e.STORAGE_QUOTA_USER_MB * 1024 * 1024, clientBytes: e.STORAGE_QUOTA_CLIENT_MB * 1024 * 1024 },
    judge0Url: e.JUDGE0_URL,
    chromiumPath: e.CHROMIUM_PATH ?? '/usr/bin/chromium',
    seller: { gstin: e.SELLER_GSTIN, address: e.SELLER_ADDRESS },
    redisUrl: e.REDIS_URL,
    identityProviders: {
      google: e.GOOGLE_CLIENT_ID
        ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, scope: 'openid email profile' }
        : undefined,
      linkedin: e.LINKEDIN_CLIENT_ID
        ? { issuer: e.LINKEDIN_ISSUER, clientId: e.LINKEDIN_CLIENT_ID, clientSecret: e.LINKEDIN_CLIENT_SECRET, scope: e.LINKEDIN_SCOPE }
        : undefined,
    },
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR || null,
  };
}

/** The file that keeps the generated JWT secret, so sign-ins survive a restart. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** Reads the secret kept in the data folder, or creates it there (readable by this user only). */
export function keptJwtSecret(dataDir: string): string {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, JWT_SECRET_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** A config for tests: in-memory database, no static files, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-123' }),
    dataDir: null,
    staticDir: null,
    seedDemo: false,
    databaseUrl: process.env.DATABASE_URL || undefined,
    ...overrides,
  };
}
