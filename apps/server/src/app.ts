import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { FRONTEND_VERSION_HEADER, parseFrontendVersion } from '@turnout/shared';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { adminLoginRoutes } from './modules/admin-logins/routes.ts';
import { backgroundCheckRoutes } from './modules/background-check/routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { conversationRoutes } from './modules/conversations/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { engineRoutes } from './modules/entities/engine-routes.ts';
import { entityRoutes, searchRoutes } from './modules/entities/routes.ts';
import { entityTypeRoutes, workflowRoutes } from './modules/entity-types/routes.ts';
import { fileRoutes, signedFileRoutes } from './modules/files/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { identityRoutes, publicIdentityRoutes } from './modules/identity/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { longRunningJobRoutes } from './modules/long-running-jobs/routes.ts';
import { nerisRoutes } from './modules/neris/routes.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { permissionRoutes } from './modules/permissions/routes.ts';
import { publicFormRoutes, publicUrlRoutes } from './modules/public-forms/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { sensitiveActionRoutes } from './modules/sensitive-actions/routes.ts';
import { tenantRoutes } from './modules/tenants/routes.ts';
import { kioskRoutes, widgetRoutes } from './modules/widgets/routes.ts';
import { Background } from './platform/background.ts';
import { createBlobStore } from './platform/blobs/index.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { notFoundReply, registerErrorHandling } from './platform/http/error-handler.ts';
import { registerGracefulClose } from './platform/http/graceful-close.ts';
import { registerInputLimits } from './platform/http/input-limits.ts';
import { pageScriptHashes } from './platform/http/page-scripts.ts';
import { JobQueue } from './platform/job-queue/queue.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Logger options; tests pass `false` or a quiet level. Defaults to the configured level. */
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    background: Background;
    /** Long-running jobs (platform/job-queue): modules register handlers, main.ts starts polling. */
    jobs: JobQueue;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * A build file whose name carries its content's hash: the bundle under /assets/ and the
 * service worker's runtime (workbox-<hash>.js), or the compressed copy of one (.br, .gz). Cached for a year; sw.js itself is not, so a
 * new release is found.
 */
const isHashedFile = (filePath: string) =>
  filePath.includes(`${path.sep}assets${path.sep}`) || /^workbox-[0-9a-f]{8}\.js(\.br|\.gz)?$/.test(path.basename(filePath));

export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const baseLogger = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: req.url,
        ip: req.ip,
        frontendVersion: parseFrontendVersion(req.headers[FRONTEND_VERSION_HEADER] as string | undefined),
      }),
    },
  };
  const loggerOptions: FastifyServerOptions['logger'] =
    logger === undefined ? baseLogger : typeof logger === 'object' ? { ...baseLogger, ...logger } : logger;
  const options = {
    logger: loggerOptions,
    bodyLimit: config.bodyLimit,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Forwarded headers count only from the configured proxies (TRUST_PROXY, decision 0021):
    // from anyone else they would let a client pick the address the sign-in limits count by.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Finish in-flight requests on close; idle keep-alive sockets are closed at once (and the
    // rest by registerGracefulClose, below).
    forceCloseConnections: 'idle' as const,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  };
  // With a certificate, HTTPS with HTTP/2, and HTTP/1.1 for clients that do not offer h2 (ALPN).
  // The HTTP/2 instance is typed as the HTTP/1 one the rest of the code knows: routes use only
  // what both kinds of request and response share, and the one difference they meet (headers of
  // HTTP/1.x only) goes through platform/http/connection.ts (decision 0049).
  const app = (
    config.tls
      ? (Fastify({
          ...options,
          http2: true,
          https: { ...config.tls, allowHTTP1: true },
        } as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance)
      : Fastify(options)
  ).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', createMailer(db.kysely, { smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log));
  app.decorate('background', new Background(app.log));
  app.decorate('blobs', createBlobStore(config));
  app.decorate('jobs', new JobQueue(db, app.log));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const frontendVersion = parseFrontendVersion(request.headers[FRONTEND_VERSION_HEADER] as string | undefined);
    if (frontendVersion) {
      request.log = request.log.child({ frontendVersion });
      reply.log = request.log;
    }
  });

  registerErrorHandling(app);
  registerInputLimits(app);
  registerGracefulClose(app);

  // Helmet's middleware is built once: @fastify/helmet built it anew, parsing the policy, on every
  // request (docs/decisions/0035). The same headers on every answer, set before any route runs.
  const indexHtml = path.join(config.webDist, 'index.html');
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The page's own inline script, by its hash (page-scripts.ts).
        scriptSrc: ["'self'", ...pageScriptHashes(indexHtml)],
        // Mantine writes style attributes and a style tag at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The app may be served over plain HTTP on a station's LAN; never rewrite to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Hashed bundle files (/assets/, the web app's scripts and styles) carry only what a script
  // needs: type, encoding, caching and nosniff (set where they are served, below). The page's
  // security headers (CSP and ten more, about 0.9 KB) protect documents, not subresources, and on
  // the dozens of scripts of a first visit they cost a phone on slow 4G round trips (issue 20).
  // Each built file has its own route (wildcard: false), so a missing one, a 404, keeps them.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url?.startsWith('/assets/')) return done();
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // CORS is off unless origins are configured: the web app is served from the same origin.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false, exposedHeaders: ['x-request-id'] });
  }

  await app.register(swagger, {
    openapi: {
      info: { title: 'Turnout API', version: config.version, description: 'Records and operations platform for fire departments.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      // API replies over 1 KiB are compressed (brotli or gzip, as the client accepts); only in
      // this scope, since the web app's files are compressed once at build (decision 0022).
      await api.register(compress, { threshold: 1024 });
      await api.register(healthRoutes);
      await api.register(publicIdentityRoutes);
      await api.register(identityRoutes);
      await api.register(adminLoginRoutes);
      await api.register(sensitiveActionRoutes);
      await api.register(permissionRoutes);
      await api.register(entityTypeRoutes);
      await api.register(workflowRoutes);
      await api.register(entityRoutes);
      await api.register(engineRoutes);
      await api.register(searchRoutes);
      await api.register(backgroundCheckRoutes);
      await api.register(noticeRoutes);
      await api.register(fileRoutes);
      await api.register(signedFileRoutes);
      await api.register(notificationRoutes);
      await api.register(homeRoutes);
      await api.register(longRunningJobRoutes);
      await api.register(importRoutes);
      await api.register(widgetRoutes);
      await api.register(kioskRoutes);
      await api.register(nerisRoutes);
      await api.register(publicFormRoutes);
      await api.register(publicUrlRoutes);
      await api.register(reportRoutes);
      await api.register(conversationRoutes);
      await api.register(documentRoutes);
      await api.register(calendarRoutes);
      await api.register(tenantRoutes);
    },
    { prefix: '/api' },
  );

  const serveWeb = existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader('vary', 'accept-encoding');
        // Hashed bundle files never change; the page and the service worker are always revalidated.
        const immutable = isHashedFile(filePath);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The one security header a script or stylesheet needs (helmet skips /assets/, above).
        if (immutable) res.setHeader('x-content-type-options', 'nosniff');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (an old bundle after a deploy) is a 404, not the app's page.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '') && !request.url.startsWith('/pdfjs/web/viewer.html');
    if (serveWeb && !isApi && wantsPage && !isFile) {
      // Client-side routing: every other path is a screen of the web app.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return notFoundReply(reply);
  });

  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.background.drain();
    app.mailer.close();
    await db.close();
  });

  return app;
}
