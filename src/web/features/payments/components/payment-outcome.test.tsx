import fs from 'node:fs';
import type { ReactNode } from 'react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { renderToStaticMarkup } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { UNPAID_ORDER_LIMIT_MINUTES, UNPAID_ORDER_NOTICE } from '#shared/checkout.ts';
import { flattenMessages, type Catalogue } from '#shared/i18n/languages.ts';
import { MSG } from '#shared/messages.ts';
import { PAYMENT_MSG, PAYPAL_CURRENCY, PAYPAL_CURRENCY_NAME, paypalChargeNote } from '#shared/payments.ts';
import { createMessageSource, I18nProvider, type Messages } from '#web/lib/i18n/i18n.tsx';
import { PaymentOutcomeAlert, ThankYou } from './payment-outcome.tsx';

/** A language's messages, flat ('payments.outcome.thankYou' → text), as src/shared/i18n/locales has them. */
const catalogue = (code: string) =>
  flattenMessages(
    JSON.parse(
      fs.readFileSync(new URL(`../../../../shared/i18n/locales/${code}.json`, import.meta.url), 'utf8'),
    ) as Catalogue,
  );
const en = catalogue('en');
const hi = catalogue('hi');
const english = createIntl({ locale: 'en-IN', messages: en });

function render(code: 'en' | 'hi', node: ReactNode): string {
  const flat = code === 'en' ? en : hi;
  const messages: Messages = Object.fromEntries(Object.entries(flat).map(([id, text]) => [id, parse(text)]));
  const namespaces = [...new Set(Object.keys(flat).map((id) => id.split('.')[0]!))];
  const language = { code, name: code, englishName: code, intl: code === 'en' ? 'en-IN' : 'hi-IN' };
  const source = createMessageSource(language, {}, { namespaces, messages });
  return renderToStaticMarkup(<I18nProvider source={source}>{node}</I18nProvider>);
}

describe('buyer messages the specification fixes (cart, checkout, payment)', () => {
  it('are, in English, the catalogue text the screens show', () => {
    expect(en['payments.outcome.thankYou']).toBe(PAYMENT_MSG.thankYou);
    expect(en['payments.outcome.notCompleted']).toBe(PAYMENT_MSG.paymentNotCompleted);
    expect(
      english.formatMessage({ id: 'payments.unpaidNotice' }, { minutes: UNPAID_ORDER_LIMIT_MINUTES }),
    ).toBe(UNPAID_ORDER_NOTICE);
    expect(en['checkout.placeOrder.failed']).toBe(MSG.placeOrderFailed);
    expect(en['common.access.accountInactive']).toBe(MSG.accountInactive);
    expect(en['cart.emptyGoBack']?.startsWith(`${MSG.cartEmpty}. `)).toBe(true);
    expect(en['checkout.placeOrder.emptyGoShopping']?.startsWith(`${MSG.cartEmpty}. `)).toBe(true);
    expect(en['checkout.payment.usDollars']).toBe(PAYPAL_CURRENCY_NAME);
    expect(en['payments.paypal.usDollars']).toBe(PAYPAL_CURRENCY_NAME);
    const name = PAYPAL_CURRENCY_NAME;
    expect(
      english.formatMessage(
        { id: 'checkout.payment.paypalConverts' },
        { name, code: PAYPAL_CURRENCY, currency: 'EUR' },
      ),
    ).toBe(paypalChargeNote('eur'));
    expect(english.formatMessage({ id: 'checkout.payment.paypalCharged' }, { name })).toBe(
      paypalChargeNote(PAYPAL_CURRENCY),
    );
  });

  it('show in the page language', () => {
    const failed = <PaymentOutcomeAlert state={{ outcome: 'failed' }} />;
    expect(render('en', failed)).toContain(PAYMENT_MSG.paymentNotCompleted);
    expect(render('en', failed)).toContain('The payment failed. The order is not paid yet.');
    expect(render('en', <ThankYou />)).toContain(PAYMENT_MSG.thankYou);

    const inHindi = render('hi', failed);
    expect(inHindi).toContain(hi['payments.outcome.notCompleted']);
    expect(inHindi).toContain(hi['payments.outcome.failed']);
    expect(inHindi).not.toMatch(/payment/i);
    expect(render('hi', <ThankYou />)).toContain('धन्यवाद');
  });
});
