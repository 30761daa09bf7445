import { once } from 'node:events';
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect, TLSSocket } from 'node:tls';
import mqttPacket, { type Packet } from 'mqtt-packet';
import type { Logger } from 'pino';

/**
 * One MQTT 5 subscriber session that keeps many QoS 1 messages in flight and acknowledges each
 * only once its handler resolves. MQTT.js hands a connection's messages over one at a time
 * (its PUBACK gates the next packet), which caps an ingest connection at one batch commit per
 * message; this speaks the few packets a subscriber needs through mqtt-packet instead.
 */
export type ConsumerOptions = {
  /** mqtt:// or mqtts://, with the platform's account as user and password. */
  url: string;
  clientId: string;
  sessionExpirySeconds: number;
  subscriptions: string[];
  /** Messages the broker may have in flight to this session (MQTT 5 Receive Maximum). */
  receiveMaximum: number;
  keepaliveSeconds?: number;
  /** Resolves once the message is durable (then it is acknowledged); never rejects. */
  onMessage: (topic: string, payload: Buffer) => Promise<void>;
  log: Logger;
};

/** MQTT 5 reason codes this session acts on. */
const sessionTakenOver = 0x8e;
const refusedAccount = [0x86, 0x87];

type Inflight = { messageId: number; done: boolean };

export class MqttConsumer {
  private socket: Socket | undefined;
  private generation = 0;
  /** QoS 1 messages of this connection in arrival order; acknowledged in that order. */
  private inflight: Inflight[] = [];
  private waiters = new Map<string, (packet: Packet) => void>();
  private received = 0;
  private stopping = false;
  private lastPacketAt = Date.now();
  private keepalive: NodeJS.Timeout | undefined;
  private subscribed = false;
  /** Settled by the first subscription, or by a refusal that retrying cannot fix. */
  readonly ready: Promise<void>;
  private settleReady: (error?: Error) => void = () => undefined;

