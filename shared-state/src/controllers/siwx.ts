/**
 * Sign in with the wallet after connecting (spec sections 2, 4, 8; issue 10): when sign-in is
 * enabled, the wallet's network is supported and no session covers the account, SIWXSignMessage
 * opens. Success keeps the session, closes the modal and tracks SIWX_AUTH_SUCCESS; failure stays on
 * the sign view with the error (SIWX_AUTH_ERROR); Cancel (CLICK_CANCEL_SIWX) disconnects when sign-in
 * is required, otherwise just closes. Loaded with the sign-in code (`@portico/shared-state/siwx`),
 * never with the page.
 */
import type { Store } from 'jotai/vanilla';
import type { ChainAdapter } from '../adapters/types';
import { activeAccountAtom, announcementAtom, modalFlagsAtom, signInAtom, type SignInState } from '../atoms';
import { parseCaipAddress, parseCaipNetworkId, type CaipNetworkId } from '../caip';
import { CONNECTOR_IDS, type ChainNamespace } from '../constants';
import { errorText, isUserRejection } from '../errors';
import type { EventBus } from '../events';
import type { CaipNetwork } from '../network';
import { SiwxNotEnabledError } from '../siwx/errors';
import { coversAccount, messageData, sessionExpired } from '../siwx/message';
import { resolveSiwxOption } from '../siwx/siweconfig';
import type { SIWXConfig, SIWXSession } from '../siwx/types';
import type { PorticoOptions } from '../options';
import type { ViewName } from '../views';
import type { ConnectionController } from './connection';
import type { ModalController } from './modal';
import type { RouterController } from './router';
import type { ToastController } from './toast';

/** Spec section 8. */
export const SIGNATURE_DECLINED = 'Signature declined';
/** Spec sections 4, 8: the sessions could not be read after connecting; the wallet is disconnected. */
export const SIGN_IN_INITIALIZE_FAILED = 'A problem occurred while trying initialize authentication';
/** Announced when the modal refuses to close because the site requires signing in. */
export const SIGN_IN_REQUIRED = 'This site requires signing in. Sign the message, or Cancel to disconnect.';
/** The views that ask for a signature; in required mode they cannot be closed while no session exists. */
export const SIGN_IN_VIEWS: readonly ViewName[] = ['SIWXSignMessage', 'ConnectingSiwe'];

/** The sign-in state the views read (`useAtomValue(signInAtom)`). */
export type SiwxState = SignInState;

const initialState: SiwxState = { status: 'idle', closeDisabled: false };

/** Who would sign in: the connected address and the network its wallet is on (CAIP-2). */
export interface SignInAccount {
  address: string;
  caipNetworkId: CaipNetworkId;
}

/**
 * Spec section 4: sign-in is asked for when it is enabled, an account is connected, its network is
 * one the host configured, and no unexpired session covers that account on that network. Call it
 * again after every account or network switch.
 * @example needsSignIn({ account: { address, caipNetworkId: 'eip155:1' }, supportedNetworks: options.networks, sessions })
 */
export function needsSignIn(input: {
  enabled?: boolean;
  account: SignInAccount | undefined;
  supportedNetworks: readonly Pick<CaipNetwork, 'caipNetworkId'>[];
  sessions: readonly SIWXSession[];
  nowMs?: number;
}): boolean {
  const { account, enabled = true, nowMs = Date.now() } = input;
  if (!enabled || !account) return false;
  if (!input.supportedNetworks.some((network) => network.caipNetworkId === account.caipNetworkId)) return false;
  return !input.sessions.some((session) => coversAccount(session.data, account.caipNetworkId, account.address) && !sessionExpired(session, nowMs));
}

export interface SiwxControllerDeps {
  store: Store;
  /** The host's sign-in (`siwx`, or `siweConfig` mapped); undefined when sign-in is off. */
  siwx: SIWXConfig | undefined;
  /** The view that asks for the signature: SIWXSignMessage, or ConnectingSiwe for a legacy `siweConfig`. */
  signView?: 'SIWXSignMessage' | 'ConnectingSiwe';
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>;
  /** The host's networks: sign-in is only asked for on these. */
  networks: readonly CaipNetwork[];
  connection: Pick<ConnectionController, 'disconnect'>;
  modal: Pick<ModalController, 'open' | 'close' | 'guardClose'>;
  router: Pick<RouterController, 'current' | 'reset' | 'pushTransaction' | 'popTransaction'>;
  events: Pick<EventBus, 'track'>;
  toast?: Pick<ToastController, 'show'>;
  now?: () => number;
}

