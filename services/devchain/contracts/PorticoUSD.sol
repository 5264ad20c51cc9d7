// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoERC20} from "./PorticoERC20.sol";

/// @notice The demo's 6-decimal stablecoin.
contract PorticoUSD is PorticoERC20 {
    constructor(address owner_) PorticoERC20("Portico USD", "PUSD", 6, owner_) {}
}
