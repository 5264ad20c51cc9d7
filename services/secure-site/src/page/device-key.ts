/**
 * This browser's device key (issue 28; RFC 9449 DPoP is the model): a WebCrypto ECDSA P-256 key pair whose
 * private half is NOT extractable. Script of this origin can sign with it but cannot read its bytes, and no
 * other origin can reach it, so a copied session token is useless without this browser. Sign-ins send
 * `publicJwk` (`deviceKey`: the API binds the session to its thumbprint, `cnf.jkt`), and each `POST /wallet/account`
 * and `/wallet/sign` carries a `deviceProof` for that one request and its body (checked by the server's src/device-proof.ts).
 * Browser code; also runs in node 20 (WebCrypto `crypto.subtle`), where the tests use an in-memory store.
 */
import { base64url, SignJWT } from 'jose';

/** Where the key pair is kept: one record. A CryptoKey is structured-cloneable (IndexedDB) but not serialisable (localStorage). */
export interface DeviceKeyStore {
  get(): Promise<CryptoKeyPair | undefined>;
  put(keyPair: CryptoKeyPair): Promise<void>;
}

/** The public JWK a sign-in sends as `deviceKey`: exactly these members (the API refuses any other). */
export interface DevicePublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const DPOP_JWT_TYP = 'dpop+jwt';
/** Random bytes in a proof's `jti` (base64url: 22 characters, within the server's 16–64). */
const JTI_BYTES = 16;

/**
 * The device's key pair: the stored one, or a new one (private key not extractable) stored for next time.
 * Call it once per page load and share the answer: two first calls at once would each make a key, and the
 * one stored last wins.
 */
export async function loadDeviceKey(store: DeviceKeyStore): Promise<CryptoKeyPair> {
  const stored = await store.get();
  if (stored) return stored;
  const keyPair = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
  await store.put(keyPair);
  return keyPair;
}

/** The public half as `{ kty, crv, x, y }` (a public key stays exportable whatever the pair's `extractable`). */
export async function publicJwk(keyPair: CryptoKeyPair): Promise<DevicePublicJwk> {
  const { x, y } = await crypto.subtle.exportKey('jwk', keyPair.publicKey);
  if (!x || !y) throw new Error('device key: the public key has no coordinates');
  return { kty: 'EC', crv: 'P-256', x, y };
}

const sha256Base64url = async (bytes: Uint8Array<ArrayBuffer>) => base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));

/** Scheme, host and path of `url`: a proof's `htu` carries no query or fragment. */
const htuOf = (url: string) => {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
};

/**
 * A proof for one request: compact JWS, header `{ typ: 'dpop+jwt', alg: 'ES256', jwk }`, payload
 * `{ htm, htu, iat, jti, ath, bh }` (ath: sha256 of the access token, bh: sha256 of the body bytes, '' when
 * there is none; both base64url). Make a new one for every request: the server takes each `jti` once.
 */
export async function deviceProof(
  keyPair: CryptoKeyPair,
  request: { method: string; url: string; accessToken: string; body?: string | Uint8Array },
): Promise<string> {
  // A copy of given bytes: WebCrypto takes an ArrayBuffer-backed view only (not a SharedArrayBuffer's).
  const encode = (text: string | Uint8Array) => (typeof text === 'string' ? new TextEncoder().encode(text) : new Uint8Array(text));
  return new SignJWT({
    htm: request.method,
    htu: htuOf(request.url),
    jti: base64url.encode(crypto.getRandomValues(new Uint8Array(JTI_BYTES))),
    ath: await sha256Base64url(encode(request.accessToken)),
    bh: await sha256Base64url(encode(request.body ?? '')),
  })
    .setProtectedHeader({ typ: DPOP_JWT_TYP, alg: 'ES256', jwk: await publicJwk(keyPair) })
    .setIssuedAt()
    .sign(keyPair.privateKey);
}

/** A promise for an IndexedDB request's result. */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const STORE = 'device-key';
const RECORD = 'current';

/** The browser's store: one record in the IndexedDB database `name` (this origin's alone). */
export function indexedDbKeyStore(name: string): DeviceKeyStore {
  const open = () => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    return done(request);
  };
  const inStore = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    try {
      return await done(action(db.transaction(STORE, mode).objectStore(STORE)));
    } finally {
      db.close();
    }
  };
  return {
    get: async () => (await inStore('readonly', (store) => store.get(RECORD))) as CryptoKeyPair | undefined,
    put: async (keyPair) => {
      await inStore('readwrite', (store) => store.put(keyPair, RECORD));
    },
  };
}