export interface SiwxController {
  readonly enabled: boolean;
  /** The host's sign-in as resolved (`siweConfig` mapped); WalletConnect one-click auth signs in through it. */
  config(): Promise<SIWXConfig | undefined>;
  /** Starts `watch`ing once (the core calls this after restoring the connection). */
  start(): Promise<void>;
  /** Sign-in required (`siwx.getRequired()`). */
  required(): boolean;
  /**
   * Reads the sessions for the connected account and opens SIWXSignMessage when one is needed;
   * resolves whether it was. When they cannot be read: SIWX_AUTH_ERROR, disconnect, Connect, and
   * 'A problem occurred while trying initialize authentication'.
   */
  check(): Promise<boolean>;
  /** createMessage → the wallet signs → addSession; resolves true once signed in (the modal closes). */
  signIn(): Promise<boolean>;
  /** The person declined to sign in: disconnects when required, else closes; the router goes back to Connect. */
  cancel(): Promise<void>;
  /** Clears the sessions when `signOutOnDisconnect` (default true); call on disconnect. */
  signOut(): Promise<void>;
  /** Runs `check` on every connect, account or network switch and `signOut` on disconnect; returns the unsubscribe. */
  watch(): () => void;
}

/** What the core holds (its code loads on the first call). */
export type SignInController = Pick<SiwxController, 'start' | 'signIn' | 'cancel' | 'config'>;

/**
 * The core's sign-in: the host's `siwx`, or its `siweConfig` mapped (then the sign view is
 * ConnectingSiwe, AppKit's name for it), asked for on the host's networks.
 */
export function createSignIn(
  deps: Omit<SiwxControllerDeps, 'siwx' | 'signView' | 'networks'> & { options: Pick<PorticoOptions, 'siwx' | 'siweConfig' | 'networks'> },
): SiwxController {
  const { options, ...rest } = deps;
  return createSiwxController({
    ...rest,
    siwx: resolveSiwxOption(options),
    signView: options.siweConfig ? 'ConnectingSiwe' : 'SIWXSignMessage',
    networks: options.networks,
  });
}

/** The account that would sign in, from the store (the wallet's network is in its CAIP-10 address). */
function connectedAccount(store: Store): (SignInAccount & { connectorId?: string }) | undefined {
  const account = store.get(activeAccountAtom);
  if (account.status !== 'connected' || !account.address || !account.caipAddress) return undefined;
  return { address: account.address, caipNetworkId: parseCaipAddress(account.caipAddress).caipNetworkId, connectorId: account.connectorId };
}

