// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoERC20} from "./PorticoERC20.sol";

interface IERC20Minimal {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title Constant-product pool of two ERC-20 tokens (Uniswap-V2-style, 0.3% fee).
/// @notice Pay-first: a caller (the router) transfers tokens to the pair, then calls `mint`
///         (liquidity) or `swap`; the pair reads what arrived from its balances. The pair itself
///         is the ERC-20 of its liquidity shares ("PLP").
contract PorticoPair is PorticoERC20 {
    /// Fee in basis points of the input amount, kept in the pool for liquidity providers.
    uint256 public constant FEE_BPS = 30;

    address public immutable token0;
    address public immutable token1;
    uint256 public reserve0;
    uint256 public reserve1;
    uint256 private unlocked = 1;

    event Mint(address indexed sender, uint256 amount0, uint256 amount1, address indexed to);
    event Swap(address indexed sender, address indexed tokenIn, uint256 amountIn, uint256 amountOut, address indexed to);
    event Sync(uint256 reserve0, uint256 reserve1);

    error Locked();
    error IdenticalTokens();
    error UnknownToken();
    error InsufficientLiquidity();
    error InsufficientInput();
    error TransferFailed();

    modifier lock() {
        if (unlocked != 1) revert Locked();
        unlocked = 0;
        _;
        unlocked = 1;
    }

    constructor(address tokenA, address tokenB) PorticoERC20("Portico LP", "PLP", 18, address(0)) {
        if (tokenA == tokenB) revert IdenticalTokens();
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
    }

    function getReserves() external view returns (uint256, uint256) {
        return (reserve0, reserve1);
    }

    /// @notice Output for `amountIn` of `tokenIn` at the current reserves, after the 0.3% fee:
    ///         out = in·997·rOut / (rIn·1000 + in·997).
    function getAmountOut(uint256 amountIn, address tokenIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _reserves(tokenIn);
        if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity();
        uint256 inWithFee = amountIn * (10_000 - FEE_BPS);
        return (inWithFee * reserveOut) / (reserveIn * 10_000 + inWithFee);
    }

    /// @notice Mints liquidity shares to `to` for the tokens transferred in since the last update.
    function mint(address to) external lock returns (uint256 liquidity) {
        uint256 balance0 = IERC20Minimal(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Minimal(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - reserve0;
        uint256 amount1 = balance1 - reserve1;
        if (totalSupply == 0) {
            liquidity = _sqrt(amount0 * amount1);
        } else {
            uint256 l0 = (amount0 * totalSupply) / reserve0;
            uint256 l1 = (amount1 * totalSupply) / reserve1;
            liquidity = l0 < l1 ? l0 : l1;
        }
        if (liquidity == 0) revert InsufficientLiquidity();
        _mint(to, liquidity);
        _update(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1, to);
    }

    /// @notice Swaps the `tokenIn` transferred in since the last update for the other token, sent
    ///         to `to`. Slippage (minimum out) and deadlines are the router's job.
    function swap(address tokenIn, address to) external lock returns (uint256 amountOut) {
        (uint256 reserveIn, ) = _reserves(tokenIn);
        uint256 amountIn = IERC20Minimal(tokenIn).balanceOf(address(this)) - reserveIn;
        if (amountIn == 0) revert InsufficientInput();
        amountOut = getAmountOut(amountIn, tokenIn);
        if (amountOut == 0) revert InsufficientLiquidity();
        address tokenOut = tokenIn == token0 ? token1 : token0;
        if (!IERC20Minimal(tokenOut).transfer(to, amountOut)) revert TransferFailed();
        _update(IERC20Minimal(token0).balanceOf(address(this)), IERC20Minimal(token1).balanceOf(address(this)));
        emit Swap(msg.sender, tokenIn, amountIn, amountOut, to);
    }

    function _reserves(address tokenIn) private view returns (uint256, uint256) {
        if (tokenIn == token0) return (reserve0, reserve1);
        if (tokenIn == token1) return (reserve1, reserve0);
        revert UnknownToken();
    }

    function _update(uint256 balance0, uint256 balance1) private {
        reserve0 = balance0;
        reserve1 = balance1;
        emit Sync(balance0, balance1);
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}
