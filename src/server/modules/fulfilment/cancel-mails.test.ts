import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/messages.ts';
import type { CancelMailFacts } from './cancel.repo.ts';
import { renderBuyerCancelMail, renderSellerCancelMail, type CancelMailInput } from './cancel-mails.ts';

const facts: CancelMailFacts = {
  orderId: 'o1',
  orderNumber: 'HAAT-2026-000321',
  paymentMethod: 'RazorPay',
  isPaid: true,
  buyer: { name: 'Ravi', email: 'ravi@example.test', deleted: false },
  seller: { name: 'Kavya', shopName: 'Kavya Textiles', email: 'kavya@example.test', deleted: false },
  lines: [{ name: 'Silk Kurta', size: 'M', colour: null, qty: 1 }],
};
const byAdmin: CancelMailInput = {
  shipment: { id: 's1', orderId: 'o1', sellerId: 'u2' },
  by: 'admin',
  reason: 'Out of stock',
  note: null,
  refund: { amountMinor: 84000, currency: 'INR', method: 'RazorPay' },
};

describe('cancellation mails in the recipient language', () => {
  it('English stays word for word', () => {
    const buyer = renderBuyerCancelMail(facts, byAdmin, 'http://x/order/o1', translator('en'));
    expect(buyer.subject).toBe('Cancelled: your items from Kavya Textiles in order HAAT-2026-000321');
    expect(buyer.text).toContain("Haat's team cancelled it. Reason: Out of stock.");
    expect(buyer.text).toContain(
      'A refund of ₹840.00 follows to your original payment method (RazorPay) within 7 days.',
    );
    const seller = renderSellerCancelMail(facts, byAdmin, 'http://x/seller/orderlist');
    expect(seller.subject).toBe('Order HAAT-2026-000321 cancelled: do not ship it');
    expect(seller.html).toContain('>Your shipments</a>');
  });

  it('Hindi', () => {
    const buyer = renderBuyerCancelMail(facts, byAdmin, 'http://x/order/o1', translator('hi'));
    expect(buyer.subject).toBe('रद्द: ऑर्डर HAAT-2026-000321 में Kavya Textiles के आपके आइटम');
    expect(buyer.text).toContain('Haat की टीम ने इसे रद्द किया। कारण: Out of stock।');
    expect(buyer.text).toContain('रद्द किए गए आइटम:');
    const seller = renderSellerCancelMail(facts, byAdmin, 'http://x/seller/orderlist', translator('hi'));
    expect(seller.subject).toBe('ऑर्डर HAAT-2026-000321 रद्द: इसे न भेजें');
  });
});
