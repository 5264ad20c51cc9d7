// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";

/// @notice Portico's smart account: Solady's ERC-4337 account as it is (one owner EOA signs user
/// operations; ERC-1271 `isValidSignature` with ERC-7739 nested EIP-712, which viem's
/// `toSoladySmartAccount` signs for). Only the EIP-712 domain is Portico's.
contract PorticoAccount is ERC4337 {
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("PorticoAccount", "1");
    }
}
