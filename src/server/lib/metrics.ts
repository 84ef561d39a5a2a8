import { Counter } from 'prom-client';

/**
 * Business counters the services increment, one per process (the /metrics plugin adds them to each app's
 * registry). Incremented after the transaction commits, so a rolled-back order or payment is not counted.
 */
export const ordersPlaced = new Counter({
  name: 'haat_orders_placed_total',
  help: 'Orders placed (a repeat with the same Idempotency-Key is not counted again), by payment method.',
  labelNames: ['method'] as const,
  registers: [],
});

export const paymentsPaid = new Counter({
  name: 'haat_payments_paid_total',
  help: 'Orders that became paid, by how they were paid (RazorPay, PayPal, CashOnDelivery).',
  labelNames: ['method'] as const,
  registers: [],
});
