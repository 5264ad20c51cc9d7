import { describe, expect, it } from '@rstest/core';
import { ACTION_NOT_ALLOWED_UI_MESSAGE, RPC_NOT_ALLOWED_MESSAGE } from '../src/embedded/constants';
import { RpcMethodNotAllowedError } from '../src/embedded/errors';
import {
  APPROVAL_RPC_METHODS,
  SAFE_RPC_METHODS,
  assertRpcMethodAllowed,
  classifyRpcMethod,
} from '../src/embedded/rpc-policy';

describe('embedded RPC policy (spec section 6)', () => {
  it('reads, capabilities and raw-transaction broadcast are safe', () => {
    for (const method of ['eth_call', 'eth_getBalance', 'eth_chainId', 'eth_getLogs', 'wallet_getCapabilities', 'wallet_getCallsStatus', 'eth_sendRawTransaction', 'eth_getUserOperationReceipt']) {
      expect(classifyRpcMethod(method)).toBe('safe');
    }
  });

  it('signing, sending, calls, permissions and user operations need approval', () => {
    const unsafe = [
      'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'solana_signMessage', 'solana_signTransaction',
      'solana_signAllTransactions', 'solana_signAndSendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions',
      'wallet_revokePermissions', 'eth_sendUserOperation',
    ];
    expect([...APPROVAL_RPC_METHODS].sort()).toEqual(unsafe.sort());
    for (const method of unsafe) expect(classifyRpcMethod(method)).toBe('needs-approval');
  });

  it('anything on neither allow-list is disallowed: old signing methods, admin methods, look-alikes, prototype names', () => {
    for (const method of ['eth_sign', 'eth_signTypedData', 'eth_signTransaction', 'personal_Sign', 'PERSONAL_SIGN', 'debug_traceTransaction', 'anvil_setBalance', 'wallet_switchEthereumChain', 'constructor', '__proto__', 'toString', '']) {
      expect(classifyRpcMethod(method)).toBe('disallowed');
    }
  });

  it('the lists do not overlap', () => {
    for (const method of SAFE_RPC_METHODS) expect(APPROVAL_RPC_METHODS.has(method)).toBe(false);
  });

  it("assertRpcMethodAllowed throws 'Requested RPC call is not allowed' (UI: 'Action not allowed') with code 4200", () => {
    expect(assertRpcMethodAllowed('eth_sendTransaction')).toBe('needs-approval');
    expect(assertRpcMethodAllowed('eth_blockNumber')).toBe('safe');
    let thrown: unknown;
    try {
      assertRpcMethodAllowed('eth_sign');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RpcMethodNotAllowedError);
    expect((thrown as RpcMethodNotAllowedError).shortMessage).toBe(RPC_NOT_ALLOWED_MESSAGE);
    expect(RPC_NOT_ALLOWED_MESSAGE).toBe('Requested RPC call is not allowed');
    expect((thrown as RpcMethodNotAllowedError).code).toBe(4200);
    expect((thrown as RpcMethodNotAllowedError).method).toBe('eth_sign');
    expect(ACTION_NOT_ALLOWED_UI_MESSAGE).toBe('Action not allowed');
  });
});
