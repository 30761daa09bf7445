import { graphQuery, graphReply, idParams, rawQuery, rawReply } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { scopeOf } from '../../plugins/guard.js';
import { graphSerializerCompiler } from './graph-serializer.js';
import * as history from './history.js';

/** Device data is for the people of its account; a platform administrator has none (403). */
export const deviceReaders = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;

const celsius =
  'Temperatures (t, thermo, sht_t, sht_1_t) are in Celsius whatever the account unit; the web app converts them.';

export const readingsRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const tags = ['readings'];

  app.get(
    '/api/device/:id/graph',
    {
      config: { guard: deviceReaders },
      schema: {
        tags,
        summary: 'The history chart of device {id} over [from, to]',
        description: `Raw readings when the range holds at most 1,500 of them, otherwise min/avg/max buckets from the rollups (bucket = 1m, 10m, 1h, 6h, 1d or 7d, the finest that keeps 1,500 points or fewer; a bucket holds every reading of its interval): each point is \`{ ts, <metric>, <metric>_min, <metric>_max }\` with the average under the metric's own name. Days and weeks are days of \`timezone\`. Only metrics the device has in the range appear; a point with nulls marks a gap; late readings carry \`backfilled: true\`. ${celsius}`,
        params: idParams,
        querystring: graphQuery,
        response: replies({ 200: graphReply }),
      },
      serializerCompiler: graphSerializerCompiler,
    },
    async (request) => ({
      data: await history.graph(ctx, scopeOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/device/:id/raw',
    {
      config: { guard: deviceReaders },
      schema: {
        tags,
        summary: 'The raw-data table of device {id}: newest first, paged',
        description: `One row per \`timeDiff\` minutes at most (the first reading of each window; 0 lists every reading), with \`ts\` in UTC and \`time\` on the clock of \`timezone\`. ${celsius}`,
        params: idParams,
        querystring: rawQuery,
        response: replies({ 200: rawReply }),
      },
    },
    async (request) => ({
      data: await history.rawTable(ctx, scopeOf(request), request.params.id, request.query),
    }),
  );
};
