import { performance } from 'node:perf_hooks';

/** Wait until `check` holds (polled), or fail with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type PlaceAnswer = { status: number; body: string };
/** Sends one POST /api/orders for the buyer `token` with this Idempotency-Key; throws if no answer came. */
export type PlaceFn = (token: string, key: string) => Promise<PlaceAnswer>;

/**
 * Buyers placing orders in a loop, as a careful client would: a key per order, and after a 503, a
 * network error or no answer, the same key again until the order is acknowledged (201, or 200 for a
 * repeat). So the set of acknowledged orders is exactly the set the database should hold.
 */
export class OrderLoad {
  /** Acknowledged order ids. */
  readonly acknowledged = new Set<string>();
  /** Each acknowledged order with the key and buyer token that placed it. */
  readonly keys: { key: string; token: string; id: string }[] = [];
  /** Every answer by status ('network' when the request failed without one). */
  readonly statuses: Record<string, number> = {};
  /** Answers no fault may cause (anything but 200, 201, 503 and network failures). */
  readonly unexpected: string[] = [];
  private readonly ackTimes: number[] = [];
  private stopping = false;
  private loops: Promise<void>[] = [];

  private nextToken = 0;

  /**
   * `concurrency` buyers at a time, taking the next token of `tokens` for each new order (so no single
   * user reaches the per-user order limit); a key is always retried with the token that first sent it.
   */
  constructor(
    private readonly tokens: string[],
    private readonly place: PlaceFn,
    private readonly concurrency = 6,
  ) {}

  start(): void {
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  /** Stops after each buyer's current order is acknowledged (so no key is left unresolved). */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  /** When the first order was acknowledged after `t` (performance.now()), if any. */
  firstAckAfter(t: number): number | undefined {
    return this.ackTimes.find((x) => x >= t);
  }

  private takeToken(): string {
    return this.tokens[this.nextToken++ % this.tokens.length]!;
  }

  private async loop(): Promise<void> {
    let token = this.takeToken();
    let key = crypto.randomUUID();
    let pending = false;
    for (let attempts = 0; !this.stopping || pending; attempts++) {
      if (attempts > 5000) throw new Error('order load: a key was never acknowledged');
      pending = true;
      let answer: PlaceAnswer | null = null;
      try {
        answer = await this.place(token, key);
      } catch {
        answer = null;
      }
      const status = answer ? String(answer.status) : 'network';
      this.statuses[status] = (this.statuses[status] ?? 0) + 1;
      if (answer && (answer.status === 201 || answer.status === 200)) {
        const id = (JSON.parse(answer.body) as { _id: string })._id;
        if (!this.acknowledged.has(id)) this.keys.push({ key, token, id });
        this.acknowledged.add(id);
        this.ackTimes.push(performance.now());
        key = crypto.randomUUID();
        token = this.takeToken();
        pending = false;
        continue;
      }
      if (answer && answer.status !== 503)
        this.unexpected.push(`${answer.status} ${answer.body.slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
