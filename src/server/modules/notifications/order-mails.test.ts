import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/messages.ts';
import type { OrderMailData } from '../orders/orders.service.ts';
import { renderBuyerMail, renderDistributorMail, renderSellerMail } from './order-mails.ts';

const seller = { id: 's1', name: 'Asha Crafts', email: 'asha@example.test', deleted: false };
const order: OrderMailData = {
  id: 'o1',
  orderNumber: 'HAAT-2026-000123',
  userId: 'u1',
  createdAt: new Date('2026-11-24T10:00:00Z'),
  buyer: { name: 'Ravi', email: 'ravi@example.test' },
  shippingAddress: {
    address: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411001',
    country: 'India',
  },
  paymentMethod: 'CashOnDelivery',
  isPaid: false,
  status: 'placed',
  currency: { code: 'INR', decimalDigits: 2 },
  itemsPrice: 120000,
  shippingPrice: 0,
  taxPrice: 6000,
  discount: 0,
  totalPrice: 126000,
  lines: [
    {
      name: 'Kurta',
      size: 'L',
      colour: null,
      qty: 2,
      seller,
      unitPrice: 60000,
      lineTax: 3000,
      unitPriceInr: 60000,
      lineTaxInr: 3000,
      payoutInr: 54000,
    },
  ],
};
const url = 'http://localhost:3000/order/o1';

describe('order mails in the recipient language', () => {
  it('the buyer confirmation in English is word for word as before', () => {
    const m = renderBuyerMail(order, url, translator('en'));
    expect(m.subject).toBe('Your Haat order HAAT-2026-000123 is confirmed');
    expect(m.text).toContain('Hello Ravi, thank you for your order HAAT-2026-000123.');
    expect(m.text).toContain('Payment: Cash on delivery (Pay on delivery).');
    expect(m.text).toContain('Item | Qty | Price | Total');
    expect(m.text).toContain('Shipping: ₹0.00 (Free Shipping)');
    expect(m.text).toContain(`View your order: ${url}`);
    expect(m.html).toContain('>View your order</a>');
    // No translator: English.
    expect(renderBuyerMail(order, url)).toEqual(m);
  });

  it('the buyer confirmation in Hindi', () => {
    const m = renderBuyerMail(order, url, translator('hi'));
    expect(m.subject).toBe('आपका Haat ऑर्डर HAAT-2026-000123 कन्फ़र्म हो गया है');
    expect(m.text).toContain('नमस्ते Ravi, ऑर्डर HAAT-2026-000123 के लिए धन्यवाद।');
    expect(m.text).toContain('भुगतान: कैश ऑन डिलीवरी (डिलीवरी पर भुगतान)।');
    expect(m.text).toContain('आइटम | मात्रा | कीमत | कुल');
    expect(m.text).toContain('कुल: ₹1,260.00');
    expect(m.html).toContain('>अपना ऑर्डर देखें</a>');
    expect(m.text).not.toMatch(/Hello|Payment|Total/);
  });

  it('the seller and distributor mails in both languages (plural counts)', () => {
    const en = renderSellerMail(order, order.lines, 'http://x/seller/orderlist', url, translator('en'));
    expect(en.subject).toBe('New order HAAT-2026-000123: 2 items to ship');
    expect(en.text).toContain('Hello Asha Crafts, order HAAT-2026-000123 includes 2 items from your shop.');
    const one = renderSellerMail(
      order,
      [{ ...order.lines[0]!, qty: 1 }],
      'http://x/seller/orderlist',
      url,
      translator('en'),
    );
    expect(one.subject).toBe('New order HAAT-2026-000123: 1 item to ship');
    const hi = renderSellerMail(order, order.lines, 'http://x/seller/orderlist', url, translator('hi'));
    expect(hi.subject).toBe('नया ऑर्डर HAAT-2026-000123: भेजने के लिए 2 आइटम');
    expect(hi.text).toContain('आपकी दुकान के 2 आइटम हैं।');

    expect(renderDistributorMail(order, url, translator('en')).subject).toBe(
      'Order HAAT-2026-000123 to deliver (cash on delivery)',
    );
    const dHi = renderDistributorMail(order, url, translator('hi'));
    expect(dHi.subject).toBe('ऑर्डर HAAT-2026-000123 डिलीवर करना है (कैश ऑन डिलीवरी)');
    expect(dHi.text).toContain('कैश ऑन डिलीवरी: ₹1,260.00 वसूलें।');
  });

  it('an unknown or missing language writes English', () => {
    expect(translator('xx').language.code).toBe('en');
    expect(translator(null).language.code).toBe('en');
    expect(translator('hi-IN').language.intl).toBe('hi-IN');
  });
});
