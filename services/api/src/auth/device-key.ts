/**
 * The device key a sign-in binds its session to (issue 28; RFC 9449 DPoP is the model): the secure site's
 * page makes a non-extractable P-256 key pair per browser and sends its public half with the sign-in. The
 * session stores the key's RFC 7638 thumbprint and the embedded JWT carries it as `cnf.jkt`, so the secure
 * site's server can demand a proof signed by that key: a copied token without the device is useless there.
 */
import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { z } from 'zod';

/** A P-256 coordinate: 32 bytes, base64url without padding. */
const coordinate = z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'must be 43 base64url characters (a P-256 coordinate)');

/** A point that is on the curve: node refuses to import one that is not. */
const onCurve = (jwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string }) => {
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Exactly `{ kty: 'EC', crv: 'P-256', x, y }`. Strict: any other member is refused, a private `d` above all
 * (a page that sends its private key has lost it), and `alg`/`use`/`key_ops`/`kid` have no meaning here.
 */
export const deviceKeySchema = z
  .strictObject(
    {
      kty: z.literal('EC', { error: "must be 'EC'" }),
      crv: z.literal('P-256', { error: "must be 'P-256'" }),
      x: coordinate,
      y: coordinate,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `must be a public key { kty, crv, x, y } only (${issue.keys.join(', ')} not allowed)`
          : issue.input === undefined
            ? 'required'
            : 'must be a public JWK { kty, crv, x, y }',
    },
  )
  .refine(onCurve, { message: 'must be a point on P-256' });

export type DeviceKey = z.output<typeof deviceKeySchema>;

/** The RFC 7638 SHA-256 thumbprint (base64url) the session stores and the JWT's `cnf.jkt` carries. */
export const deviceKeyThumbprint = (key: DeviceKey): Promise<string> => calculateJwkThumbprint(key, 'sha256');
