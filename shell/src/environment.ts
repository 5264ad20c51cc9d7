import { createMemoryStorage, type Eip1193Provider, type KeyValueStorage, type PorticoEnvironment } from '@portico/shared-state';

function openPageStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage;
    storage.getItem('@portico/probe');
    return storage;
  } catch {
    // Storage blocked (sandboxed iframe, privacy mode): sessions last for the page only.
    return createMemoryStorage();
  }
}

/**
 * The page's localStorage, opened at its first use: the first access blocks on the browser loading the
 * origin's storage (tens of milliseconds), which the session restore does after createPortico has returned.
 */
function pageStorage(): KeyValueStorage {
  let storage: KeyValueStorage | undefined;
  const open = () => (storage ??= openPageStorage());
  return {
    getItem: (key) => open().getItem(key),
    setItem: (key, value) => open().setItem(key, value),
    removeItem: (key) => open().removeItem(key),
  };
}

function isMobileDevice(): boolean {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  return coarse && /Android|iPhone|iPad|iPod|Mobi/i.test(navigator.userAgent);
}

/**
 * The origin of the page framing this one: the browser's own record (`location.ancestorOrigins`, which the parent
 * cannot write), else the referrer's origin (browsers without it, e.g. Firefox); undefined in a top-level page.
 */
function parentOrigin(): string | undefined {
  if (window.parent === window) return undefined;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** The page Portico runs in, as the core sees it. */
export function browserEnvironment(): PorticoEnvironment {
  return {
    storage: pageStorage(),
    eventTarget: window,
    legacyProvider: (window as { ethereum?: Eip1193Provider }).ethereum,
    isMobile: isMobileDevice(),
    parentOrigin: parentOrigin(),
  };
}