  constructor(private readonly options: ConsumerOptions) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleReady = (error) => {
        if (error) reject(error);
        else resolve();
      };
    });
    void this.ready.catch(() => undefined);
    void this.connect(1000);
  }

  connected(): boolean {
    return this.subscribed && this.socket !== undefined && !this.socket.destroyed;
  }

  private send(packet: Packet) {
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    socket.write(mqttPacket.generate(packet, { protocolVersion: 5 }));
  }

  private expect(key: string): Promise<Packet> {
    return new Promise((resolve) => this.waiters.set(key, resolve));
  }

  private open(): Socket {
    const url = new URL(this.options.url);
    const port = Number(url.port || (url.protocol === 'mqtts:' ? 8883 : 1883));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return url.protocol === 'mqtts:'
      ? tlsConnect({ host, port, servername: host })
      : tcpConnect({ host, port });
  }

  private async connect(retryMs: number): Promise<void> {
    if (this.stopping) return;
    const socket = this.open();
    const generation = (this.generation += 1);
    this.socket = socket;
    this.inflight = [];
    const parser = mqttPacket.parser({ protocolVersion: 5 });
    parser.on('packet', (packet: Packet) => {
      this.onPacket(packet, generation);
    });
    parser.on('error', (error: Error) => {
      this.options.log.warn({ err: error.message }, 'malformed packet from the broker');
      socket.destroy();
    });
    socket.on('data', (chunk: Buffer) => {
      parser.parse(chunk);
      this.holdBack(socket);
    });
    socket.on('error', (error) => {
      this.options.log.warn({ err: error.message }, 'ingest broker connection error');
    });
    socket.once('close', () => {
      this.onClose(generation, retryMs);
    });
    try {
      await once(socket, socket instanceof TLSSocket ? 'secureConnect' : 'connect');
      await this.handshake();
    } catch (error) {
      if (error instanceof Error && error.name === 'MqttRefused') {
        this.stopping = true;
        this.settleReady(error);
      }
      socket.destroy();
    }
  }

  private async handshake(): Promise<void> {
    const url = new URL(this.options.url);
    const connack = this.expect('connack');
    this.send({
      cmd: 'connect',
      protocolVersion: 5,
      clientId: this.options.clientId,
      clean: false,
      keepalive: this.options.keepaliveSeconds ?? 30,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? Buffer.from(decodeURIComponent(url.password)) : undefined,
      properties: {
        sessionExpiryInterval: this.options.sessionExpirySeconds,
        receiveMaximum: this.options.receiveMaximum,
      },
    });
    const reply = (await connack) as { cmd: string; reasonCode?: number; sessionPresent?: boolean };
    if (reply.cmd !== 'connack') throw refusal('connection closed before CONNACK', 0);
    if (reply.reasonCode)
      throw refusal(`connection refused (reason ${String(reply.reasonCode)})`, reply.reasonCode);
    const suback = this.expect('suback');
    this.send({
      cmd: 'subscribe',
      messageId: 1,
      subscriptions: this.options.subscriptions.map((topic) => ({ topic, qos: 1 })),
    });
    const subscription = (await suback) as { cmd: string; granted?: (number | object)[] };
    if (subscription.cmd !== 'suback') throw refusal('connection closed before SUBACK', 0);
    const granted = subscription.granted ?? [];
    const denied = granted.filter((code) => typeof code !== 'number' || code > 1);
    if (denied.length > 0) throw refusal('the broker refused the ingest subscriptions', 0x87);
    this.subscribed = true;
    this.startKeepalive();
    this.options.log.info(
      { clientId: this.options.clientId, sessionPresent: Boolean(reply.sessionPresent) },
      'ingest session subscribed',
    );
    this.settleReady();
  }

  /**
   * Stops reading while the messages in hand reach the Receive Maximum. The broker should never
   * send more, but Mosquitto 2.0 does once acknowledgements flow (a consumer taking 0.5–2 s per
   * message held 4,600 of them with a Receive Maximum of 1,000; the ingest process of bench:load
   * 80,000 and 1.3 GB): those wait in the broker instead, where the session keeps them anyway.
   */
  private holdBack(socket: Socket) {
    if (this.inflight.length < this.options.receiveMaximum || socket.isPaused()) return;
    socket.pause();
  }

  /** Reads on once the messages in hand are below the Receive Maximum again. */
  private readOn() {
    const socket = this.socket;
    if (!socket?.isPaused() || this.inflight.length >= this.options.receiveMaximum) return;
    this.lastPacketAt = Date.now();
    socket.resume();
  }

  private startKeepalive() {
    const seconds = this.options.keepaliveSeconds ?? 30;
    clearInterval(this.keepalive);
    this.keepalive = setInterval(() => {
      // Not reading (holdBack): the broker's silence is this side's doing.
      if (this.socket?.isPaused()) this.lastPacketAt = Date.now();
      if (Date.now() - this.lastPacketAt > seconds * 1500) this.socket?.destroy();
      else this.send({ cmd: 'pingreq' });
    }, seconds * 1000);
    this.keepalive.unref();
  }

  private onPacket(packet: Packet, generation: number) {
    if (generation !== this.generation) return;
    this.lastPacketAt = Date.now();
    if (packet.cmd === 'publish') {
      this.onPublish(packet, generation);
      return;
    }
    if (packet.cmd === 'disconnect') {
      if (packet.reasonCode === sessionTakenOver) {
        this.stopping = true;
        this.options.log.error(
          { clientId: this.options.clientId },
          'another process connected with this MQTT client id: give every ingest process its own MQTT_CLIENT_ID',
        );
      }
      return;
    }
    // CONNACK, SUBACK, UNSUBACK, PINGRESP: the one the handshake or the drain waits for.
    const waiter = this.waiters.get(packet.cmd);
    this.waiters.delete(packet.cmd);
    waiter?.(packet);
  }

  private onPublish(packet: Packet & { cmd: 'publish' }, generation: number) {
    this.received += 1;
    const topic = packet.topic;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (packet.qos === 0 || packet.messageId === undefined) {
      void this.options.onMessage(topic, payload);
      return;
    }
    const entry: Inflight = { messageId: packet.messageId, done: false };
    this.inflight.push(entry);
    void this.options.onMessage(topic, payload).then(() => {
      entry.done = true;
      if (generation === this.generation) this.acknowledge();
    });
  }

  /** PUBACKs go out in the order the messages came (MQTT-4.6.0-2). */
  private acknowledge() {
    // One write for the PUBACKs of a whole batch, which commits many messages at once.
    this.socket?.cork();
    while (this.inflight[0]?.done) {
      const entry = this.inflight.shift();
      if (entry) this.send({ cmd: 'puback', messageId: entry.messageId, reasonCode: 0 });
    }
    this.socket?.uncork();
    this.readOn();
    if (this.inflight.length === 0) this.waiters.get('idle')?.({ cmd: 'pingresp' });
  }

  private onClose(generation: number, retryMs: number) {
    if (generation !== this.generation) return;
    this.subscribed = false;
    clearInterval(this.keepalive);
    for (const waiter of this.waiters.values()) waiter({ cmd: 'disconnect' });
    this.waiters.clear();
    if (this.stopping) return;
    setTimeout(() => void this.connect(Math.min(retryMs * 2, 5000)), retryMs).unref();
  }

  /**
   * Hands this session's share to the other ingest processes: unsubscribes (no new message
   * comes to it), finishes every message the broker had queued or in flight for it, then ends
   * the session (expiry 0) so that the broker stops counting it in the group. Past
   * `deadlineMs` it leaves the session for the same client id to resume, losing nothing.
   */
  async handOver(deadlineMs: number): Promise<void> {
    this.stopping = true;
    // A keep-alive PINGRESP must not be taken for the drain's own.
    clearInterval(this.keepalive);
    if (!this.connected()) {
      this.socket?.destroy();
      return;
    }
    const drained = this.drain();
    const timer = new Promise<boolean>((resolve) =>
      setTimeout(() => {
        resolve(false);
      }, deadlineMs).unref(),
    );
    const clean = await Promise.race([drained.then(() => true), timer]);
    this.send({
      cmd: 'disconnect',
      reasonCode: 0,
      properties: clean ? { sessionExpiryInterval: 0 } : {},
    });
    this.socket?.end();
    if (!clean)
      this.options.log.warn(
        'ingest session left to resume: messages still in hand at the deadline',
      );
  }

  private async drain(): Promise<void> {
    const unsuback = this.expect('unsuback');
    this.send({ cmd: 'unsubscribe', messageId: 2, unsubscriptions: this.options.subscriptions });
    if ((await unsuback).cmd !== 'unsuback') return;
    // The broker sends what it queued for this session as PUBACKs free its slots; a PINGRESP
    // that comes with nothing in flight and no PUBLISH since its PINGREQ means none is left.
    while (this.connected()) {
      if (this.inflight.length > 0) await this.expect('idle');
      const before = this.received;
      const pong = this.expect('pingresp');
      this.send({ cmd: 'pingreq' });
      if ((await pong).cmd !== 'pingresp') return;
      if (this.received === before && this.inflight.length === 0) return;
    }
  }

  /** Drops the connection without acknowledging what is in hand (the broker redelivers it). */
  abort(): void {
    this.stopping = true;
    clearInterval(this.keepalive);
    this.socket?.destroy();
  }
}

function refusal(message: string, reasonCode: number): Error {
  const error = new Error(message);
  error.name = refusedAccount.includes(reasonCode) ? 'MqttRefused' : 'MqttRetry';
  return error;
}
