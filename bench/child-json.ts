import { spawn } from 'node:child_process';

/** Runs `node <args>` and parses what it prints as JSON; `what` names it in the error when that fails. */
export function nodeJson<T>(args: readonly string[], what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as T);
      } catch {
        reject(new Error(`${what} exited ${String(code)}: ${err || out}`));
      }
    });
  });
}
