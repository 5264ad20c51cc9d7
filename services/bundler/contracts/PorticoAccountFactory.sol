// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337Factory} from "solady/src/accounts/ERC4337Factory.sol";

/// @notice Solady's ERC-4337 factory (accounts are ERC-1967 proxies to one PorticoAccount
/// implementation, at CREATE2 addresses fixed by the salt), plus the `createAccount(owner, salt)`
/// that viem's `toSoladySmartAccount` calls (Solady's earlier interface).
contract PorticoAccountFactory is ERC4337Factory {
    /// @dev The salt's upper 160 bits are not the owner.
    error SaltDoesNotStartWithOwner();

    constructor(address erc4337) payable ERC4337Factory(erc4337) {}

    /// @dev Same account as `createAccount(salt)`, whose owner is the salt's upper 160 bits. The
    /// owner must match them, so an address (which depends on the salt only) has one possible owner.
    function createAccount(address owner, bytes32 salt) public payable virtual returns (address) {
        if (address(bytes20(salt)) != owner) revert SaltDoesNotStartWithOwner();
        return createAccount(salt);
    }
}
