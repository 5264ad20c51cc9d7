// Preloaded into Alto's process (node --import). Alto's RPC server always listens on 0.0.0.0
// (@pimlico/alto esm/rpc/server.js, no option for it); this makes it listen on loopback instead
// (startBundler's ALTO_HOST), so that only the gateway in front of it (src/gateway.ts) is reachable.
import net from 'node:net';

const host = process.env.PORTICO_BUNDLER_LISTEN_HOST;
if (!host) throw new Error('PORTICO_BUNDLER_LISTEN_HOST is not set');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnConfiguredHost(...args) {
  const [options] = args;
  if (options && typeof options === 'object' && options.host === '0.0.0.0') args[0] = { ...options, host };
  return listen.apply(this, args);
};
