import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DisplayCurrencyProvider } from '#web/features/currency/display-currency.tsx';
import { Money, Price } from './price.tsx';

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<DisplayCurrencyProvider>{node}</DisplayCurrencyProvider>);

describe('<Price> and <Money>', () => {
  it('shows INR catalogue prices with symbol, Indian grouping and two decimals', () => {
    expect(render(<Price amount={123456.5} />)).toBe('<span>₹1,23,456.50</span>');
    expect(render(<Price amount={0} />)).toBe('<span>₹0.00</span>');
  });
  it('shows an order amount in its own currency and decimals', () => {
    expect(render(<Money amount={12.5} currency="USD" />)).toBe('<span>$12.50</span>');
    expect(render(<Money amount={1500} currency="JPY" />)).toBe('<span>JP¥1,500</span>');
    expect(render(<Money amount={1.234} currency="KWD" />)).toContain('1.234');
  });
});
