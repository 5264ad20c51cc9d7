import { modalFlagsAtom, REVEALED_FRAME_ATTRIBUTE, WALLET_FRAME_SLOT, type PorticoCore } from '@portico/shared-state';
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { definePorticoElement, layOutPreparedDialog, type PorticoModalElement } from '../src/element';
// Before App: the mock below hands out these stand-ins when App's outlet imports the loader.
import { connectEffects, fakeViewModule } from './fake-views';
import { App } from '../src/ui/App';
import { shellCore } from './helpers';

// The remotes are replaced by small stand-ins (./fake-views) that behave like the real views:
// the focused control unmounts when a wallet is picked, or replaces itself inside a view.
rs.mock('../src/remote-loader', () => ({
  readyViewModule: (_remote: string, module: string) => fakeViewModule(module),
  loadViewModule: async (_remote: string, module: string) => fakeViewModule(module),
  subscribeReadyModules: () => () => undefined,
  readyModuleCount: () => 0,
}));

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

/** The page's own button that opens the modal, focused as after a click or Enter. */
function pageOpener() {
  const opener = document.createElement('button');
  opener.textContent = 'Connect Wallet';
  document.body.append(opener);
  opener.focus();
  return opener;
}

/** Renders the modal as createPortico does: inside the open shadow root of <portico-modal>. */
async function renderInShadowRoot(core?: PorticoCore) {
  core ??= await shellCore();
  definePorticoElement();
  const element = document.createElement('portico-modal') as PorticoModalElement;
  document.body.append(element);
  render(<App core={core} host={element} />, { container: element.mountPoint });
  return { core, element, shadow: element.shadowRoot!, modal: within(element.mountPoint) };
}

