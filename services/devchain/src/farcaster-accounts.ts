/**
 * The devchain's Farcaster test accounts (fids, usernames, public custody and auth-address keys) without the contract
 * artifacts, so a Playwright script (the e2e "Farcaster app") can import them:
 * `@portico/devchain/farcaster-accounts`.
 */
import { keccak256, stringToHex, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

export interface FarcasterTestAccount {
  fid: number;
  /** What a Farcaster app would send the relay as the account's username (fnames live off chain). */
  username: string;
  /** The custody key that signs Sign In With Farcaster messages. Public test key: local chains only. */
  custodyKey: Hex;
  custodyAddress: Address;
  /**
   * An auth address of the account (a key of type 2 in the KeyRegistry): it signs Sign In With Farcaster
   * messages for the fid without being its custody address. Public test key: local chains only.
   */
  authKey: Hex;
  authAddress: Address;
}

/** Publicly known test keys, derived from a label so they collide with no anvil dev account. */
const testKey = (label: string): Hex => keccak256(stringToHex(`portico.devchain.farcaster.${label}`));

const account = (fid: number, username: string): FarcasterTestAccount => {
  const custodyKey = testKey(username);
  const authKey = testKey(`${username}.auth`);
  return { fid, username, custodyKey, custodyAddress: privateKeyToAddress(custodyKey), authKey, authAddress: privateKeyToAddress(authKey) };
};

/** Registered in this order on a fresh registry, so each gets the fid shown. */
export const FARCASTER_TEST_ACCOUNTS: readonly FarcasterTestAccount[] = [account(1, 'alice'), account(2, 'bob'), account(3, 'carol')];

/** A key that holds no fid: signing in with it (claiming any fid) must be refused. */
export const FARCASTER_UNREGISTERED_KEY: Hex = testKey('unregistered');

