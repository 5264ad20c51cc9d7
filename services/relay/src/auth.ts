/**
 * The client id is the `iss` of the JWT in the `auth` query parameter. The JWT is DECODED, NOT
 * VERIFIED: anyone can claim any client id. Do not expose the relay to untrusted networks
 * expecting authentication.
 */
import { jwtPayloadSchema } from './schemas';

export function clientIdFromAuth(auth: string | null): string | null {
  if (!auth) return null;
  const parts = auth.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const parsed = jwtPayloadSchema.safeParse(payload);
    return parsed.success ? parsed.data.iss : null;
  } catch {
    return null;
  }
}
