import { errorReply, graphReply } from '@vigil/contracts';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  arePlainPoints,
  graphSerializerCompiler,
} from '../../src/modules/readings/graph-serializer.js';

const route = (httpStatus: string, schema: z.ZodType = graphReply) =>
  ({ schema, method: 'GET', url: '/api/device/:id/graph', httpStatus }) as const;
const reply = (points: unknown[]) => ({
  data: {
    points,
    bucket: '6h',
    from: '2025-01-01T00:00:00.000Z',
    to: '2025-12-31T00:00:00.000Z',
  },
});

describe('the points check of the graph serializer', () => {
  it.each([
    [[], true],
    [[{ ts: '2025-01-01T00:00:00.000Z', t: 4.5, h: null, backfilled: true }], true],
    [[{ ts: 'x', t: -0 }, { ts: 'y' }], true],
    [[{ t: Number.NaN }], false],
    [[{ t: Number.POSITIVE_INFINITY }], false],
    [[{ t: undefined }], false],
    [[{ t: { nested: 1 } }], false],
    [[{ t: [1] }], false],
    [[{ t: 1n }], false],
    [[null], false],
    [[[1, 2]], false],
    [[new Date(0)], false],
    [[{ [Symbol('s')]: 1 }], false],
    ['not a list', false],
  ])('%o -> %s', (points, plain) => {
    expect(arePlainPoints(points)).toBe(plain);
  });
});

describe('the graph serializer', () => {
  const viaZod = serializerCompiler(route('200'));
  const fast = graphSerializerCompiler(route('200'));

  it('writes exactly what the zod serializer writes', () => {
    const body = reply([
      { ts: '2025-01-01T00:00:00.000Z', t: 4.5, t_min: 4, t_max: 5 },
      { ts: '2025-01-01T06:00:00.000Z', t: null, t_min: null, t_max: null },
      { ts: '2025-01-01T12:00:00.000Z', t: 4.25, t_min: 3.5, t_max: 6, backfilled: true },
    ]);
    expect(fast(body)).toBe(viaZod(body));
    expect(fast({ data: { ...body.data, extra: 'dropped' } })).toBe(viaZod(body));
  });

  it('refuses what the contract refuses, with zod issues', () => {
    for (const body of [
      reply([{ ts: 'x', t: Number.NaN }]),
      { data: { ...reply([]).data, from: 'yesterday' } },
      { data: { points: [] } },
    ]) {
      expect(() => fast(body)).toThrow();
      try {
        fast(body);
      } catch (error) {
        expect(isResponseSerializationError(error)).toBe(true);
      }
    }
  });

  it('serialises other statuses as every route does', () => {
    const body = { errors: [{ message: 'not found' }] };
    const notFound = route('404', errorReply);
    expect(graphSerializerCompiler(notFound)(body)).toBe(serializerCompiler(notFound)(body));
  });
});
