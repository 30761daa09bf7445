import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { messageCode, messages, withoutNulText } from '@vigil/contracts';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { AppContext } from './context.js';
import { AppError, ThrottledError } from './errors.js';
import { accountRoutes } from './modules/accounts/routes.js';
import {
  alarmDefinitionRoutes,
  alarmEventRoutes,
  alarmRoutes,
  alertProfileRoutes,
} from './modules/alarms/http.js';
import { startAuditExport } from './modules/audit/index.js';
import { auditRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { actorOfToken } from './modules/auth/index.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { doorRoutes } from './modules/doors/routes.js';
import { firmwareRoutes } from './modules/firmware/routes.js';
import { mapRoutes } from './modules/maps/routes.js';
import { gatewayLogRoutes } from './modules/gateway-logs/routes.js';
import { gatewayRoutes } from './modules/gateways/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { ingestRoutes } from './modules/ingest/routes.js';
import { brokerHookRoutes } from './modules/broker-hook/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { messageTemplateRoutes } from './modules/message-templates/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import {
  rawExportFile,
  rawExportRoutes,
  readingsRoutes,
  startRawExportTask,
} from './modules/readings/http.js';
import { reportRoutes } from './modules/reports/routes.js';
import { fileRoutes, taskRoutes } from './modules/tasks/http.js';
import { userRoutes } from './modules/users/routes.js';
import { guardPlugin } from './plugins/guard.js';
import { metricsPlugin } from './plugins/metrics.js';
import { helmetOptions, noStoreByDefault } from './plugins/security-headers.js';
import { realtimePlugin } from './realtime/plugin.js';
import { serveWebApp } from './web-assets.js';
import type { TokenSigner } from './lib/jwt.js';
import type { Db } from './db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    db: Db;
    tokens: TokenSigner;
  }
}

const errorBody = (message: string, field?: string) => ({
  errors: [{ message, code: messageCode(message), ...(field ? { field } : {}) }],
});

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue.message ?? messages.invalidRequest;
      return { message, code: messageCode(message), ...(field ? { field } : {}) };
    });
    return reply.code(400).send({ errors });
  }
  if (error instanceof ThrottledError) {
    void reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send(errorBody(error.message, error.field));
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause.issues },
      'reply does not match its schema',
    );
    return reply.code(500).send(errorBody(messages.somethingWentWrong));
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.code(429).send(errorBody(messages.tooManyRequests));
  if (status >= 400 && status < 500) {
    return reply
      .code(status)
      .send(errorBody(status === 404 ? messages.notFound : messages.invalidRequest));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody(messages.somethingWentWrong));
}

const infrastructure = fp(
  (app: FastifyInstance, options: { ctx: AppContext }) => {
    app.decorate('ctx', options.ctx);
    app.decorate('db', options.ctx.db);
    app.decorate('tokens', options.ctx.tokens);
  },
  { name: 'infrastructure' },
);

/** Fastify with the API's validation, serialisation and error shape, before any plugin. */
function createFastify(ctx: AppContext, logger: Logger) {
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    // One line per request only when debugging; errors are always logged by the error handler.
    logController: new LogController({
      disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace',
    }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The router's own refusals (a malformed URL, a path parameter too long) in the error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(error.statusCode ?? 400).send(errorBody(messages.invalidRequest));
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Every body, query, params and headers schema refuses NUL in any text first (contracts).
  app.setValidatorCompiler<z.ZodType>(({ schema, ...route }) =>
    validatorCompiler({ ...route, schema: withoutNulText(schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  return app;
}
type App = ReturnType<typeof createFastify>;

/** 1. External plugins: security headers, rate limits, multipart, the OpenAPI document. */
async function registerExternalPlugins(app: App, ctx: AppContext) {
  await app.register(helmet, helmetOptions(ctx.config.publicUrl));
  await app.register(noStoreByDefault);
  await app.register(rateLimit, { global: false });
  // Limits are set per route (request.parts), e.g. FIRMWARE_MAX_BYTES for firmware.
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vigil API',
        version: '1.0.0',
        description:
          'Monitoring of laboratory cold storage. Successful replies are `{ data }`; failures are `{ errors: [{ message, field, code }] }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** 3. Every domain's routes, in the order they have always registered. */
async function registerDomainRoutes(app: App) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(auditRoutes);
  await app.register(ingestRoutes);
  await app.register(brokerHookRoutes);
  await app.register(gatewayLogRoutes);
  await app.register(readingsRoutes);
  // A task's file is built by its domain: each type of `POST /api/tasks` starts there.
  await app.register(taskRoutes, {
    starters: { raw_data: startRawExportTask, log_data: startAuditExport },
    exportFile: rawExportFile,
  });
  await app.register(rawExportRoutes);
  await app.register(fileRoutes);
  await app.register(deviceRoutes);
  await app.register(gatewayRoutes);
  await app.register(firmwareRoutes);
  await app.register(mapRoutes);
  await app.register(locationRoutes);
  await app.register(reportRoutes);
  await app.register(dashboardRoutes);
  await app.register(doorRoutes);
  await app.register(alarmRoutes);
  await app.register(alarmDefinitionRoutes);
  await app.register(alertProfileRoutes);
  await app.register(messageTemplateRoutes);
  await app.register(notificationRoutes);
  await app.register(alarmEventRoutes);
}

/** Builds the HTTP app from its plugins, in layers (STYLE.md 1); it never listens. */
export async function buildApp(ctx: AppContext, logger: Logger): Promise<FastifyInstance> {
  const app = createFastify(ctx, logger);
  await registerExternalPlugins(app, ctx);
  // 2. Our infrastructure.
  await app.register(infrastructure, { ctx });
  await app.register(metricsPlugin);
  await app.register(guardPlugin, {
    authenticate: (token, ip) => actorOfToken(ctx, token, ip),
  });
  await app.register(realtimePlugin);
  await registerDomainRoutes(app);
  await serveWebApp(app, ctx.config.webDir, (reply) =>
    reply.code(404).send(errorBody(messages.notFound)),
  );
  return app;
}
