import type { MqttAclBody, MqttAuthBody, MqttHookReply } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { parseTopic, upstreamKinds } from '../../ingest/topics.js';
import { safeEqual } from '../../lib/secrets.js';
import { verifyGatewaySecret } from '../gateways/index.js';

const allow: MqttHookReply = { result: 'allow', is_superuser: false };
const deny: MqttHookReply = { result: 'deny', is_superuser: false };

/** Only in MQTT_AUTH=http, and only for the broker that knows the hook secret. */
function checkCaller(ctx: AppContext, secret: string | undefined) {
  const expected = ctx.config.mqttAuth === 'http' ? ctx.config.mqttHookSecret : undefined;
  if (!expected) throw notFound();
  if (!secret || !safeEqual(secret, expected)) throw new AppError(401, 'mqttHookSecretInvalid');
}

/** The platform's own account: the user name and password of MQTT_URL. */
function platformAccount(ctx: AppContext) {
  const url = new URL(ctx.config.mqttUrl ?? 'mqtt://localhost');
  return {
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

export async function authenticate(
  ctx: AppContext,
  secret: string | undefined,
  body: MqttAuthBody,
): Promise<MqttHookReply> {
  checkCaller(ctx, secret);
  const platform = platformAccount(ctx);
  if (body.username !== '' && body.username === platform.username) {
    return safeEqual(body.password, platform.password) ? allow : deny;
  }
  if (body.username === '' || body.password === '') return deny;
  const gateway = await verifyGatewaySecret(ctx.db, body.username, body.password);
  return gateway?.accountStatus === 'active' ? allow : deny;
}

/** What the platform's processes do: read the gateways' messages (shared or not), send down. */
function platformMay(body: MqttAclBody): boolean {
  const topic = body.topic.replace(/^\$share\/[^/]+\//, '');
  if (body.action === 'publish') return parseTopic(topic)?.kind === 'down';
  return upstreamKinds.some((kind) => topic === `v1/gateways/+/${kind}`);
}

/** A gateway, while registered and its account active: its own up, status, log and down only. */
async function gatewayMay(ctx: AppContext, body: MqttAclBody): Promise<boolean> {
  const gatewayId = body.username.toLowerCase();
  const topic = parseTopic(body.topic);
  if (topic?.gatewayId !== gatewayId) return false;
  const allowed = body.action === 'subscribe' ? topic.kind === 'down' : topic.kind !== 'down';
  if (!allowed) return false;
  const gateway = await ctx.ingest.directory.gateway(gatewayId);
  return gateway?.accountActive === true;
}

export async function authorize(
  ctx: AppContext,
  secret: string | undefined,
  body: MqttAclBody,
): Promise<MqttHookReply> {
  checkCaller(ctx, secret);
  if (body.username !== '' && body.username === platformAccount(ctx).username) {
    return platformMay(body) ? allow : deny;
  }
  return (await gatewayMay(ctx, body)) ? allow : deny;
}
