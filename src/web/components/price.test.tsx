import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CurrencySpec } from '#shared/money.ts';
import { StaticDisplayCurrency } from '#web/lib/currency/display-currency.tsx';
import { Money, Price } from './price.tsx';

const render = (node: ReactNode, currency?: CurrencySpec, rateFromInr?: string) =>
  renderToStaticMarkup(
    <StaticDisplayCurrency currency={currency} rateFromInr={rateFromInr}>
      {node}
    </StaticDisplayCurrency>,
  );

const USD: CurrencySpec = { code: 'USD', decimalDigits: 2, rounding: 0 };
const JPY: CurrencySpec = { code: 'JPY', decimalDigits: 0, rounding: 0 };
const KWD: CurrencySpec = { code: 'KWD', decimalDigits: 3, rounding: 0 };
const CHF: CurrencySpec = { code: 'CHF', decimalDigits: 2, rounding: 0.05 };

describe('<Price> and <Money>', () => {
  it('shows INR catalogue prices with symbol, Indian grouping and two decimals', () => {
    expect(render(<Price amount={123456.5} />)).toBe('<span>₹1,23,456.50</span>');
    expect(render(<Price amount={0} />)).toBe('<span>₹0.00</span>');
  });

  it('converts catalogue prices to the display currency, with its decimals and Western grouping', () => {
    expect(render(<Price amount={129950} />, USD, '0.0119760479')).toBe('<span>$1,556.29</span>');
    expect(render(<Price amount={129950} />, JPY, '1.79853')).toBe('<span>¥233,719</span>');
    expect(render(<Price amount={129950} />, KWD, '0.0036637')).toMatch(/^<span>KWD\s476\.098<\/span>$/);
    expect(render(<Price amount={499} />, CHF, '0.0105')).toMatch(/^<span>CHF\s5\.25<\/span>$/);
  });

  it('shows an order amount in its own currency and decimals, whatever the display currency', () => {
    expect(render(<Money amount={12.5} currency="USD" />)).toBe('<span>$12.50</span>');
    expect(render(<Money amount={1500} currency="JPY" />, USD, '0.012')).toBe('<span>¥1,500</span>');
    expect(render(<Money amount={1.234} currency="KWD" />)).toContain('1.234');
    expect(render(<Money amount={123456.5} currency="INR" />, USD, '0.012')).toBe(
      '<span>₹1,23,456.50</span>',
    );
  });
});
