import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/db/embedded.ts';
import { waitFor } from './order-load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server as a real child process (`node --import tsx src/server/main.ts`, what `npm start` runs after
 * building the web app), so it can be killed with SIGKILL and started again on the same port.
 */
export class AppProcess {
  private proc: ChildProcess | null = null;
  output = '';

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async create(name: string, env: Record<string, string>): Promise<AppProcess> {
    return new AppProcess(name, await freePort(), env);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Start and wait until /healthz answers 200. */
  async start(): Promise<void> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...this.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PUBLIC_URL: `http://127.0.0.1:${this.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`${this.name} exited:\n${this.output}`);
        return (await fetch(`${this.url}/healthz`)).status === 200;
      },
      `${this.name} to serve`,
      60_000,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}\n${this.output}`);
    });
  }

  /** SIGKILL: no shutdown hook runs, requests in flight are cut. */
  async kill9(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    this.proc = null;
  }

  /** SIGTERM (graceful), then SIGKILL if it takes too long. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    this.proc = null;
  }
}

/**
 * A small round-robin load balancer in front of several instances. A request that cannot reach an
 * instance (connection refused or reset before an answer) is retried once on the next one, but only when
 * it is safe to repeat: a GET/HEAD, or a request carrying an Idempotency-Key (the server returns the first
 * outcome for a repeated key). Anything else gets 502, as nginx would say.
 */
export class RoundRobin {
  private next = 0;
  private server: http.Server | null = null;
  port = 0;
  /** Requests that were sent to a second instance after the first could not be reached. */
  retried = 0;

  constructor(private readonly targets: { port: number }[]) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const repeatable = req.method === 'GET' || req.method === 'HEAD' || !!req.headers['idempotency-key'];
    const first = this.next++ % this.targets.length;
    const tries = repeatable ? Math.min(2, this.targets.length) : 1;
    for (let i = 0; i < tries; i++) {
      const target = this.targets[(first + i) % this.targets.length]!;
      if (i > 0) this.retried++;
      const answer = await forward(target.port, req, body).catch(() => null);
      if (answer) {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return;
      }
    }
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Bad gateway' }));
  }
}

function forward(
  port: number,
  req: http.IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const out = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(parts) }),
        );
        answer.on('error', reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}
