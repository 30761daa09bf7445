import {
  alarmEventsQuery,
  alarmEventsReply,
  alarmSummaryReply,
  recentAlarmsReply,
  recentBody,
  recentQuery,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../../lib/routes.js';
import { scopeOf } from '../../../plugins/guard.js';
import * as service from './service.js';

const members = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;

export const alarmRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;

  app.post(
    '/api/alarms/recentAlarms/v2',
    {
      config: { guard: members },
      schema: {
        tags: ['alarms'],
        summary: 'Recent alarm events of the account, newest first (door openings left out)',
        description:
          'The page is in the query (the dashboard asks for `pageSize=9`); the body is ignored. A user sees only the alarms of devices assigned to them.',
        querystring: recentQuery,
        body: recentBody,
        response: replies({ 200: recentAlarmsReply }),
      },
    },
    async (request) => ({
      data: await service.recent(ctx, scopeOf(request), request.query),
    }),
  );

  app.get(
    '/api/alarms/events',
    {
      config: { guard: members },
      schema: {
        tags: ['alarms'],
        summary: 'Alarm events (excursions), newest first, filtered and paged',
        description:
          "Every excursion with its state (`active`, `acknowledged`, `recovered`, `recovered_unacknowledged`), device, location, metric, raising and peak values, thresholds (temperatures in Celsius), start, end, duration and acknowledgement (who, when, the signature's meaning). `state` takes a comma-separated list; `from`/`to` bound the start. A `user` sees only the events of devices assigned to them; another account's device or location finds nothing.",
        querystring: alarmEventsQuery,
        response: replies({ 200: alarmEventsReply }),
      },
    },
    async (request) => ({
      data: await service.events(ctx, scopeOf(request), request.query),
    }),
  );

  app.get(
    '/api/alarms/summary',
    {
      config: { guard: members },
      schema: {
        tags: ['alarms'],
        summary: 'Counts of the alarms that need someone (the top bar)',
        description:
          '`active`: still out of range; `unacknowledged`: awaiting a signature, out of range or recovered; `attention`: either. A `user` counts the events of devices assigned to them.',
        response: replies({ 200: alarmSummaryReply }),
      },
    },
    async (request) => ({ data: await service.summary(ctx, scopeOf(request)) }),
  );
};
