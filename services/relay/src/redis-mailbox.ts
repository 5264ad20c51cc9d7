/**
 * Cluster mode's mailbox: the in-memory one's records, limits and TTLs, kept in Redis and shared by every node.
 * Each change is one Lua script, so the byte shares stay exact when nodes store, sweep and claim at once.
 *
 * Keys under the prefix P (one Redis server, not Redis Cluster: a script touches keys of several topics):
 *   P m:<topic>:<hash>   hash   one message (topic, message, publishedAt, tag, expiresAt, publisher, ip, bytes, x)
 *   P t:<topic>          zset   the topic's message hashes, scored in publish order
 *   P s:<topic>:<hash>   set    client ids the message was sent to (its publisher first): the de-duplication
 *   P exp                zset   every stored message's accounting entry `x` (JSON), scored by its expiry (ms)
 *   P shares:client|ip|topic, P total (bytes, count), P seq
 */
import type { Redis } from 'ioredis';
import { unavailableError } from './errors';
import { messageCost, messageHash, roomError, type MailboxLimits, type MailboxShare, type MailboxStats, type MessageStore, type NewMessage } from './mailbox';
import type { StoredMessage } from './types';

/** Removes the message whose accounting entry is `x`, and frees its bytes. */
const REMOVE = `
local function share(name, field, n)
  local left = redis.call('HINCRBY', P .. 'shares:' .. name, field, n)
  if left <= 0 then redis.call('HDEL', P .. 'shares:' .. name, field) end
end
local function remove(x)
  local e = cjson.decode(x)
  local topic, hash, bytes = e[1], e[2], e[3]
  redis.call('ZREM', P .. 'exp', x)
  local rec = P .. 'm:' .. topic .. ':' .. hash
  if redis.call('HGET', rec, 'x') == x then
    redis.call('DEL', rec, P .. 's:' .. topic .. ':' .. hash)
    redis.call('ZREM', P .. 't:' .. topic, hash)
  end
  share('client', e[4], -bytes)
  share('ip', e[5], -bytes)
  share('topic', topic, -bytes)
  redis.call('HINCRBY', P .. 'total', 'bytes', -bytes)
  redis.call('HINCRBY', P .. 'total', 'count', -1)
end
`;

// ARGV: P topic hash message publisher ip now expiresAt bytes tag maxClient maxIp maxTopic maxAll
// → 1 stored, 0 already stored (a retry), or the name of the full share.
const STORE = `
local P = ARGV[1]
${REMOVE}
local topic, hash, message, publisher, ip = ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local now, expiresAt, bytes = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local rec = P .. 'm:' .. topic .. ':' .. hash
local old = redis.call('HMGET', rec, 'expiresAt', 'x')
if old[1] then
  if tonumber(old[1]) > now then return 0 end
  remove(old[2])
end
local function used(name, field) return tonumber(redis.call('HGET', P .. 'shares:' .. name, field) or '0') end
if used('client', publisher) + bytes > tonumber(ARGV[11]) then return 'client' end
if used('ip', ip) + bytes > tonumber(ARGV[12]) then return 'ip' end
if used('topic', topic) + bytes > tonumber(ARGV[13]) then return 'topic' end
if tonumber(redis.call('HGET', P .. 'total', 'bytes') or '0') + bytes > tonumber(ARGV[14]) then return 'all' end
local x = cjson.encode({topic, hash, bytes, publisher, ip})
-- Times as given (ARGV strings): a Lua number could be written back in exponent notation.
redis.call('HSET', rec, 'topic', topic, 'message', message, 'publishedAt', ARGV[7], 'tag', ARGV[10], 'expiresAt', ARGV[8],
  'publisher', publisher, 'ip', ip, 'bytes', ARGV[9], 'x', x)
redis.call('ZADD', P .. 't:' .. topic, redis.call('INCR', P .. 'seq'), hash)
redis.call('SADD', P .. 's:' .. topic .. ':' .. hash, publisher)
redis.call('ZADD', P .. 'exp', ARGV[8], x)
share('client', publisher, bytes)
share('ip', ip, bytes)
share('topic', topic, bytes)
redis.call('HINCRBY', P .. 'total', 'bytes', bytes)
redis.call('HINCRBY', P .. 'total', 'count', 1)
return 1
`;

// ARGV: P topic now → the live messages, oldest first: {hash, message, publishedAt, tag, expiresAt, publisher, ip, bytes}…
const LIVE = `
local P, topic, now = ARGV[1], ARGV[2], tonumber(ARGV[3])
local out = {}
for _, hash in ipairs(redis.call('ZRANGE', P .. 't:' .. topic, 0, -1)) do
  local m = redis.call('HMGET', P .. 'm:' .. topic .. ':' .. hash, 'message', 'publishedAt', 'tag', 'expiresAt', 'publisher', 'ip', 'bytes')
  if m[4] and tonumber(m[4]) > now then
    table.insert(out, {hash, m[1], m[2], m[3], m[4], m[5], m[6], m[7]})
  end
end
return out
`;

