import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachMessageSource,
  loadNeededMessages,
  needMessages,
  neededMessagesReady,
} from './needed-messages.ts';

afterEach(() => attachMessageSource(null));

function source(loadedAtFirst: string[]) {
  const loaded = new Set(loadedAtFirst);
  const asked: string[] = [];
  return {
    asked,
    has: (ns: string) => loaded.has(ns),
    load: async (ns: string) => {
      asked.push(ns);
      await Promise.resolve();
      loaded.add(ns);
    },
  };
}

describe('the namespaces the loaded code can say', () => {
  it('without a message source, is ready and loads nothing', async () => {
    needMessages(['orders']);
    expect(neededMessagesReady()).toBe(true);
    await loadNeededMessages();
  });

  it('loads only the needed namespaces not there yet, and is ready after', async () => {
    const s = source(['common']);
    attachMessageSource(s);
    needMessages(['common', 'orders']);
    needMessages(['delivery', 'orders']);
    expect(neededMessagesReady()).toBe(false);
    await loadNeededMessages();
    expect(s.asked.sort()).toEqual(['delivery', 'orders']);
    expect(neededMessagesReady()).toBe(true);
    await loadNeededMessages();
    expect(s.asked).toHaveLength(2);
  });

  it('the build calls it through a global in the browser', async () => {
    vi.resetModules();
    vi.stubGlobal('window', globalThis);
    try {
      const fresh = await import('./needed-messages.ts');
      const s = source([]);
      fresh.attachMessageSource(s);
      (globalThis as unknown as { __haatNeedMessages: (n: string[]) => void }).__haatNeedMessages([
        'returns',
      ]);
      expect(fresh.neededMessagesReady()).toBe(false);
      await fresh.loadNeededMessages();
      expect(s.asked).toEqual(['returns']);
    } finally {
      vi.unstubAllGlobals();
      delete (globalThis as { __haatNeedMessages?: unknown }).__haatNeedMessages;
    }
  });
});
