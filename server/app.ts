/**
 * buildApp(config): the whole server as one Fastify instance, used by main.ts and by tests.
 * Layers: external plugins, then the API scope (guard, then modules), then the built frontend.
 */
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/index';
import { ensureAdmin, seedDemoData } from './seeds/seed';
import { storeDemoLogos } from './seeds/seed-clients';
import { answerSerializer } from './lib/answers';
import { registerGuard, TokenService } from './lib/auth';
import { registerErrorHandling, registerNotFound } from './lib/errors';
import { IdentityProviders } from './lib/identity-providers';
import { writeListRangesAfterCompression } from './lib/list-range';
import { registerInputChecks } from './lib/input';
import { Mailer } from './lib/mail';
import { registerSecurityHeaders } from './lib/security-headers';
import { SessionRevocations } from './lib/sessions';
import { createRunner } from './lib/runner/index';
import { createStorage } from './lib/storage';
import { Throttle } from './lib/throttle';
import authRoutes, { oauthRoutes } from './modules/auth/routes';
import answerTitleRoutes from './modules/answer-titles/routes';
import assessmentRoutes from './modules/assessments/routes';
import bulkUploadRoutes from './modules/bulk-upload/routes';
import campaignRoutes from './modules/campaigns/routes';
import { CampaignJob } from './modules/campaigns/sending';
import candidateRoutes from './modules/candidates/routes';
import careersRoutes, { careersPageRoutes } from './modules/careers/routes';
import clientRoutes from './modules/clients/routes';
import codeRunnerRoutes from './modules/code-runner/routes';
import customQuestionRoutes from './modules/custom-questions/routes';
import languageRoutes from './modules/languages/routes';
import licenceRoutes from './modules/licences/routes';
import skillRoutes from './modules/skills/routes';
import statisticsRoutes from './modules/statistics/routes';
import healthRoutes from './modules/health/routes';
import jobRoleRoutes from './modules/job-roles/routes';
import jobRoutes from './modules/jobs/routes';
import scorecardRoutes from './modules/scorecards/routes';
import masterDataRoutes from './modules/master-data/routes';
import orderRoutes from './modules/orders/routes';
import outboxRoutes from './modules/outbox/routes';
import questionRoutes from './modules/questions/routes';
import questionReportRoutes from './modules/question-reports/routes';
import scoreRoutes from './modules/scores/routes';
import signInRoutes from './modules/sign-ins/routes';
import reportPdfRoutes from './modules/report-pdf/routes';
import dashboardRoutes from './modules/dashboards/routes';
import takeRoutes from './modules/take/routes';
import testRoutes from './modules/test-library/routes';
import { fileRoutes } from './modules/uploads/files';
import uploadRoutes from './modules/uploads/routes';
import userRoutes from './modules/users/routes';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * How long a built file may be kept: hashed assets (their name changes with their content) for a
 * year without asking again, the two pages never without asking (they name the current assets),
 * the rest (icons, logos) an hour.
 */
