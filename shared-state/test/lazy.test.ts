import { describe, expect, it } from '@rstest/core';
import { deferred } from '@portico/test-kit';
import { lazyController, lazyModule } from '../src/lazy';

/** A form in miniature: a synchronous setter and an async method reading what it set. */
const makeForm = (state: { text: string }) => ({
  set(text: string) {
    state.text = text;
  },
  async save() {
    return `saved ${state.text}`;
  },
});
const METHODS = { sync: ['set'], async: ['save'] } as const;

describe('lazyController', () => {
  it('before its code arrives, calls wait for it and then run in the order made; an async call resolves with its result', async () => {
    const factory = deferred<typeof makeForm>();
    const state = { text: '' };
    const form = lazyController(lazyModule(() => factory.promise), [state], METHODS);
    form.set('a');
    const saved = form.save();
    form.set('b');
    expect(state.text).toBe('');
    expect(form.loaded()).toBe(false);
    factory.resolve(makeForm);
    expect(await saved).toBe('saved a');
    expect(state.text).toBe('b');
  });

  it('once loaded, a setter updates at once; the code is fetched once for every controller made from it', async () => {
    let fetches = 0;
    const module = lazyModule(async () => {
      fetches += 1;
      return makeForm;
    });
    const first = { text: '' };
    const form = lazyController(module, [first], METHODS);
    await form.load();
    expect(form.loaded()).toBe(true);
    form.set('x');
    expect(first.text).toBe('x');

    const second = { text: '' };
    const other = lazyController(module, [second], METHODS);
    expect(other.loaded()).toBe(true);
    other.set('y');
    expect(second.text).toBe('y');
    expect(fetches).toBe(1);
  });

  it('load() resolves once the calls made before it have run', async () => {
    const factory = deferred<typeof makeForm>();
    const state = { text: '' };
    const form = lazyController(lazyModule(() => factory.promise), [state], METHODS);
    form.set('typed before the view opened');
    const loading = form.load();
    factory.resolve(makeForm);
    await loading;
    expect(state.text).toBe('typed before the view opened');
  });

  it('a failed load fails the calls waiting for it; the next call fetches again', async () => {
    let fetches = 0;
    const module = lazyModule(async () => {
      fetches += 1;
      if (fetches === 1) throw new Error('chunk did not arrive');
      return makeForm;
    });
    const state = { text: '' };
    const form = lazyController(module, [state], METHODS);
    form.set('lost');
    await expect(form.save()).rejects.toThrow('chunk did not arrive');
    expect(state.text).toBe('');
    expect(form.loaded()).toBe(false);

    form.set('kept');
    expect(await form.save()).toBe('saved kept');
    expect(fetches).toBe(2);
  });
});
