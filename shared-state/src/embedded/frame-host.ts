/**
 * Where the secure site's iframe lives, behind a DOM-free interface: the shell mounts a hidden `<iframe>`
 * as a child of its `<portico-modal>` element, rendered through the element's WALLET_FRAME_SLOT
 * (`createDomFrameHost`); tests pass a fake. `secureSiteUrl` builds the iframe's address
 * with spec section 7's query.
 */
import * as z from 'zod/mini';
import { REVEALED_FRAME_ATTRIBUTE, WALLET_FRAME_SLOT } from '../constants';
import { InvalidOptionsError } from '../errors';
import type { FrameChannelOptions } from './channel-types';
import { chainIdField, labelField } from './fields';
import { parsePayload } from './messages';
import { isSerializedOrigin } from './wire';

/** The mounted iframe, in the shape `createFrameChannel` takes: `createFrameChannel({ ...host.mount(url), listenTarget: window })`. */
export type MountedFrame = Pick<FrameChannelOptions, 'frameWindow' | 'frameOrigin'>;

export interface FrameHost {
  /** Adds the iframe loading `src` (replacing one already mounted). */
  mount(src: string): MountedFrame;
  /** Removes the iframe; a no-op when none is mounted. */
  unmount(): void;
  /**
   * Shows the mounted iframe over `slot` (ApproveTransaction's placeholder), following it as it moves or resizes,
   * until the returned function hides it again (issue 28: the approval screen is the secure site's own document).
   */
  reveal(slot: Element): () => void;
}

/** The hidden iframe: no size, not in the tab order or the accessibility tree (it only talks to the modal). */
const HIDDEN_FRAME_STYLE = 'position:absolute;width:0;height:0;border:0;visibility:hidden';

const secureSiteQuerySchema = z.object({
  projectId: labelField,
  chainId: chainIdField,
  version: labelField,
  enableLogger: z.boolean(),
  parentOrigin: z.optional(z.string().check(z.refine(isSerializedOrigin, 'must be an http(s) origin'))),
});
export type SecureSiteQuery = z.input<typeof secureSiteQuerySchema>;

/**
 * The secure site's iframe URL: `base` (an http(s) URL) with projectId, chainId, version and enableLogger
 * (spec section 7), plus `origin` when given: the secure site's fallback for the parent's origin in
 * browsers without `location.ancestorOrigins`.
 *
 * @throws {InvalidOptionsError} a base that is not an http(s) URL, or a bad query value
 * @example
 * secureSiteUrl('http://127.0.0.1:3010/', { projectId: 'demo', chainId: 31337, version: '0.1.0', enableLogger: false });
 * // 'http://127.0.0.1:3010/?projectId=demo&chainId=31337&version=0.1.0&enableLogger=false'
 */
export function secureSiteUrl(base: string, query: SecureSiteQuery): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new InvalidOptionsError('embeddedWallet.url', 'must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidOptionsError('embeddedWallet.url', 'must be an http(s) URL');
  if (url.username || url.password) throw new InvalidOptionsError('embeddedWallet.url', 'must not carry credentials');
  const parsed = parsePayload(secureSiteQuerySchema, query);
  if (!parsed.ok) throw new InvalidOptionsError('embeddedWallet', parsed.issue);
  const { projectId, chainId, version, enableLogger, parentOrigin } = parsed.value;
  url.searchParams.set('projectId', projectId);
  url.searchParams.set('chainId', String(chainId));
  url.searchParams.set('version', version);
  url.searchParams.set('enableLogger', String(enableLogger));
  if (parentOrigin !== undefined) url.searchParams.set('origin', parentOrigin);
  return url.href;
}

/**
 * A `FrameHost` on a real DOM: a hidden, sandboxed iframe appended to `container` (the `<portico-modal>` element,
 * whose shadow root renders it through WALLET_FRAME_SLOT). It must not be inside a shadow root: only then is it one
 * of the page's `window.frames`, where the secure site's social callback popup hands the provider's answer to it.
 *
 * @example
 * const host = createDomFrameHost(element);
 * const channel = createFrameChannel({ ...host.mount(secureSiteUrl(base, query)), listenTarget: window });
 */
export function createDomFrameHost(container: Pick<ParentNode, 'append'> & { ownerDocument: Document | null }): FrameHost {
  let iframe: HTMLIFrameElement | undefined;
  let hideRevealed: (() => void) | undefined;
  const unmount = (): void => {
    hideRevealed?.();
    iframe?.remove();
    iframe = undefined;
  };
  return {
    mount(src) {
      unmount();
      const document = container.ownerDocument;
      if (!document) throw new InvalidOptionsError('embeddedWallet', 'the frame container is not in a document');
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Portico embedded wallet';
      // Scripts and its own origin (its storage and fetches); no popups, top navigation or forms.
      frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
      // The key export screen's Copy button (issue 28): the key goes to the clipboard from the frame, never the page.
      frame.allow = 'clipboard-write';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.style.cssText = HIDDEN_FRAME_STYLE;
      frame.slot = WALLET_FRAME_SLOT;
      container.append(frame);
      iframe = frame;
      return { frameWindow: () => frame.contentWindow, frameOrigin: new URL(src).origin };
    },
    unmount,
    reveal(slot) {
      hideRevealed?.();
      const frame = iframe;
      if (!frame) return () => undefined;
      const view = frame.ownerDocument.defaultView;
      let place = '';
      let animation = 0;
      // Each frame: the slot moves with the dialog's opening animation, scrolling and the keyboard on phones.
      const follow = () => {
        const { left, top, width, height } = slot.getBoundingClientRect();
        const next = `position:fixed;left:${left}px;top:${top}px;width:${width}px;height:${height}px;border:0;z-index:calc(var(--portico-z-index, 999) + 1);background:transparent`;
        if (next !== place) frame.style.cssText = place = next;
        animation = view?.requestAnimationFrame(follow) ?? 0;
      };
      follow();
      frame.removeAttribute('aria-hidden');
      frame.tabIndex = 0;
      frame.setAttribute(REVEALED_FRAME_ATTRIBUTE, '');
      const hide = () => {
        if (hideRevealed !== hide) return;
        hideRevealed = undefined;
        view?.cancelAnimationFrame(animation);
        frame.style.cssText = HIDDEN_FRAME_STYLE;
        frame.setAttribute('aria-hidden', 'true');
        frame.tabIndex = -1;
        frame.removeAttribute(REVEALED_FRAME_ATTRIBUTE);
      };
      hideRevealed = hide;
      return hide;
    },
  };
}
