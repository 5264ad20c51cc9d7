// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IFarcasterIdRegistry {
    function idOf(address custody) external view returns (uint256 fid);
}

/// @title A minimal Farcaster KeyRegistry for the local chain.
/// @notice The devchain places this code at the KeyRegistry's canonical OP mainnet address
///         (0x00000000Fc1237824fb747aBDE0FF18990E59b7e), beside its IdRegistry, so Sign In With Farcaster's
///         auth-address check (`keyDataOf(fid, abi.encode(signer))` is an ADDED key of type 2, as the auth
///         client's viemConnector reads it) runs against it. Same read ABI and events as the real registry.
///         Only auth-address keys (type 2), added by the owner (the real registry's KeyGateway role) for an
///         fid's custody address; the custody address removes its own keys, as on the real registry.
contract FarcasterKeyRegistry {
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    struct KeyData {
        KeyState state;
        uint32 keyType;
    }

    /// Farcaster's key type of an auth address: the key is the address, ABI-encoded (32 bytes).
    uint32 public constant AUTH_ADDRESS_KEY_TYPE = 2;

    /// Immutable so that the runtime code carries them: the devchain copies that code to the canonical
    /// address with anvil_setCode, where no constructor runs.
    address public immutable owner;
    IFarcasterIdRegistry public immutable idRegistry;

    mapping(uint256 fid => mapping(bytes key => KeyData data)) public keys;

    event Add(uint256 indexed fid, uint32 indexed keyType, bytes indexed key, bytes keyBytes, uint8 metadataType, bytes metadata);
    event Remove(uint256 indexed fid, bytes indexed key, bytes keyBytes);

    error Unauthorized();
    error InvalidKeyType();
    error InvalidKey();
    error InvalidState();

    constructor(address _owner, IFarcasterIdRegistry _idRegistry) {
        owner = _owner;
        idRegistry = _idRegistry;
    }

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }

    /// Adds `key` (an ABI-encoded auth address) to the fid that `fidOwner` holds in the IdRegistry.
    function add(address fidOwner, uint32 keyType, bytes calldata key) external {
        if (msg.sender != owner) revert Unauthorized();
        if (keyType != AUTH_ADDRESS_KEY_TYPE) revert InvalidKeyType();
        if (key.length != 32 || uint256(bytes32(key)) >> 160 != 0) revert InvalidKey();
        uint256 fid = idRegistry.idOf(fidOwner);
        if (fid == 0) revert Unauthorized();
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.NULL) revert InvalidState();
        data.state = KeyState.ADDED;
        data.keyType = keyType;
        emit Add(fid, keyType, key, key, 0, "");
    }

    /// The fid's custody address removes one of its added keys; a removed key stays removed.
    function remove(bytes calldata key) external {
        uint256 fid = idRegistry.idOf(msg.sender);
        if (fid == 0) revert Unauthorized();
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.ADDED) revert InvalidState();
        data.state = KeyState.REMOVED;
        emit Remove(fid, key, key);
    }
}
