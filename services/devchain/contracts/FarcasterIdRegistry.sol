// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title A minimal Farcaster IdRegistry for the local chain.
/// @notice The devchain places this code at the IdRegistry's canonical OP mainnet address
///         (0x00000000Fc6c5F01Fc30151999387Bb99A9f489b), so Sign In With Farcaster's custody check
///         (`idOf(custody) == fid`, as the auth client viemConnector reads it) runs against it.
///         Same read ABI and `Register` event as the real registry; fids are issued in order from 1.
///         Only the owner registers (the real registry's IdGateway role): test accounts, not a market.
contract FarcasterIdRegistry {
    /// Immutable so that the runtime code carries it: the devchain copies that code to the canonical
    /// address with anvil_setCode, where no constructor runs.
    address public immutable owner;

    /// The last fid issued.
    uint256 public idCounter;
    mapping(address custody => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error Unauthorized();
    error HasId();
    error InvalidCustody();

    constructor(address _owner) {
        owner = _owner;
    }

    /// Issues the next fid to `to` (its custody address), which must not hold one.
    function register(address to) external returns (uint256 fid) {
        if (msg.sender != owner) revert Unauthorized();
        if (to == address(0)) revert InvalidCustody();
        if (idOf[to] != 0) revert HasId();
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid, address(0));
    }
}
