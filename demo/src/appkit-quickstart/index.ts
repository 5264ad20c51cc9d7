// Async boundary: shared modules (react, react-dom, ...) settle before any of them is used.
import('./bootstrap');
