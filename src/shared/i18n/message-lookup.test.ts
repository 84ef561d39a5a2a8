import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { createLookup, identifyMessage, templateMatches, translateMessage } from './message-lookup.ts';

const compile = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));

const lookup = createLookup(
  compile({
    'errors.invalidLogin': 'Invalid email or password',
    'errors.orderNumberNotFound': 'Order {orderNumber} not found',
    'errors.notFound': 'Not found',
    'errors.doesNotShip': '{shop} does not ship to {place}',
    'errors.quoted': "Please send the review as JSON in the ''{field}'' field",
    'errors.codOrderTooLarge':
      'A cash-on-delivery order may hold at most {max, plural, one {# item} other {# items}}. Order fewer, or pay online.',
    'validation.email': 'Please enter a valid email address',
    'common.search': 'Search',
  }),
);

describe('identifyMessage', () => {
  it('finds a message without placeholders by its exact English text', () => {
    expect(identifyMessage(lookup, 'Invalid email or password')).toEqual({
      id: 'errors.invalidLogin',
      values: {},
    });
    expect(identifyMessage(lookup, 'Please enter a valid email address')?.id).toBe('validation.email');
    expect(identifyMessage(lookup, 'Invalid email or password.')).toBeNull();
    expect(identifyMessage(lookup, 'invalid email or password')).toBeNull();
  });

  it('only looks in the errors and validation namespaces', () => {
    expect(identifyMessage(lookup, 'Search')).toBeNull();
  });

  it('reads placeholder values out of a message with placeholders', () => {
    expect(identifyMessage(lookup, 'Order HT-1042 not found')).toEqual({
      id: 'errors.orderNumberNotFound',
      values: { orderNumber: 'HT-1042' },
    });
    expect(identifyMessage(lookup, 'Asha Textiles does not ship to Kerala')?.values).toEqual({
      shop: 'Asha Textiles',
      place: 'Kerala',
    });
    expect(identifyMessage(lookup, "Please send the review as JSON in the 'review' field")?.values).toEqual({
      field: 'review',
    });
  });

  it('reads the number of a plural in either form', () => {
    const text = (n: string) => `A cash-on-delivery order may hold at most ${n}. Order fewer, or pay online.`;
    expect(identifyMessage(lookup, text('1 item'))?.values).toEqual({ max: 1 });
    expect(identifyMessage(lookup, text('1,200 items'))).toEqual({
      id: 'errors.codOrderTooLarge',
      values: { max: 1200 },
    });
    expect(identifyMessage(lookup, text('some items'))).toBeNull();
  });
});

describe('translateMessage', () => {
  const format = (id: string, values: Record<string, string | number>) => `${id}:${JSON.stringify(values)}`;

  it('formats the id found, and leaves text the catalogue lacks as it is', () => {
    expect(translateMessage(lookup, 'Not found', format)).toBe('errors.notFound:{}');
    expect(translateMessage(lookup, 'Invalid input: expected string', format)).toBe(
      'Invalid input: expected string',
    );
  });
});

describe('templateMatches', () => {
  it('matches a template literal against a message with placeholders in the same places', () => {
    expect(templateMatches(lookup, 'Order {} not found')).toBe(true);
    expect(templateMatches(lookup, '{} does not ship to {}')).toBe(true);
    expect(
      templateMatches(lookup, 'A cash-on-delivery order may hold at most {}. Order fewer, or pay online.'),
    ).toBe(true);
    expect(templateMatches(lookup, 'Order {} was lost')).toBe(false);
    expect(templateMatches(lookup, 'Not found')).toBe(true);
    expect(templateMatches(lookup, 'Nothing here')).toBe(false);
  });
});