export function cachePolicy(path: string): string {
  const file = path.replace(/\.(br|gz)$/, '');
  if (/[\\/]assets[\\/]/.test(file)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

export interface BuildOptions {
  /** An already open database (tests share one per file). */
  database?: DatabaseHandle;
}

const MODULES = [
  healthRoutes,
  authRoutes,
  signInRoutes,
  userRoutes,
  jobRoleRoutes,
  clientRoutes,
  masterDataRoutes,
  outboxRoutes,
  skillRoutes,
  languageRoutes,
  answerTitleRoutes,
  questionRoutes,
  questionReportRoutes,
  bulkUploadRoutes,
  testRoutes,
  statisticsRoutes,
  uploadRoutes,
  codeRunnerRoutes,
  takeRoutes,
  assessmentRoutes,
  customQuestionRoutes,
  candidateRoutes,
  scoreRoutes,
  reportPdfRoutes,
  licenceRoutes,
  orderRoutes,
  campaignRoutes,
  jobRoutes,
  scorecardRoutes,
  careersRoutes,
  dashboardRoutes,
];

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For/-Host/-Proto count only when sent by a proxy named in TRUST_PROXY.
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Declared answers are encoded by their schema; outside production, checked to lose nothing (lib/answers.ts).
  app.setSerializerCompiler(answerSerializer(config.env !== 'production'));
  registerErrorHandling(app);
  registerInputChecks(app);

  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;
  await migrateToLatest(database.db);
  if (config.admin) await ensureAdmin(database.db, config.admin);
  if (config.seedDemo) await seedDemoData(database.db, app.log);

  const services: Services = {
    config,
    db: database.db,
    databaseKind: database.kind,
    tokens: new TokenService(config.jwtSecret, config.accessTokenTtlSeconds),
    mailer: new Mailer(database.db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
    throttle: new Throttle(database.db),
    sessions: new SessionRevocations(database.db, app.log, { intervalMs: config.sessionPollMs, accessTokenTtlSeconds: config.accessTokenTtlSeconds }),
    storage: createStorage(config),
    // Detecting the toolchains takes a moment: started once, here.
    runner: createRunner(config),
    identityProviders: new IdentityProviders(config.identityProviders, config.publicUrl, config.jwtSecret),
  };
  app.decorate('services', services);
  if (config.seedDemo) await storeDemoLogos(database.db, services.storage);
  if (config.env !== 'test') services.mailer.start();
  await services.sessions.start();
  // Campaigns that start later and reminders: tests run the job themselves (runCampaignJob).
  const campaignJob = new CampaignJob(database.db, app.log, { publicUrl: config.publicUrl, intervalMs: config.campaignJobMs, onMail: () => services.mailer.kick() });
  if (config.env !== 'test') campaignJob.start();
  app.addHook('onClose', async () => {
    await campaignJob.stop();
    await services.sessions.stop();
    await services.mailer.stop();
    await services.storage.close();
    if (ownsDatabase) await database.close();
  });

  registerSecurityHeaders(app);
  // JSON answers over 1 KB go compressed to a browser that accepts it; the built files are
  // compressed once at build (vite.config.ts) and sent as they are. Brotli quality 1 (gzip level 1)
  // and in one call up to 64 KB: a page of 25 users shrinks 9.8 to 2.4 KB for about 3-8 % of the
  // list's throughput, where the plugin's defaults (quality 4, streamed past 8 KB) cost 17-31 %
  // (bench/README.md). Request bodies are never inflated: none of the API's callers compress them.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], syncThreshold: 64 * 1024, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 }, globalDecompression: false });
  writeListRangesAfterCompression(app);
  // Only the listed origins (the Vite dev server by default outside production) may call with credentials.
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: true, exposedHeaders: ['Content-Range'] });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Skillgauge API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => {
    registerGuard(api, services.tokens, services.sessions);
    for (const module of MODULES) await module(api, services);
  }, { prefix: '/api' });
  await app.register(async (oauth) => {
    registerGuard(oauth, services.tokens, services.sessions);
    await oauthRoutes(oauth, services);
  });
  // Signed uploads and stored files live outside /api: the signature is the permission.
  await app.register(async (files) => {
    registerGuard(files, services.tokens, services.sessions);
    await fileRoutes(files, services);
  });
  // Careers pages: HTML for applicants and search engines, outside /api (their calls are under /api/careers).
  await app.register(async (careers) => {
    registerGuard(careers, services.tokens, services.sessions);
    await careersPageRoutes(careers, services);
  });

  const staticDir = config.staticDir ? resolve(config.staticDir) : null;
  const serveSpa = !!staticDir && existsSync(resolve(staticDir, 'index.html'));
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: staticDir!,
      wildcard: false,
      // The .br and .gz files the build wrote beside each file, as the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', cachePolicy(path)),
    });
  }
  registerNotFound(app, serveSpa);
  return app;
}
