import { describe, expect, it } from 'vitest';
import { assertServable, ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults: embedded database with the demo shop', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemo: true,
      production: false,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('with DATABASE_URL, no demo accounts unless SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('a deployment on its own database is production unless NODE_ENV says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).production).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', NODE_ENV: 'development' }).production).toBe(false);
    expect(loadConfig({}).production).toBe(false);
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x/y' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x/y' });
    } catch (err) {
      expect(String((err as Error).message)).toMatch(/PORT/);
      expect(String((err as Error).message)).toMatch(/DATABASE_URL/);
    }
  });

  it('requires PUBLIC_URL to serve production, so e-mailed links never come from a Host header', () => {
    expect(() => assertServable(loadConfig({ DATABASE_URL: 'postgres://h/db' }))).toThrow(/PUBLIC_URL/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://h/db',
      PUBLIC_URL: 'https://shop.example/',
    });
    expect(ok.publicUrl).toBe('https://shop.example');
    expect(() => assertServable(ok)).not.toThrow();
    expect(() => assertServable(loadConfig({}))).not.toThrow();
  });
});
