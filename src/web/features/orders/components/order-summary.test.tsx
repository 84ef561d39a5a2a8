import { parse } from '@formatjs/icu-messageformat-parser';
import type { ReactElement } from 'react';
import { renderToStaticMarkup as renderBare } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '#shared/i18n/languages.ts';
import en from '#shared/i18n/locales/en.json';
import { createMessageSource, I18nProvider, type Messages } from '#web/lib/i18n/i18n.tsx';
import { GstSplitRows, OrderSummary } from './order-summary.tsx';

/** Rendered in English, with the orders namespace at hand (as a server-rendered page has it). */
function renderToStaticMarkup(element: ReactElement): string {
  const messages: Messages = Object.fromEntries(
    Object.entries(flattenMessages(en)).map(([id, text]) => [id, parse(text)]),
  );
  const source = createMessageSource(
    { code: 'en', name: 'English', englishName: 'English', intl: 'en-IN' },
    {},
    { namespaces: ['orders'], messages },
  );
  return renderBare(<I18nProvider source={source}>{element}</I18nProvider>);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('GST split in the order summary (issue 15)', () => {
  it('shows CGST and SGST for an intra-state order, no IGST row', () => {
    const html = renderToStaticMarkup(
      <GstSplitRows split={{ cgst: 64.95, sgst: 64.95, igst: 0 }} currency="INR" />,
    );
    expect(text(html)).toBe('CGST ₹64.95 SGST ₹64.95');
  });

  it('shows IGST alone across states, and every component for a cart from sellers in two states', () => {
    expect(
      text(renderToStaticMarkup(<GstSplitRows split={{ cgst: 0, sgst: 0, igst: 129.9 }} currency="INR" />)),
    ).toBe('IGST ₹129.90');
    expect(
      text(renderToStaticMarkup(<GstSplitRows split={{ cgst: 10, sgst: 10, igst: 5 }} currency="INR" />)),
    ).toBe('CGST ₹10.00 SGST ₹10.00 IGST ₹5.00');
  });

  it('says the delivery state decides when it is not known, instead of a split that may be wrong', () => {
    expect(text(renderToStaticMarkup(<GstSplitRows split="by-state" currency="INR" />))).toBe(
      'Split into CGST + SGST or IGST by your delivery state.',
    );
  });

  it('keeps SPEC’s Estimated GST label, with the split and the place of supply under it', () => {
    const html = renderToStaticMarkup(
      <OrderSummary
        amounts={{ itemsPrice: 2598, taxPrice: 129.9, totalPrice: 2727.9 }}
        currency="INR"
        gst={{ cgst: 64.95, sgst: 64.95, igst: 0 }}
        placeOfSupply="Rajasthan (08)"
      />,
    );
    expect(text(html)).toContain(
      'Estimated GST ₹129.90 CGST ₹64.95 SGST ₹64.95 Place of supply: Rajasthan (08)',
    );
  });
});
