// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Minimal ERC-721 for the Portico local chain.
/// @notice Ownership, approvals, transfers and safe transfers with the standard events, ERC-165,
///         owner-only `mint` / `mintBatch` (token ids 1, 2, 3, … in mint order) and `totalSupply`.
///         Subclasses provide `tokenURI`.
interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

abstract contract PorticoERC721 {
    string public name;
    string public symbol;
    address public immutable owner;
    uint256 public totalSupply;

    mapping(uint256 => address) internal _ownerOf;
    mapping(address => uint256) internal _balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NotOwner();
    error NotAuthorized();
    error NonexistentToken();
    error WrongFrom();
    error ZeroAddress();
    error UnsafeRecipient();

    constructor(string memory name_, string memory symbol_, address owner_) {
        name = name_;
        symbol = symbol_;
        owner = owner_;
    }

    function tokenURI(uint256 tokenId) external view virtual returns (string memory);

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 // ERC-165
            || id == 0x80ac58cd // ERC-721
            || id == 0x5b5e139f; // ERC-721 Metadata
    }

    function ownerOf(uint256 tokenId) public view returns (address holder) {
        holder = _ownerOf[tokenId];
        if (holder == address(0)) revert NonexistentToken();
    }

    function balanceOf(address holder) external view returns (uint256) {
        if (holder == address(0)) revert ZeroAddress();
        return _balanceOf[holder];
    }

    function approve(address spender, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        if (msg.sender != holder && !isApprovedForAll[holder][msg.sender]) revert NotAuthorized();
        getApproved[tokenId] = spender;
        emit Approval(holder, spender, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        if (from != ownerOf(tokenId)) revert WrongFrom();
        if (to == address(0)) revert ZeroAddress();
        if (msg.sender != from && !isApprovedForAll[from][msg.sender] && msg.sender != getApproved[tokenId]) {
            revert NotAuthorized();
        }
        unchecked {
            _balanceOf[from]--;
            _balanceOf[to]++;
        }
        _ownerOf[tokenId] = to;
        delete getApproved[tokenId];
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length != 0) {
            if (IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) != IERC721Receiver.onERC721Received.selector) {
                revert UnsafeRecipient();
            }
        }
    }

    function mint(address to) external returns (uint256 tokenId) {
        if (msg.sender != owner) revert NotOwner();
        tokenId = _mint(to);
    }

    /// @notice Mints one token to each entry of `to` (repeat an address to give it several).
    function mintBatch(address[] calldata to) external {
        if (msg.sender != owner) revert NotOwner();
        for (uint256 i = 0; i < to.length; i++) _mint(to[i]);
    }

    function _mint(address to) internal returns (uint256 tokenId) {
        if (to == address(0)) revert ZeroAddress();
        tokenId = ++totalSupply;
        _ownerOf[tokenId] = to;
        unchecked {
            _balanceOf[to]++;
        }
        emit Transfer(address(0), to, tokenId);
    }
}
