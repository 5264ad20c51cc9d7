import { describe, expect, it } from '@rstest/core';
import { anvil, minimalOptions, RECEIVER, solanaLocalnet } from '@portico/test-kit';
import { disconnectedAccount, InvalidOptionsError, toCaipNetwork, type AccountState } from '../src/index';
import { parseOptions } from '../src/options';
import { paymentNamespace, paymentNetwork, planPayment, type Payment } from '../src/pay';

const SOLANA_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const ANVIL = toCaipNetwork(anvil);
const SOLANA = toCaipNetwork(solanaLocalnet);
const ANVIL_SECOND = toCaipNetwork({ ...anvil, id: 31338, name: 'Anvil Second' });

const connected = (caipAddress: string): AccountState => ({ status: 'connected', address: caipAddress.split(':')[2], caipAddress: caipAddress as AccountState['caipAddress'], balanceLoading: false });
const EVM_WALLET = connected(`eip155:31337:${RECEIVER}`);
const SOLANA_WALLET = connected(`${SOLANA.caipNetworkId}:${SOLANA_RECEIVER}`);

const toEvm: Payment = { recipient: RECEIVER, amount: '0.25', symbol: 'ETH', namespace: 'eip155' };
const toSolana: Payment = { recipient: SOLANA_RECEIVER, amount: '0.5', symbol: 'SOL', namespace: 'solana' };

function payError(pay: unknown): string {
  try {
    parseOptions({ ...minimalOptions(), networks: [anvil, solanaLocalnet], pay });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return (error as Error).message;
  }
  throw new Error('parseOptions accepted the payment');
}

describe('the pay option (issue 32)', () => {
  it('takes an eip155 or a Solana recipient and says which namespace it is in', () => {
    const parse = (pay: object) => parseOptions({ ...minimalOptions(), pay }).pay;
    expect(parse({ recipient: RECEIVER, amount: '0.25', symbol: 'ETH' })).toEqual(toEvm);
    expect(parse({ recipient: SOLANA_RECEIVER, amount: '0.5', symbol: 'SOL' })).toEqual(toSolana);
    expect(parse({ recipient: SOLANA_RECEIVER, amount: '0.5', symbol: 'SOL', network: SOLANA.caipNetworkId })).toEqual({ ...toSolana, network: SOLANA.caipNetworkId });
    // A namespace the host did not configure is the Pay view's to explain, not an error thrown at the host.
    expect(parse({ recipient: SOLANA_RECEIVER, amount: '1', symbol: 'SOL', network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKC5d' })?.namespace).toBe('solana');
  });

  it('refuses a recipient that is no eip155 or Solana address, naming the field', () => {
    const recipientError =
      'Invalid Portico option `pay.recipient`: must be an eip155 address (0x + 40 hex digits) or a Solana address (32–44 base58 characters)';
    for (const recipient of ['alice.portico.eth', RECEIVER.slice(0, 40), 'Hrhf2PpozV5n9Ng69bqCKt', `${SOLANA_RECEIVER}0`, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']) {
      expect(payError({ recipient, amount: '1', symbol: 'ETH' })).toBe(recipientError);
    }
  });

  it('refuses a pinned network in another namespace than the recipient, or outside eip155 and solana', () => {
    expect(payError({ recipient: SOLANA_RECEIVER, amount: '1', symbol: 'SOL', network: 'eip155:31337' })).toBe(
      'Invalid Portico option `pay.recipient`: must be an address on pay.network (eip155:31337)',
    );
    expect(payError({ recipient: RECEIVER, amount: '1', symbol: 'DOT', network: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' })).toBe(
      'Invalid Portico option `pay.network`: must be a CAIP-2 id on eip155 or solana',
    );
  });
});

describe('paymentNamespace', () => {
  it('an 0x address is eip155, base58 of the right length is solana; hex without its 0x is not eip155', () => {
    expect(paymentNamespace(RECEIVER)).toBe('eip155');
    expect(paymentNamespace(SOLANA_RECEIVER)).toBe('solana');
    expect(paymentNamespace(RECEIVER.slice(2))).toBeUndefined();
    expect(paymentNamespace(SOLANA_RECEIVER, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKC5d')).toBe('solana');
    expect(paymentNamespace(RECEIVER, SOLANA.caipNetworkId)).toBeUndefined();
  });
});

describe('planPayment: which network the payment goes to and whether the active account can pay it', () => {
  const networks = [ANVIL, ANVIL_SECOND, SOLANA];

  it('on the payment’s network: pay', () => {
    expect(planPayment(toEvm, networks, ANVIL, { eip155: EVM_WALLET })).toEqual({ kind: 'pay', network: ANVIL });
    expect(planPayment(toSolana, networks, SOLANA, { solana: SOLANA_WALLET })).toEqual({ kind: 'pay', network: SOLANA });
    // Unpinned, any network of the namespace will do: the active one.
    expect(planPayment(toEvm, networks, ANVIL_SECOND, { eip155: EVM_WALLET })).toEqual({ kind: 'pay', network: ANVIL_SECOND });
  });

  it('another namespace with its wallet connected: switch to the wallet’s network there', () => {
    const accounts = { eip155: EVM_WALLET, solana: SOLANA_WALLET };
    expect(planPayment(toSolana, networks, ANVIL, accounts)).toEqual({ kind: 'switch', network: SOLANA });
    const onSecond = { ...accounts, eip155: connected(`eip155:31338:${RECEIVER}`) };
    expect(paymentNetwork(toEvm, networks, SOLANA, onSecond)).toBe(ANVIL_SECOND);
    expect(planPayment(toEvm, networks, SOLANA, onSecond)).toEqual({ kind: 'switch', network: ANVIL_SECOND });
  });

  it('another namespace with no wallet there: connect one on its first network', () => {
    expect(planPayment(toSolana, networks, ANVIL, { eip155: EVM_WALLET, solana: disconnectedAccount })).toEqual({ kind: 'connect', network: SOLANA });
    expect(planPayment(toEvm, networks, SOLANA, { solana: SOLANA_WALLET })).toEqual({ kind: 'connect', network: ANVIL });
  });

  it('a pinned network: that one, so another network of the same namespace switches', () => {
    const pinned = { ...toEvm, network: ANVIL_SECOND.caipNetworkId };
    expect(planPayment(pinned, networks, ANVIL, { eip155: EVM_WALLET })).toEqual({ kind: 'switch', network: ANVIL_SECOND });
    expect(planPayment(pinned, networks, ANVIL_SECOND, { eip155: EVM_WALLET })).toEqual({ kind: 'pay', network: ANVIL_SECOND });
  });

  it('no configured network fits: unsupported (the namespace missing, or the pinned network not configured)', () => {
    expect(planPayment(toSolana, [ANVIL], ANVIL, { eip155: EVM_WALLET })).toEqual({ kind: 'unsupported', namespace: 'solana' });
    const mainnet = { ...toSolana, network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKC5d' };
    expect(planPayment(mainnet, networks, SOLANA, { solana: SOLANA_WALLET })).toEqual({ kind: 'unsupported', namespace: 'solana' });
  });
});