export function createSiwxController(deps: SiwxControllerDeps): SiwxController {
  const { store, siwx, events, modal, router } = deps;
  const now = deps.now ?? Date.now;
  const signView = deps.signView ?? 'SIWXSignMessage';
  const state = () => store.get(signInAtom);
  const patch = (next: Partial<SiwxState>) => store.set(signInAtom, { ...state(), ...next });
  let stopWatching: (() => void) | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** An expired session asks again (spec section 4): the check runs when the one in use ends. */
  const askAgainAtExpiry = (session: SIWXSession | undefined) => {
    clearTimeout(expiryTimer);
    const expiresAt = Date.parse(session?.data.expirationTime ?? '');
    // Timers hold at most 2^31-1 ms; a later expiry is checked then, and scheduled again.
    if (expiresAt) expiryTimer = setTimeout(() => void controller.check(), Math.min(Math.max(expiresAt - now(), 0), 2 ** 31 - 1));
  };
  // Required sign-in (spec section 2): not even a forced close; say why (a repeat must still be read out).
  modal.guardClose(() => {
    if (!state().closeDisabled) return false;
    const said = store.get(announcementAtom);
    store.set(announcementAtom, said === SIGN_IN_REQUIRED ? `${said}\u00a0` : SIGN_IN_REQUIRED);
    return true;
  });
  const required = () => siwx?.getRequired?.() ?? false;
  /** Each check gets a number; an answer for an older one (the account switched meanwhile) is dropped. */
  let checks = 0;

  const eventProperties = (caipNetworkId: string | undefined, error?: unknown) => ({
    network: caipNetworkId ?? '',
    ...(error === undefined ? {} : { message: errorText(error) }),
  });

  const controller: SiwxController = {
    enabled: siwx !== undefined,
    required,
    config: async () => siwx,
    async start() {
      stopWatching ??= controller.watch();
    },

    async check() {
      const check = ++checks;
      const account = connectedAccount(store);
      if (!siwx || !account || !deps.networks.some((network) => network.caipNetworkId === account.caipNetworkId)) {
        patch({ session: undefined, closeDisabled: false });
        return false;
      }
      try {
        const sessions = await siwx.getSessions(account.caipNetworkId, account.address);
        if (check !== checks) return false;
        const needed = needsSignIn({ account, supportedNetworks: deps.networks, sessions, nowMs: now() });
        const session = needed ? undefined : sessions.find((candidate) => coversAccount(candidate.data, account.caipNetworkId, account.address));
        patch({ session, closeDisabled: needed && required(), ...(needed ? { status: 'idle', error: undefined } : {}) });
        askAgainAtExpiry(session);
        if (needed) modal.open({ view: signView });
        return needed;
      } catch (error) {
        if (check !== checks) return false;
        events.track('SIWX_AUTH_ERROR', eventProperties(account.caipNetworkId, error));
        await deps.connection.disconnect().catch(() => undefined);
        // After the disconnect, whose sign-out resets the state.
        store.set(signInAtom, { status: 'error', error: SIGN_IN_INITIALIZE_FAILED, closeDisabled: false });
        router.reset('Connect');
        deps.toast?.show('error', SIGN_IN_INITIALIZE_FAILED);
        return false;
      }
    },

    async signIn() {
      if (!siwx) throw new SiwxNotEnabledError();
      if (state().status === 'signing') return false;
      const account = connectedAccount(store);
      const adapter = account && deps.adapters[parseCaipNetworkId(account.caipNetworkId).namespace];
      patch({ status: 'signing', error: undefined });
      let approving = false;
      try {
        // Spec section 5: signing needs an active address, an active network and a connection client.
        if (!account) throw new Error('No ActiveCaipAddress found');
        if (!deps.networks.some((network) => network.caipNetworkId === account.caipNetworkId)) throw new Error('No ActiveCaipNetwork or client found');
        if (!adapter?.signMessage || !account.connectorId) throw new Error('No ConnectionController client found');
        const message = await siwx.createMessage({ chainId: account.caipNetworkId, accountAddress: account.address });
        const text = message.toString();
        // The embedded wallet asks in its frame (ApproveTransaction): the sign-in is a pending transaction (spec
        // section 2), ended by the request's answer; its success once the session is kept (required sign-in blocks
        // closing before). The replace flow closes the modal, or returns to the view before ConnectingSiwe.
        approving = account.connectorId === CONNECTOR_IDS.auth;
        if (approving) router.pushTransaction({ replace: true });
        const signature = await adapter.signMessage(account.connectorId, account.address, text);
        const session: SIWXSession = { data: messageData(message), message: text, signature };
        await siwx.addSession(session);
        patch({ status: 'idle', session, closeDisabled: false });
        askAgainAtExpiry(session);
        if (approving) router.popTransaction('success');
        else modal.close();
        events.track('SIWX_AUTH_SUCCESS', eventProperties(account.caipNetworkId));
        return true;
      } catch (error) {
        // Rejected in the frame, or failed after the approval: the router returns to the sign view if still needed.
        if (approving) router.popTransaction('cancel');
        patch({ status: 'error', error: isUserRejection(error) ? SIGNATURE_DECLINED : errorText(error) });
        events.track('SIWX_AUTH_ERROR', eventProperties(account?.caipNetworkId, error));
        // Spec section 4: failure keeps (or reopens) the sign view.
        if (!store.get(modalFlagsAtom).open || !SIGN_IN_VIEWS.includes(router.current().view)) modal.open({ view: signView });
        return false;
      }
    },

    async cancel() {
      const account = connectedAccount(store);
      events.track('CLICK_CANCEL_SIWX', eventProperties(account?.caipNetworkId));
      patch({ status: 'idle', error: undefined });
      if (required()) {
        try {
          await deps.connection.disconnect();
        } catch (error) {
          // Still connected without a session: the sign view stays, with the reason.
          patch({ status: 'error', error: errorText(error) });
          return;
        }
        patch({ closeDisabled: false, session: undefined });
      }
      modal.close();
      // Spec section 2: cancelling resets the view to Connect.
      router.reset('Connect');
    },

    async signOut() {
      askAgainAtExpiry(undefined);
      store.set(signInAtom, initialState);
      if (siwx && (siwx.signOutOnDisconnect ?? true)) await siwx.setSessions([]);
    },

    watch() {
      let watched = connectedAccount(store);
      const key = (account: SignInAccount | undefined) => (account ? `${account.caipNetworkId}:${account.address}` : undefined);
      if (watched) void controller.check();
      return store.sub(activeAccountAtom, () => {
        const account = connectedAccount(store);
        if (key(account) === key(watched)) return;
        const wasConnected = watched !== undefined;
        watched = account;
        if (account) void controller.check();
        else if (wasConnected) {
          checks++; // a check still reading sessions for the old account must not open the sign view
          void controller.signOut().catch(() => undefined);
        }
      });
    },
  };
  return controller;
}
