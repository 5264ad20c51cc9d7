// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoERC721} from "./PorticoERC721.sol";

/// @notice An unsolicited "airdrop" collection. The devchain deploy returns its address in
///         `spamCollections` so the API operator can mark it as spam; the modal must hide it.
contract SpamDrop is PorticoERC721 {
    constructor(address owner_) PorticoERC721("Free Claim Rewards", "SPAM", owner_) {}

    function tokenURI(uint256 tokenId) external view override returns (string memory) {
        ownerOf(tokenId);
        return "data:application/json;base64,eyJuYW1lIjoiQ0xBSU0gWU9VUiBSRVdBUkQiLCJkZXNjcmlwdGlvbiI6IlZpc2l0IGEgc2l0ZSB0byBjbGFpbS4gKFRoaXMgaXMgdGhlIGRlbW8ncyBzcGFtIGNvbGxlY3Rpb24uKSJ9";
    }
}
