// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoPair} from "./PorticoPair.sol";
import {PorticoWETH} from "./PorticoWETH.sol";

interface IERC20Transfer {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @title Router over the Portico pairs (Uniswap-V2-style signatures).
/// @notice Swaps along a `path` of tokens, one pair per hop, with a minimum output and a deadline.
///         The native token goes through `WETH`. The pairs are fixed at construction.
contract PorticoRouter {
    address public immutable WETH;
    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;

    error Expired();
    error InvalidPath();
    error NoPair(address tokenA, address tokenB);
    error InsufficientOutputAmount(uint256 amountOut, uint256 amountOutMin);
    error TransferFailed();
    error OnlyWETH();

    modifier ensure(uint256 deadline) {
        if (block.timestamp > deadline) revert Expired();
        _;
    }

    constructor(address weth, address[] memory pairs) {
        WETH = weth;
        for (uint256 i = 0; i < pairs.length; i++) {
            PorticoPair pair = PorticoPair(pairs[i]);
            address t0 = pair.token0();
            address t1 = pair.token1();
            getPair[t0][t1] = pairs[i];
            getPair[t1][t0] = pairs[i];
            allPairs.push(pairs[i]);
        }
    }

    /// @notice ETH arrives only from WETH.withdraw (swapExactTokensForETH).
    receive() external payable {
        if (msg.sender != WETH) revert OnlyWETH();
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    /// @notice amounts[0] = amountIn, amounts[i + 1] = output of hop i at current reserves.
    function getAmountsOut(uint256 amountIn, address[] memory path) public view returns (uint256[] memory amounts) {
        if (path.length < 2) revert InvalidPath();
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; i++) {
            amounts[i + 1] = PorticoPair(_pair(path[i], path[i + 1])).getAmountOut(amounts[i], path[i]);
        }
    }

    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        amounts = _checkedAmounts(amountIn, amountOutMin, path);
        if (!IERC20Transfer(path[0]).transferFrom(msg.sender, _pair(path[0], path[1]), amountIn)) revert TransferFailed();
        _swap(path, to);
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (path[0] != WETH) revert InvalidPath();
        amounts = _checkedAmounts(msg.value, amountOutMin, path);
        PorticoWETH(payable(WETH)).deposit{value: msg.value}();
        if (!IERC20Transfer(WETH).transfer(_pair(path[0], path[1]), msg.value)) revert TransferFailed();
        _swap(path, to);
    }

    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (path[path.length - 1] != WETH) revert InvalidPath();
        amounts = _checkedAmounts(amountIn, amountOutMin, path);
        if (!IERC20Transfer(path[0]).transferFrom(msg.sender, _pair(path[0], path[1]), amountIn)) revert TransferFailed();
        uint256 out = _swap(path, address(this));
        PorticoWETH(payable(WETH)).withdraw(out);
        (bool ok, ) = to.call{value: out}("");
        if (!ok) revert TransferFailed();
    }

    function _checkedAmounts(uint256 amountIn, uint256 amountOutMin, address[] calldata path) private view returns (uint256[] memory amounts) {
        amounts = getAmountsOut(amountIn, path);
        uint256 out = amounts[amounts.length - 1];
        if (out < amountOutMin) revert InsufficientOutputAmount(out, amountOutMin);
    }

    /// Each hop's pair sends its output straight to the next pair (or to `to` at the end).
    function _swap(address[] calldata path, address to) private returns (uint256 amountOut) {
        for (uint256 i = 0; i < path.length - 1; i++) {
            address recipient = i < path.length - 2 ? _pair(path[i + 1], path[i + 2]) : to;
            amountOut = PorticoPair(_pair(path[i], path[i + 1])).swap(path[i], recipient);
        }
    }

    function _pair(address a, address b) private view returns (address pair) {
        pair = getPair[a][b];
        if (pair == address(0)) revert NoPair(a, b);
    }
}
