/**
 * The small JSON files the shell reads about its own deployment (`portico-deployment.json`, the CDN manifest): one
 * way to fetch them, with a size cap and errors that name the file. What the JSON must hold is each caller's schema.
 */
import { InvalidOptionsError } from './errors';

/**
 * @param options.optional - A 404 is "no file" (undefined) rather than an error.
 * @throws {InvalidOptionsError} `file`: an HTTP error, over `maxBytes`, or not JSON.
 * @throws {TypeError} The network failed.
 */
export async function fetchSmallJson(
  url: URL | string,
  { file, maxBytes, fetcher = fetch, optional = false }: { file: string; maxBytes: number; fetcher?: typeof fetch; optional?: boolean },
): Promise<unknown> {
  const response = await fetcher(url, { credentials: 'omit' });
  if (optional && response.status === 404) return undefined;
  if (!response.ok) throw new InvalidOptionsError(file, `HTTP ${response.status} from ${url}`);
  const text = await response.text();
  if (text.length > maxBytes) throw new InvalidOptionsError(file, `larger than ${maxBytes} bytes`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidOptionsError(file, 'not JSON');
  }
}
