/** The social callback page's entry (built by rsbuild into dist/callback.html): see callback.ts. */
import './callback.css';
import { runSocialCallback, type CrossOriginWindow } from './callback';

void runSocialCallback({
  search: location.search,
  origin: location.origin,
  opener: window.opener as CrossOriginWindow | null,
  listen: (onMessage) => {
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  },
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  document,
  close: () => window.close(),
});
