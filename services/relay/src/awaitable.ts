/**
 * Values that are plain in the in-memory relay and promises in cluster mode (Redis). Chaining them with
 * `andThen` keeps the in-memory path synchronous, exactly as it was before cluster mode existed.
 */
export type Awaitable<T> = T | Promise<T>;

export function andThen<T, U>(value: Awaitable<T>, fn: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}

/** `fn` over `items` one after the other (never two at once), synchronous while every call is. */
export function inOrder<T, U>(items: readonly T[], fn: (item: T) => Awaitable<U>): Awaitable<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) {
    const result = fn(items[i]!);
    if (result instanceof Promise) {
      return result.then(async (first) => {
        out.push(first);
        for (const item of items.slice(i + 1)) out.push(await fn(item));
        return out;
      });
    }
    out.push(result);
  }
  return out;
}
