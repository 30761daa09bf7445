import { topicPrefix } from '@vigil/contracts';

export const upstreamKinds = ['up', 'status', 'log'] as const;
export type UpstreamKind = (typeof upstreamKinds)[number];
export type TopicKind = UpstreamKind | 'down';

/** `v1/gateways/{gatewayId}/{kind}` split into its parts; undefined for any other topic. */
export function parseTopic(topic: string): { gatewayId: string; kind: TopicKind } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== topicPrefix) return undefined;
  const [, , gatewayId, kind] = parts;
  if (!gatewayId || !kind) return undefined;
  if (kind !== 'up' && kind !== 'status' && kind !== 'log' && kind !== 'down') return undefined;
  return { gatewayId, kind };
}

/** The shared subscriptions of the ingest processes' group (MQTT_SHARE_GROUP) on an external broker. */
export const sharedSubscriptions = (group: string) =>
  upstreamKinds.map((kind) => `$share/${group}/${topicPrefix}/+/${kind}`);
