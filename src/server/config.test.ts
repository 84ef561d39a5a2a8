import { describe, expect, it } from 'vitest';
import {
  assertServable,
  ConfigError,
  conveniencesAllowed,
  hasRealPaymentKeys,
  isLoopbackHost,
  linkOrigin,
  loadConfig,
} from './config.ts';

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

/** A production-like configuration that turns every development convenience off. */
const noConveniences = {
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_URL: 'http://192.168.1.20:3000',
  SEED_DEMO: '0',
};

describe('development conveniences only on loopback', () => {
  it('knows loopback addresses: 127.0.0.0/8, ::1 and localhost, nothing else', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'shop.example', '128.0.0.1', '::2', ''])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('allows them only outside production and on loopback', () => {
    expect(conveniencesAllowed(loadConfig({}))).toBe(true);
    expect(conveniencesAllowed(loadConfig({ HOST: '::1' }))).toBe(true);
    expect(conveniencesAllowed(loadConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(conveniencesAllowed(loadConfig({ HOST: '0.0.0.0' }))).toBe(false);
    expect(conveniencesAllowed(loadConfig({ HOST: '192.168.1.20' }))).toBe(false);
    expect(conveniencesAllowed(loadConfig({ NODE_ENV: 'production' }))).toBe(false);
  });

  it('counts a reverse proxy in front of a loopback server as exposure (TRUST_PROXY, a public PUBLIC_URL)', () => {
    expect(conveniencesAllowed(loadConfig({ TRUST_PROXY: '1' }))).toBe(false);
    expect(conveniencesAllowed(loadConfig({ PUBLIC_URL: 'https://shop.example.com' }))).toBe(false);
    expect(conveniencesAllowed(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }))).toBe(true);
    expect(() => assertServable(loadConfig({ TRUST_PROXY: '1' }))).toThrow(/TRUST_PROXY set/);
    expect(() => assertServable(loadConfig({ PUBLIC_URL: 'https://shop.example.com' }))).toThrow(
      /PUBLIC_URL=https:\/\/shop.example.com/,
    );
  });

  it('refuses to start in development on 0.0.0.0 or a LAN address with one line saying what to set', () => {
    for (const env of [
      { HOST: '0.0.0.0' },
      { HOST: '192.168.1.20' },
      { HOST: '0.0.0.0', ...noConveniences, RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '' },
      { HOST: '0.0.0.0', ...noConveniences, SMTP_URL: '' },
      { HOST: '0.0.0.0', ...noConveniences, SEED_DEMO: '1' },
      { HOST: '0.0.0.0', ...noConveniences, PUBLIC_URL: '' },
    ]) {
      let message = '';
      try {
        assertServable(loadConfig(env));
      } catch (err) {
        expect(err, JSON.stringify(env)).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      expect(message, JSON.stringify(env)).toMatch(/^Refusing to serve development conveniences/);
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toContain(`HOST=${env.HOST}`);
      expect(message).toContain('HOST=127.0.0.1');
      expect(message).toContain('NODE_ENV=production');
    }
    expect(() => assertServable(loadConfig({ HOST: '0.0.0.0' }))).toThrow(
      /payment sandboxes.*\/dev\/mailbox.*demo accounts.*PUBLIC_URL/,
    );
  });

  it('starts off loopback when no convenience would be on, or in production', () => {
    expect(() => assertServable(loadConfig({ HOST: '0.0.0.0', ...noConveniences }))).not.toThrow();
    const prod = loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example' });
    expect(() => assertServable(prod)).not.toThrow();
    expect(() => assertServable(loadConfig({ HOST: '127.0.0.1' }))).not.toThrow();
    expect(() => assertServable(loadConfig({ HOST: 'localhost' }))).not.toThrow();
  });

  it('refuses half a payment key pair instead of silently having no provider', () => {
    expect(() => assertServable(loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_x' }))).toThrow(
      /RAZORPAY_KEY_SECRET/,
    );
    expect(() => assertServable(loadConfig({ PAYPAL_CLIENT_SECRET: 's' }))).toThrow(/PAYPAL_CLIENT_ID/);
  });

  it('refuses RazorpayX keys without the webhook secret (payouts would stay processing)', () => {
    const rx = { RAZORPAYX_KEY_ID: 'rzp_live_x', RAZORPAYX_KEY_SECRET: 's', RAZORPAYX_ACCOUNT_NUMBER: '1' };
    expect(() => assertServable(loadConfig(rx))).toThrow(/RAZORPAYX_WEBHOOK_SECRET: required with/);
    expect(() => assertServable(loadConfig({ ...rx, RAZORPAYX_WEBHOOK_SECRET: 'w' }))).not.toThrow();
  });

  it('any real payment key counts, whichever provider', () => {
    expect(hasRealPaymentKeys(loadConfig({}))).toBe(false);
    expect(hasRealPaymentKeys(loadConfig({ RAZORPAY_KEY_ID: 'a', RAZORPAY_KEY_SECRET: 'b' }))).toBe(true);
    expect(hasRealPaymentKeys(loadConfig({ PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' }))).toBe(true);
    expect(hasRealPaymentKeys(loadConfig({ RAZORPAY_WEBHOOK_SECRET: 'w' }))).toBe(true);
  });

  it('production never seeds demo accounts without SEED_DEMO=1, whichever database', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });

  it('builds e-mail links from PUBLIC_URL, else from the configured address, never from a request', () => {
    expect(linkOrigin(loadConfig({ PUBLIC_URL: 'https://shop.example/' }))).toBe('https://shop.example');
    expect(linkOrigin(loadConfig({ PORT: '3999' }))).toBe('http://127.0.0.1:3999');
    expect(linkOrigin(loadConfig({ HOST: 'localhost' }))).toBe('http://localhost:3000');
    expect(linkOrigin(loadConfig({ HOST: '::1', PORT: '8080' }))).toBe('http://[::1]:8080');
  });

  it('serves /api/docs unless API_DOCS=0', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
  });
});