// ARGV: P topic hash clientId → 1 when the message is still stored and was not yet sent to the client (now it is).
const CLAIM = `
local P, topic, hash = ARGV[1], ARGV[2], ARGV[3]
if redis.call('EXISTS', P .. 'm:' .. topic .. ':' .. hash) == 0 then return 0 end
return redis.call('SADD', P .. 's:' .. topic .. ':' .. hash, ARGV[4])
`;

// ARGV: P now max → {removed, total bytes, total count}
const SWEEP = `
local P = ARGV[1]
${REMOVE}
local expired = redis.call('ZRANGEBYSCORE', P .. 'exp', '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
for _, x in ipairs(expired) do remove(x) end
local total = redis.call('HMGET', P .. 'total', 'bytes', 'count')
return {#expired, tonumber(total[1] or '0'), tonumber(total[2] or '0')}
`;

/** Expired messages one sweep script removes at most (it runs again at once while it finds that many). */
const SWEEP_CHUNK = 1000;

interface Scripts {
  porticoStore(...args: Array<string | number>): Promise<0 | 1 | MailboxShare>;
  porticoLive(...args: Array<string | number>): Promise<string[][]>;
  porticoClaim(...args: Array<string | number>): Promise<number>;
  porticoSweep(...args: Array<string | number>): Promise<[number, number, number]>;
}

export class RedisMailbox implements MessageStore {
  private readonly redis: Redis & Scripts;
  /** The shared mailbox's size as of the last sweep (`stats` is synchronous; /health and /metrics read it fresh). */
  private last: MailboxStats = { storedMessages: 0, storedBytes: 0 };

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly limits: MailboxLimits,
  ) {
    for (const [name, lua] of Object.entries({ porticoStore: STORE, porticoLive: LIVE, porticoClaim: CLAIM, porticoSweep: SWEEP })) {
      redis.defineCommand(name, { numberOfKeys: 0, lua });
    }
    this.redis = redis as Redis & Scripts;
  }

  async store(input: NewMessage, now = Date.now()): Promise<StoredMessage | null> {
    const { maxMailboxBytesPerClient, maxMailboxBytesPerIp, maxMailboxBytesPerTopic, maxMailboxBytes, maxTtlSeconds } = this.limits;
    const msg: StoredMessage = {
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      tag: input.tag,
      expiresAt: now + Math.min(input.ttlSeconds, maxTtlSeconds) * 1000,
      publisher: input.publisher,
      publisherIp: input.publisherIp,
      bytes: messageCost(input.topic, input.message),
      hash: messageHash(input.message),
    };
    const outcome = await this.redis
      .porticoStore(this.prefix, msg.topic, msg.hash, msg.message, msg.publisher, msg.publisherIp, now, msg.expiresAt, msg.bytes, msg.tag, maxMailboxBytesPerClient, maxMailboxBytesPerIp, maxMailboxBytesPerTopic, maxMailboxBytes)
      .catch(unavailable);
    if (outcome === 1) return msg;
    if (outcome === 0) return null;
    throw roomError(outcome, this.limits);
  }

  async live(topic: string, now = Date.now()): Promise<StoredMessage[]> {
    const rows = await this.redis.porticoLive(this.prefix, topic, now).catch(unavailable);
    return rows.map(([hash, message, publishedAt, tag, expiresAt, publisher, publisherIp, bytes]) => ({
      topic,
      hash: hash!,
      message: message!,
      publishedAt: Number(publishedAt),
      tag: Number(tag),
      expiresAt: Number(expiresAt),
      publisher: publisher!,
      publisherIp: publisherIp!,
      bytes: Number(bytes),
    }));
  }

  async claim(msg: StoredMessage, clientId: string): Promise<boolean> {
    return (await this.redis.porticoClaim(this.prefix, msg.topic, msg.hash, clientId).catch(unavailable)) === 1;
  }

  async release(msg: StoredMessage, clientId: string): Promise<void> {
    await this.redis.srem(`${this.prefix}s:${msg.topic}:${msg.hash}`, clientId).catch(unavailable);
  }

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (;;) {
      const [n, storedBytes, storedMessages] = await this.redis.porticoSweep(this.prefix, now, SWEEP_CHUNK).catch(unavailable);
      removed += n;
      this.last = { storedMessages, storedBytes };
      if (n < SWEEP_CHUNK) return removed;
    }
  }

  stats(): MailboxStats {
    return this.last;
  }

  /** The shared mailbox's size now. */
  async readStats(): Promise<MailboxStats> {
    const [bytes, count] = await this.redis.hmget(`${this.prefix}total`, 'bytes', 'count').catch(unavailable);
    this.last = { storedMessages: Number(count ?? 0), storedBytes: Number(bytes ?? 0) };
    return this.last;
  }
}

function unavailable(err: Error): never {
  throw unavailableError(err.message);
}
