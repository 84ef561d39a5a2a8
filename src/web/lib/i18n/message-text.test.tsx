import { parse } from '@formatjs/icu-messageformat-parser';
import { Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { createMessageSource, I18nProvider, type Messages } from './i18n.tsx';
import { useErrorMessage, useMessageText } from './message-text.ts';

/** ADR 0136: the schemas' English messages and the fallback error texts, said in the page's language. */

const compile = (messages: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text) as never]));

const en = {
  'errors.notFound': 'Not found',
  'errors.orderNumberNotFound': 'Order {orderNumber} not found',
  'errors.somethingWentWrongTryAgain': 'Something went wrong. Please try again.',
  'validation.invalidId': 'Invalid id',
  'validation.enterValidEmailAddress': 'Please enter a valid email address',
};
const hi = {
  'errors.notFound': 'नहीं मिला',
  'errors.orderNumberNotFound': 'ऑर्डर {orderNumber} नहीं मिला',
  'errors.somethingWentWrongTryAgain': 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'validation.invalidId': 'अमान्य id',
  'validation.enterValidEmailAddress': 'कृपया सही ई-मेल पता डालें',
};
const only = (messages: Record<string, string>, ns: string) =>
  compile(Object.fromEntries(Object.entries(messages).filter(([id]) => id.startsWith(`${ns}.`))));

vi.mock('virtual:haat-messages', () => ({
  languages: [],
  loaders: {
    'en/errors': async () => ({ default: only(en, 'errors') }),
    'en/validation': async () => ({ default: only(en, 'validation') }),
  },
}));

const language = (code: string) => ({ code, name: code, englishName: code, intl: `${code}-IN` });
const source = (code: 'en' | 'hi') =>
  createMessageSource(
    language(code),
    {},
    {
      namespaces: ['errors', 'validation'],
      messages: compile(code === 'en' ? en : hi),
    },
  );

function Shown({ texts, error }: { texts: (string | undefined)[]; error: unknown }) {
  const say = useMessageText();
  const sayError = useErrorMessage();
  return <p>{[...texts.map((text) => say(text) ?? '(none)'), sayError(error)].join(' | ')}</p>;
}

const render = (code: 'en' | 'hi', texts: (string | undefined)[], error: unknown = null) =>
  renderToStaticMarkup(
    <I18nProvider source={source(code)}>
      <Suspense fallback="loading">
        <Shown texts={texts} error={error} />
      </Suspense>
    </I18nProvider>,
  );

beforeAll(() => {
  vi.stubGlobal('window', {});
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('useMessageText', () => {
  it('leaves English pages as they are', () => {
    expect(
      render('en', ['Please enter a valid email address', undefined], new ApiError(404, 'Not found')),
    ).toBe('<p>Please enter a valid email address | (none) | Not found</p>');
  });

  it('says schema messages, messages with values and fallbacks in Hindi, once the English texts are loaded', async () => {
    const texts = [
      'Please enter a valid email address',
      'Order HT-7 not found',
      'Not from the catalogue',
      undefined,
    ];
    // The first render waits for the English messages (the screen shows its spinner meanwhile).
    expect(render('hi', texts)).toBe('loading');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(render('hi', texts, 'thrown')).toBe(
      '<p>कृपया सही ई-मेल पता डालें | ऑर्डर HT-7 नहीं मिला | Not from the catalogue | (none) | कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।</p>',
    );
    // A message the server already sent in Hindi stays as it is.
    expect(render('hi', [], new ApiError(404, 'नहीं मिला'))).toBe('<p>नहीं मिला</p>');
  });
});
