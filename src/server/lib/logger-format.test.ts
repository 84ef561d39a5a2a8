import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { logFormat } from './logger.ts';

describe('logFormat', () => {
  it('keeps production logs JSON, on a terminal too', () => {
    expect(logFormat({ production: true }, true)).toEqual({});
    expect(logFormat({ production: true }, false)).toEqual({});
  });

  it('keeps development logs JSON when they do not go to a terminal (files, pipes, tests)', () => {
    expect(logFormat({ production: false }, false)).toEqual({});
  });

  it('prints development logs on a terminal through pino-pretty, one line per entry', () => {
    const { transport } = logFormat({ production: false }, true);
    expect(transport).toMatchObject({ target: 'pino-pretty', options: { singleLine: true } });
    // pino loads the target by name in a worker thread: it must be installed as a dependency.
    expect(() => createRequire(import.meta.url).resolve('pino-pretty')).not.toThrow();
  });
});
