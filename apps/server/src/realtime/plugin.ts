import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import type { RealtimeServer } from './realtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

/**
 * Socket.IO on the API's HTTP server. Its sockets are disconnected in `preClose`, before
 * Fastify closes the server: an open websocket would otherwise keep it from closing.
 */
export const realtimePlugin = fp(
  (app: FastifyInstance) => {
    const realtime = app.ctx.realtime;
    const io = realtime.attach(app.server);
    app.decorate('io', io);
    new Gauge({
      name: 'vigil_realtime_sockets',
      help: 'Socket.IO connections open on this process',
      registers: [app.metrics],
      collect() {
        this.set(io.engine.clientsCount);
      },
    });
    app.addHook('preClose', async () => {
      await realtime.closeServer();
    });
  },
  { name: 'realtime', dependencies: ['infrastructure', 'metrics'] },
);
