import { Redis } from 'ioredis';

/** The Redis the REDIS_URL tests use: TEST_REDIS_URL, else the machine's Redis on 127.0.0.1:6379. */
export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers at `testRedisUrl`. Without it the REDIS_URL tests are skipped with the reason in
 * their title; under CI=true a missing Redis throws, so the run fails instead of passing with less tested.
 */
export async function redisForTests(): Promise<{ available: boolean; reason: string }> {
  const client = new Redis(testRedisUrl, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let connectError: Error | undefined; // ECONNREFUSED and the like; the ping only says "closed"
  client.on('error', (err: Error) => (connectError ??= err));
  try {
    await client.connect();
    await client.ping();
    return { available: true, reason: '' };
  } catch (err) {
    const reason = `no Redis at ${testRedisUrl} (${(connectError ?? (err as Error)).message}): start redis-server or set TEST_REDIS_URL`;
    if (process.env.CI === 'true') throw new Error(`CI=true and ${reason}`);
    process.stderr.write(`\n[tests] SKIPPED the REDIS_URL tests: ${reason}\n`);
    return { available: false, reason };
  } finally {
    client.disconnect();
  }
}
