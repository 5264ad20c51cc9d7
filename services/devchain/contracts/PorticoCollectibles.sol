// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoERC721} from "./PorticoERC721.sol";
import {Base64} from "./Base64.sol";

/// @notice The demo's NFT collection. Metadata and image are built on-chain:
///         tokenURI = data:application/json;base64,{"name","description","image"} where image is
///         data:image/svg+xml;base64,<svg> (a coloured card with the token number).
contract PorticoCollectibles is PorticoERC721 {
    constructor(address owner_) PorticoERC721("Portico Collectibles", "PCOL", owner_) {}

    function tokenURI(uint256 tokenId) external view override returns (string memory) {
        ownerOf(tokenId); // reverts for tokens that do not exist
        string memory id = _toString(tokenId);
        string memory json = string.concat(
            '{"name":"Portico Collectible #', id,
            '","description":"A collectible minted on the Portico local chain.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(_svg(tokenId, id))),
            '","attributes":[{"trait_type":"Hue","value":', _toString(_hue(tokenId)), '}]}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    function _hue(uint256 tokenId) internal pure returns (uint256) {
        return (tokenId * 137) % 360;
    }

    function _svg(uint256 tokenId, string memory id) internal pure returns (string memory) {
        string memory hue = _toString(_hue(tokenId));
        string memory hue2 = _toString((_hue(tokenId) + 60) % 360);
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">',
            '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
            '<stop offset="0" stop-color="hsl(', hue, ',70%,55%)"/>',
            '<stop offset="1" stop-color="hsl(', hue2, ',70%,35%)"/></linearGradient></defs>',
            '<rect width="256" height="256" rx="24" fill="url(#g)"/>',
            '<circle cx="128" cy="110" r="52" fill="none" stroke="#fff" stroke-width="10"/>',
            '<text x="128" y="214" font-family="sans-serif" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">#',
            id,
            "</text></svg>"
        );
    }

    function _toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }
}
