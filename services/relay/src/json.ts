/**
 * JSON-RPC text handling that never loses a request id.
 *
 * The WalletConnect clients send 19-digit ids as JSON strings, which survive JSON.parse. Other
 * clients may write them as bare number tokens larger than 2^53; JSON.parse would round those.
 * `parseJson` keeps the exact token of every unsafe integer that is the value of an `id` key
 * (as a `RawNumber`), and `idToken` writes it back unchanged in replies.
 */
export class RawNumber {
  constructor(readonly raw: string) {}
  toString(): string {
    return this.raw;
  }
}

export type RpcId = string | number | null | RawNumber;

const MARK = `\u0000portico-raw-${Math.random().toString(36).slice(2)}:`;
const NUM_START = /[-0-9]/;

/** The index just past the JSON string that starts at `start` (its opening quote), honouring escapes; past the text when it is cut short. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Rewrites bare integer tokens outside strings that do not fit a double into marked strings. */
function markUnsafeIntegers(text: string): string {
  let out = '';
  let last = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      i = stringEnd(text, i);
      continue;
    }
    if (NUM_START.test(c)) {
      let j = i + 1;
      while (j < n && /[-+0-9.eE]/.test(text[j]!)) j++;
      const token = text.slice(i, j);
      if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
        out += text.slice(last, i) + JSON.stringify(MARK + token);
        last = j;
      }
      i = j;
      continue;
    }
    i++;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** JSON.parse that keeps unsafe-integer `id` tokens exactly (other unsafe integers become numbers). */
export function parseJson(text: string): unknown {
  const needsScan = /\d{16,}/.test(text);
  const source = needsScan ? markUnsafeIntegers(text) : text;
  if (!needsScan || source === text) return JSON.parse(text);
  return JSON.parse(source, (key, value) => {
    if (typeof value === 'string' && value.startsWith(MARK)) {
      const raw = value.slice(MARK.length);
      return key === 'id' ? new RawNumber(raw) : Number(raw);
    }
    return value;
  });
}

/**
 * The top-level `id` value of a JSON-RPC request, read from the start of a frame too big to parse
 * (the clients write `id` first), so the error reply can name the request. Undefined when the start
 * holds none: a batch, an id after the params, or an id the prefix cuts short.
 */
export function idFromPrefix(prefix: string): unknown {
  let i = prefix.search(/\S/);
  if (prefix[i] !== '{') return undefined;
  let depth = 0;
  for (; i < prefix.length; i++) {
    const c = prefix[i]!;
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const end = stringEnd(prefix, i);
      const colon = depth === 1 ? /^\s*:\s*/.exec(prefix.slice(end)) : null;
      if (colon && prefix.slice(i, end) === '"id"') return leadingValue(prefix.slice(end + colon[0].length));
      i = end - 1;
    }
  }
  return undefined;
}

/** The string, number or null at the start of `rest`, when it is complete there (followed by `,` or `}`). */
function leadingValue(rest: string): unknown {
  const token = rest[0] === '"' ? rest.slice(0, stringEnd(rest, 0)) : /^(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|null)/.exec(rest)?.[0];
  if (!token || !/^\s*[,}]/.test(rest.slice(token.length))) return undefined;
  try {
    return (parseJson(`{"id":${token}}`) as { id: unknown }).id;
  } catch {
    return undefined;
  }
}

/** The JSON text of an id, exactly as it was received. */
export function idToken(id: RpcId | undefined): string {
  if (id instanceof RawNumber) return id.raw;
  return JSON.stringify(id ?? null);
}

/** Key used to match acks with deliveries (string and number forms of one id are equal). */
export function idKey(id: RpcId | undefined): string {
  return id === null || id === undefined ? '' : String(id);
}

export function resultText(id: RpcId | undefined, result: unknown): string {
  return `{"id":${idToken(id)},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`;
}

export function errorText(id: RpcId | undefined, code: number, message: string, data?: unknown): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return `{"id":${idToken(id)},"jsonrpc":"2.0","error":${JSON.stringify(error)}}`;
}