/** Lets the frame after a render run, as a person would see it. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

const pressEscapeOnBody = () => fireEvent.keyDown(document.body, { key: 'Escape' });

describe('dialog focus', () => {
  it('moves focus to the new view’s heading when the clicked wallet button unmounts; Esc then closes and returns focus to the opener', async () => {
    const opener = pageOpener();
    const { core, shadow, modal } = await renderInShadowRoot();
    act(() => core.modal.open());
    await nextFrame();
    expect(shadow.activeElement).toBe(modal.getByRole('heading', { name: 'Connect Wallet' }));

    const wallet = modal.getByRole('button', { name: 'Portico Test Wallet' });
    wallet.focus();
    fireEvent.click(wallet);
    await nextFrame();
    expect(shadow.activeElement).toBe(modal.getByRole('heading', { name: 'Connecting External' }));

    act(() => void pressEscapeOnBody());
    expect(core.store.get(modalFlagsAtom).open).toBe(false);
    expect(modal.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('on open, leaves focus on a control of the dialog that took it before the heading could (next frame)', async () => {
    pageOpener();
    const { core, shadow, modal } = await renderInShadowRoot();
    act(() => core.modal.open());
    const wallet = modal.getByRole('button', { name: 'Portico Test Wallet' });
    wallet.focus();
    await nextFrame();
    expect(shadow.activeElement).toBe(wallet);
  });

  it('closes on Esc pressed while focus is on <body>, and still returns focus to the opener', async () => {
    const opener = pageOpener();
    const { core, shadow, modal } = await renderInShadowRoot();
    act(() => core.modal.open());
    await nextFrame();
    (shadow.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);

    act(() => void pressEscapeOnBody());
    expect(modal.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('pulls focus back to the heading when the focused control is removed inside a view', async () => {
    const { core, shadow, modal } = await renderInShadowRoot();
    act(() => core.modal.open({ view: 'ConnectingExternal' }));
    await nextFrame();
    const tryAgain = modal.getByRole('button', { name: 'Try again' });
    tryAgain.focus();
    expect(shadow.activeElement).toBe(tryAgain);

    fireEvent.click(tryAgain);
    expect(modal.getByText('Continue in Portico Test Wallet')).toBeTruthy();
    await waitFor(() => expect(shadow.activeElement).toBe(modal.getByRole('heading', { name: 'Connecting External' })));
  });

  it('moves focus from Back to the previous view’s heading', async () => {
    const { core, shadow, modal } = await renderInShadowRoot();
    act(() => core.modal.open());
    await nextFrame();
    fireEvent.click(modal.getByRole('button', { name: 'Portico Test Wallet' }));
    const back = modal.getByRole('button', { name: 'Back' });
    back.focus();
    fireEvent.click(back);
    await nextFrame();
    expect(shadow.activeElement).toBe(modal.getByRole('heading', { name: 'Connect Wallet' }));
  });

  it('keeps Tab inside the dialog from <body>', async () => {
    const { core, shadow, modal } = await renderInShadowRoot();
    act(() => core.modal.open());
    await nextFrame();
    (shadow.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(shadow.activeElement).toBe(modal.getByRole('button', { name: 'Close' }));
  });

  it('shakes instead of closing on Esc from <body> while a transaction awaits approval', async () => {
    const { core, shadow, modal } = await renderInShadowRoot();
    act(() => core.modal.open({ view: 'ApproveTransaction' }));
    // Focus on <body>.
    (shadow.activeElement as HTMLElement | null)?.blur();
    act(() => void pressEscapeOnBody());
    expect(modal.getByRole('dialog').dataset.shake).toBe('true');
  });

  it("takes the secure site's approval frame (shown over the dialog, outside it) into the Tab cycle, and lets focus stay in it", async () => {
    const { core, shadow, element, modal } = await renderInShadowRoot();
    act(() => core.modal.open({ view: 'ApproveTransaction' }));
    // What the embedded wallet's frame host does when it mounts and reveals the frame (shared-state createDomFrameHost):
    // a light-DOM child of <portico-modal>, drawn through its slot.
    const frame = document.createElement('iframe');
    frame.title = 'Portico embedded wallet';
    frame.tabIndex = 0;
    frame.slot = WALLET_FRAME_SLOT;
    frame.setAttribute(REVEALED_FRAME_ATTRIBUTE, '');
    element.append(frame);
    // Not a modal dialog while the approval shows: it would hide the frame from screen readers.
    expect(modal.getByRole('dialog').getAttribute('aria-modal')).toBeNull();

    const lastControl = within(modal.getByRole('dialog')).getAllByRole('button').at(-1)!;
    lastControl.focus();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(document.activeElement).toBe(frame);
    fireEvent.focusIn(frame);
    expect(document.activeElement).toBe(frame);
    fireEvent.keyDown(document.body, { key: 'Tab', shiftKey: true });
    expect(shadow.activeElement).toBe(lastControl);

    act(() => core.modal.open({ view: 'Connect' }));
    await nextFrame();
    expect(modal.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
  });
});

describe('the closed dialog', () => {
  it('prepares the view the next open shows: hidden from everyone, its effects not run until it opens', async () => {
    connectEffects.runs = 0;
    const { core, modal } = await renderInShadowRoot();
    // React renders a hidden Activity at idle priority; act() lets that work finish.
    await act(async () => undefined);
    expect(modal.queryByRole('dialog')).toBeNull();
    expect(modal.queryByRole('button', { name: 'Portico Test Wallet' })).toBeNull();
    expect(modal.getByRole('button', { name: 'Portico Test Wallet', hidden: true })).toBeTruthy();
    expect(connectEffects.runs).toBe(0);

    act(() => core.modal.open());
    await nextFrame();
    expect(modal.getByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
    expect(modal.getByRole('button', { name: 'Portico Test Wallet' })).toBeTruthy();
    expect(connectEffects.runs).toBe(1);
  });

  it('opened on another view than the prepared one, never runs the prepared view’s effects', async () => {
    connectEffects.runs = 0;
    const { core, modal } = await renderInShadowRoot();
    await act(async () => undefined);
    expect(modal.getByRole('button', { name: 'Portico Test Wallet', hidden: true })).toBeTruthy();

    act(() => core.modal.open({ view: 'ConnectingExternal' }));
    await nextFrame();
    expect(modal.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(connectEffects.runs).toBe(0);
  });

  it('opens a view as new after a close: what the person did in it before is gone', async () => {
    const { core, modal } = await renderInShadowRoot();
    act(() => core.modal.open({ view: 'ConnectingExternal' }));
    await nextFrame();
    fireEvent.click(modal.getByRole('button', { name: 'Try again' }));
    expect(modal.getByText('Continue in Portico Test Wallet')).toBeTruthy();

    act(() => core.modal.close());
    await act(async () => undefined);
    act(() => core.modal.open({ view: 'ConnectingExternal' }));
    await nextFrame();
    expect(modal.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(modal.queryByText('Continue in Portico Test Wallet')).toBeNull();
  });

  it.each(['style', 'layout'] as const)('is given its first %s at idle as a copy that is invisible, inert and without ids, then removed; never while open', async (pass) => {
    const { core, shadow, modal } = await renderInShadowRoot();
    await act(async () => undefined);
    const element = shadow.host as PorticoModalElement;
    const before = element.mountPoint.cloneNode(true);
    const added: HTMLElement[] = [];
    const watcher = new MutationObserver((records) => records.forEach((r) => added.push(...(r.addedNodes as NodeListOf<HTMLElement>))));
    watcher.observe(element.mountPoint, { childList: true });

    layOutPreparedDialog(element, pass);
    await Promise.resolve(); // MutationObserver records arrive in a microtask
    expect(added).toHaveLength(1);
    const [copy] = added;
    expect(copy!.inert).toBe(true);
    expect(copy!.style.visibility).toBe('hidden');
    expect(copy!.querySelector('[id]')).toBeNull();
    expect(copy!.isConnected).toBe(false);
    expect(element.mountPoint.isEqualNode(before)).toBe(true);
    expect(modal.queryByRole('dialog')).toBeNull();

    act(() => core.modal.open());
    await nextFrame();
    added.length = 0;
    layOutPreparedDialog(element, pass);
    await Promise.resolve();
    expect(added).toHaveLength(0);
    watcher.disconnect();
  });
});
