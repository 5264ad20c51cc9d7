import { bytesToHex, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** anvil's default mnemonic. Its accounts #0–#9 belong to the devchain and the test fixtures. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

function devKey(addressIndex: number): Hex {
  const privateKey = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }).getHdKey().privateKey;
  if (!privateKey) throw new Error(`no private key for dev account #${addressIndex}`);
  return bytesToHex(privateKey);
}

/**
 * DEVELOPMENT ONLY: the bundler's keys on the devchain, derived from anvil's public mnemonic at
 * indices no fixture uses (#10 sends the bundles, #11 deploys Alto's simulation contracts and the
 * EntryPoint). anvil does not fund them: fundDevAccounts does, with anvil_setBalance.
 */
export const DEV_BUNDLER_KEYS = {
  executorPrivateKeys: [devKey(10)] as readonly Hex[],
  utilityPrivateKey: devKey(11),
} as const;
