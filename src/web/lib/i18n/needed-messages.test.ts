import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NeededMessages from './needed-messages.ts';

// The set of needed namespaces is module state: each test starts from a fresh module.
let mod: typeof NeededMessages;
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./needed-messages.ts');
});

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
    mod.needMessages(['orders']);
    expect(mod.neededMessagesReady()).toBe(true);
    await mod.loadNeededMessages();
  });

  it('loads only the needed namespaces not there yet, and is ready after', async () => {
    const s = source(['common']);
    mod.attachMessageSource(s);
    mod.needMessages(['common', 'orders']);
    mod.needMessages(['delivery', 'orders']);
    expect(mod.neededMessagesReady()).toBe(false);
    await mod.loadNeededMessages();
    expect(s.asked.sort()).toEqual(['delivery', 'orders']);
    expect(mod.neededMessagesReady()).toBe(true);
    await mod.loadNeededMessages();
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
