/** The wallet registry (GET /v1/wallets) as the API answers it, over a list the test chooses. */
import type { RegistryWallet } from '@portico/shared-state';
import type { ApiReply, ApiRequest, ApiRoutes } from './api-stub';

/** Where registryWallets' images live. @example `${REGISTRY_IMAGES}/w0001` */
export const REGISTRY_IMAGES = 'http://registry.test/v1/images';

const list = (params: URLSearchParams, key: string) => params.get(key)?.split(',').filter(Boolean) ?? [];

/**
 * One page of `wallets` for a /v1/wallets request, like the Portico API: include, exclude and
 * search (by name, case-insensitive) first, then page/entries (defaults 1 and 40).
 * @example api.override({ 'GET /v1/wallets': (request) => ({ ...walletListReply(request, wallets), delayMs: 50 }) });
 */
export function walletListReply(request: ApiRequest, wallets: readonly RegistryWallet[]): ApiReply {
  const { params } = request;
  const include = list(params, 'include');
  const exclude = list(params, 'exclude');
  const search = params.get('search')?.toLowerCase();
  const matching = wallets.filter(
    (wallet) =>
      (!include.length || include.includes(wallet.id)) &&
      !exclude.includes(wallet.id) &&
      (!search || wallet.name.toLowerCase().includes(search)),
  );
  const page = Number(params.get('page') ?? 1);
  const entries = Number(params.get('entries') ?? 40);
  return { json: { count: matching.length, data: matching.slice((page - 1) * entries, page * entries) } };
}

/**
 * The registry route for `apiStub` over `wallets`.
 * @example const api = await apiStub(registryRoutes(registryWallets(95)));
 */
export const registryRoutes = (wallets: readonly RegistryWallet[]): ApiRoutes => ({
  'GET /v1/wallets': (request) => walletListReply(request, wallets),
});

/**
 * `count` registry wallets: the installed Fake Wallet (id 'fake', rdns io.fake) first, then
 * "Wallet 0001", "Wallet 0002", … (odd ones with a native deep link, even ones with a universal link).
 * @example registryWallets(3).map((wallet) => wallet.name) // ['Fake Wallet', 'Wallet 0001', 'Wallet 0002']
 */
export function registryWallets(count: number): RegistryWallet[] {
  const wallets: RegistryWallet[] = [{ id: 'fake', name: 'Fake Wallet', rdns: 'io.fake', image_url: `${REGISTRY_IMAGES}/fake` }];
  for (let index = 1; wallets.length < count; index++) {
    const id = `w${String(index).padStart(4, '0')}`;
    wallets.push({
      id,
      name: `Wallet ${String(index).padStart(4, '0')}`,
      rdns: `com.example.${id}`,
      image_url: `${REGISTRY_IMAGES}/${id}`,
      mobile_link: index % 2 ? `wallet${index}://` : `https://wallet${index}.example/app`,
    });
  }
  return wallets;
}
