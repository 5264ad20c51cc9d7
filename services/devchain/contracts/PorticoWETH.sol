// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoERC20} from "./PorticoERC20.sol";

/// @title Wrapped native token for the local exchange (WETH9-style).
/// @notice `deposit` mints 1:1 for the ETH sent, `withdraw` burns and sends the ETH back.
///         No owner: nobody can mint without depositing (owner is the zero address).
contract PorticoWETH is PorticoERC20 {
    error EthTransferFailed();

    constructor() PorticoERC20("Wrapped Ether", "WETH", 18, address(0)) {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
    }

    function withdraw(uint256 value) external {
        uint256 balance = balanceOf[msg.sender];
        if (balance < value) revert InsufficientBalance();
        balanceOf[msg.sender] = balance - value;
        totalSupply -= value;
        emit Transfer(msg.sender, address(0), value);
        (bool ok, ) = msg.sender.call{value: value}("");
        if (!ok) revert EthTransferFailed();
    }
}
