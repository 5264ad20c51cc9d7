// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoERC20} from "./PorticoERC20.sol";

/// @notice The demo's 18-decimal token.
contract PorticoToken is PorticoERC20 {
    constructor(address owner_) PorticoERC20("Portico Token", "PTK", 18, owner_) {}
}
