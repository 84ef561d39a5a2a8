import { Suspense } from 'react';
import { useMessageText } from '../lib/i18n/message-text.ts';

/**
 * A message the code or the server wrote in English (a shared schema's or constant's, a delivery reason, an
 * error) said in the page's language (ADR 0136): the English shows while another language's lookup loads,
 * so the screen around it never blinks out; text the catalogue lacks is shown as it is.
 */
export function Said({ text }: { text: string }) {
  return (
    <Suspense fallback={text}>
      <SaidNow text={text} />
    </Suspense>
  );
}

function SaidNow({ text }: { text: string }) {
  return <>{useMessageText()(text)}</>;
}
