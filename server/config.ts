/** Every environment variable the server reads, parsed and validated in one place. */
import { randomBytes } from 'node:crypto';
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
  HOST: z.string().default('0.0.0.0'),
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
  JUDGE0_URL: optionalString,
  REDIS_URL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_ID: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  publicUrl?: string;
  admin?: { email: string; password: string };
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  s3?: { bucket: string; region?: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  judge0Url?: string;
  redisUrl?: string;
  googleClientId?: string;
  linkedinClientId?: string;
  logLevel: string;
  /** Built frontend to serve; null serves none (tests, dev with Vite). */
  staticDir: string | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (e.NODE_ENV === 'production' && e.JWT_SECRET && e.JWT_SECRET.length < 32) {
    throw new ConfigError('Invalid environment:\n  JWT_SECRET must be at least 32 characters');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    // Without JWT_SECRET tokens are signed with a per-process key: sign-ins end at restart.
    jwtSecret: e.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    publicUrl: e.PUBLIC_URL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? true,
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
    judge0Url: e.JUDGE0_URL,
    redisUrl: e.REDIS_URL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    linkedinClientId: e.LINKEDIN_CLIENT_ID,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR || null,
  };
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
