import fp from 'fastify-plugin';
import type { App } from '../../lib/types.ts';
import paymentsRoutes from './payments.routes.ts';
import { createPaymentProviders, type PaymentProviders } from './providers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment providers (real or sandbox); replaceable in tests (a local fake PayPal). */
    payments: { providers: PaymentProviders };
  }
}

/** Where the real providers' browser scripts and frames come from (checkout.js, the PayPal JS SDK). */
const PROVIDER_SOURCES = {
  razorpay: {
    script: ['https://checkout.razorpay.com'],
    frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    connect: ['https://lumberjack.razorpay.com', 'https://api.razorpay.com'],
  },
  paypal: {
    script: ['https://www.paypal.com'],
    frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
    connect: ['https://www.paypal.com'],
  },
};

/**
 * The payments module's one plugin (ADR 0019). Registered without a prefix: its routes go under /api.
 * Wrapped in fastify-plugin so the `app.payments` decorator and the CSP hook reach the whole app.
 * Decorates `app.payments`. With real keys, widens the Content-Security-Policy helmet sets so the provider's
 * checkout script and frames may load; the sandboxes need nothing beyond 'self'.
 */
export const paymentsPlugin = fp(async (app: App) => {
  const providers = createPaymentProviders(app.config);
  app.decorate('payments', { providers });

  const extra = { script: [] as string[], frame: [] as string[], connect: [] as string[] };
  for (const [name, p] of [
    ['razorpay', providers.razorpay],
    ['paypal', providers.paypal],
  ] as const) {
    if (!p || p.sandbox) continue;
    extra.script.push(...PROVIDER_SOURCES[name].script);
    extra.frame.push(...PROVIDER_SOURCES[name].frame);
    extra.connect.push(...PROVIDER_SOURCES[name].connect);
  }
  if (extra.script.length > 0) widenCsp(app, extra);
  await app.register(paymentsRoutes, { prefix: '/api' });
});

function widenCsp(app: App, extra: { script: string[]; frame: string[]; connect: string[] }) {
  const widen = (csp: string) =>
    csp
      .replace(/script-src ([^;]*)/, (_m, v: string) => `script-src ${v} ${extra.script.join(' ')}`)
      .replace(/frame-src ([^;]*)/, (_m, v: string) => `frame-src ${v} ${extra.frame.join(' ')}`)
      .replace(/connect-src ([^;]*)/, (_m, v: string) => `connect-src ${v} ${extra.connect.join(' ')}`);
  app.addHook('onSend', async (_req, reply) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', widen(csp));
  });
}
