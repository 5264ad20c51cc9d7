/**
 * IntersectionObserver that reports only when the test says the element is in view (happy-dom
 * has no layout). Install it on globalThis before rendering, restore after.
 * @example
 * globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
 * act(() => FakeIntersectionObserver.scrollIntoView());
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  elements: Element[] = [];
  constructor(private callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {
    this.elements = [];
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((instance) => instance !== this);
  }
  takeRecords() {
    return [];
  }
  /** Scrolls every observed element into view. */
  static scrollIntoView() {
    for (const instance of [...FakeIntersectionObserver.instances]) {
      const entries = instance.elements.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      if (entries.length) instance.callback(entries, instance as unknown as IntersectionObserver);
    }
  }
}
