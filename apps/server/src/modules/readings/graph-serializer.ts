import { graphReply } from '@vigil/contracts';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A value `graphPoint` accepts: a finite number (z.number() refuses NaN and ±Infinity), text, a boolean, null. */
function isPointValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return value === null || typeof value === 'string' || typeof value === 'boolean';
}

/**
 * Whether `points` is an array of plain objects with text keys and point values only: a
 * stricter test than `z.array(graphPoint)`, so whatever passes it the contract accepts too.
 */
export function arePlainPoints(points: unknown): points is Record<string, unknown>[] {
  if (!Array.isArray(points)) return false;
  for (const point of points as unknown[]) {
    if (typeof point !== 'object' || point === null) return false;
    if (Object.getPrototypeOf(point) !== Object.prototype) return false;
    for (const key of Reflect.ownKeys(point)) {
      if (typeof key !== 'string' || !isPointValue((point as Record<string, unknown>)[key])) {
        return false;
      }
    }
  }
  return true;
}

type GraphReply = z.output<typeof graphReply>;
type GraphBody = { data: { points: unknown } & Record<string, unknown> };

const isGraphBody = (body: unknown): body is GraphBody =>
  typeof body === 'object' &&
  body !== null &&
  'data' in body &&
  typeof body.data === 'object' &&
  body.data !== null &&
  'points' in body.data;

/**
 * The graph route's serializer. Its reply is the contract's `graphReply`, checked as every
 * reply is (STYLE.md 2), but zod's generic walk copies each of up to 1,500 points of dozens
 * of keys, which cost more than building the chart. So the envelope goes through zod and
 * the points through `arePlainPoints`; a reply that test does not pass takes the full zod
 * path, which rejects it with zod's own issues. Other statuses are serialised as usual.
 */
export function graphSerializerCompiler<T>(route: FastifyRouteSchemaDef<T>) {
  // Fastify hands each status its own schema: here a zod schema, as for every route.
  const viaZod = serializerCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
  if (String(route.httpStatus) !== '200') return viaZod;
  return (body: unknown): string => {
    if (!isGraphBody(body) || !arePlainPoints(body.data.points)) return viaZod(body);
    const rest: unknown = { data: { ...body.data, points: [] } };
    const envelope = z.safeEncode(graphReply, rest as GraphReply);
    if (envelope.error) {
      throw new ResponseSerializationError(route.method, route.url, { cause: envelope.error });
    }
    envelope.data.data.points = body.data.points as GraphReply['data']['points'];
    return JSON.stringify(envelope.data);
  };
}
