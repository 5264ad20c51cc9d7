/**
 * The interaction pages oidc-provider sends the browser to (`/<provider>/interaction/<uid>`):
 * GET shows the step it is at (the username form, then the consent page); the forms post to
 * `…/login` and `…/consent`, which finish the step through oidc-provider.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { consentPage, errorPage, loginPage, sendPage, type Page } from './pages';
import { accountClaims, subjectFor, usernameFromSubject, usernameSchema, type SocialProvider } from './providers';

/** A form of this service holds one short field; anything larger is not one of its forms. */
export const MAX_FORM_BYTES = 4096;

export type InteractionStep = 'show' | 'login' | 'consent';

export interface InteractionRequest {
  provider: SocialProvider;
  oidc: Provider;
  uid: string;
  step: InteractionStep;
  req: IncomingMessage;
  res: ServerResponse;
  formActionOrigins: readonly string[];
  log: (line: string) => void;
}

const EXPIRED = errorPage(
  'This sign-in page has expired',
  'This sign-in page has expired or was already used. Go back to Portico and start the sign-in again.',
);

class FormError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new FormError(415, 'Send the form as application/x-www-form-urlencoded.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new FormError(413, `The form is larger than ${MAX_FORM_BYTES} bytes.`);
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const decisionSchema = z.enum(['allow', 'deny'], { error: 'Choose Allow or Deny.' });
const consentDetailsSchema = z.object({
  missingOIDCScope: z.array(z.string()).optional(),
  missingOIDCClaims: z.array(z.string()).optional(),
});

export async function handleInteraction(r: InteractionRequest): Promise<void> {
  const { provider, oidc, req, res, formActionOrigins } = r;
  const send = (status: number, page: Page) => sendPage(res, status, page, formActionOrigins);
  const expectedMethod = r.step === 'show' ? 'GET' : 'POST';
  if (req.method !== expectedMethod && !(expectedMethod === 'GET' && req.method === 'HEAD')) {
    res.setHeader('allow', expectedMethod);
    return send(405, errorPage('Method not allowed', `Use ${expectedMethod} here.`));
  }

  // The interaction cookie (set by oidc-provider for exactly this page's path) names the sign-in.
  const details = await oidc.interactionDetails(req, res).catch(() => undefined);
  if (!details || details.uid !== r.uid) return send(400, EXPIRED);
  const prompt = details.prompt.name;
  const action = (step: Exclude<InteractionStep, 'show'>) => `${new URL(oidc.issuer).pathname}/interaction/${details.uid}/${step}`;
  const username = details.session?.accountId ? usernameFromSubject(provider, details.session.accountId) : undefined;

  if (r.step === 'show') {
    if (prompt === 'login') return send(200, loginPage(provider, action('login')));
    if (prompt === 'consent' && username !== undefined) return send(200, consentPage(provider, action('consent'), accountClaims(provider, username)));
    return send(400, EXPIRED);
  }
  if (r.step !== prompt) return send(400, EXPIRED);

  let form: URLSearchParams;
  try {
    form = await readForm(req);
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    return send(err.status, errorPage('The form was refused', err.message));
  }

  if (r.step === 'login') {
    const typed = form.get('username') ?? '';
    const parsed = usernameSchema.safeParse(typed);
    if (!parsed.success) return send(400, loginPage(provider, action('login'), { username: typed, error: parsed.error.issues[0]!.message }));
    r.log(`oidc: ${provider}: ${parsed.data} signed in`);
    return oidc.interactionFinished(req, res, { login: { accountId: subjectFor(provider, parsed.data) } }, { mergeWithLastSubmission: false });
  }

  const decision = decisionSchema.safeParse(form.get('decision'));
  if (!decision.success) return send(400, errorPage('The form was refused', decision.error.issues[0]!.message));
  if (decision.data === 'deny') {
    r.log(`oidc: ${provider}: ${username} denied consent`);
    return oidc.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user denied the request at the local test provider' },
      { mergeWithLastSubmission: false },
    );
  }
  const missing = consentDetailsSchema.parse(details.prompt.details);
  const grant = new oidc.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  return oidc.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
