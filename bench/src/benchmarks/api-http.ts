import { randomUUID } from 'node:crypto';
import { load } from '../lib/load';
import type { Row } from '../lib/report';
import type { Benchmark } from './benchmark';

const CONNECTIONS = 50;
const POST_TARGET = { throughput: 2000, p99: 50 };
const GET_TARGET_P99 = 20;
const SEED_SECONDS = 120;

const messageBody = () => JSON.stringify({ content: `load ${randomUUID()}` });

/** autocannon on loopback, 50 connections: posting messages, and reading the newest page of a big room. */
export const apiHttp: Benchmark = {
  name: 'api',
  async run(context) {
    const seconds = context.smoke ? 1 : 10;
    const roomSize = context.smoke ? 100 : 10_000;
    const client = await context.client();
    const api = await context.api();
    const session = await client.newSession('load');
    const messagesUrl = (roomId: number) => new URL(`chatrooms/${roomId}/messages`, api.url).href;

    context.log(`POST a message, ${CONNECTIONS} connections, ${seconds} s`);
    const postRoom = await client.createRoom(session, 'POST load');
    const post = await load({
      url: messagesUrl(postRoom.id),
      method: 'POST',
      token: session.token,
      body: messageBody,
      connections: CONNECTIONS,
      duration: seconds,
    });

    context.log(`seeding a ${roomSize}-message room`);
    const bigRoom = await client.createRoom(session, `${roomSize} messages`);
    const seeding = await load({
      url: messagesUrl(bigRoom.id),
      method: 'POST',
      token: session.token,
      body: messageBody,
      connections: CONNECTIONS,
      amount: roomSize,
      maxSeconds: SEED_SECONDS,
    });
    if (seeding.failures > 0) throw new Error(`Seeding the room failed ${seeding.failures} times`);

    context.log(`GET the newest page, ${CONNECTIONS} connections, ${seconds} s`);
    const get = await load({
      url: messagesUrl(bigRoom.id),
      method: 'GET',
      token: session.token,
      connections: CONNECTIONS,
      duration: seconds,
    });

    const rows: Row[] = [
      {
        figure: 'API POST message: throughput',
        unit: 'msg/s',
        n: post.requests,
        median: post.throughput,
        target: `≥ ${POST_TARGET.throughput}`,
        met: post.throughput >= POST_TARGET.throughput && post.failures === 0,
      },
      {
        figure: 'API POST message: latency',
        unit: 'ms',
        n: post.requests,
        median: post.latency.median,
        p95: post.latency.p95,
        p99: post.latency.p99,
        target: `p99 ≤ ${POST_TARGET.p99}`,
        met: post.latency.p99 <= POST_TARGET.p99,
      },
      {
        figure: `API GET newest page (${seeding.requests} msgs)`,
        unit: 'ms',
        n: get.requests,
        median: get.latency.median,
        p95: get.latency.p95,
        p99: get.latency.p99,
        target: `p99 ≤ ${GET_TARGET_P99}`,
        met: get.latency.p99 <= GET_TARGET_P99 && get.failures === 0,
      },
      { figure: '  GET throughput', unit: 'req/s', n: get.requests, median: get.throughput },
    ];
    return { rows, details: { post, seeding, get } };
  },
};
