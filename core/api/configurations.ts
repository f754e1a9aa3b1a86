import type { HttpClient } from './http';
import type { PublicPolicy, SocialProviderConfig, VendorPublicInfo } from './types';

const CONFIGURATIONS_V1 = '/identity/resources/configurations/v1';

export function createConfigurationsApi(http: HttpClient) {
  return {
    getPublicPolicy: () => http.get<PublicPolicy>(`${CONFIGURATIONS_V1}/public`),
    /** Social login (spec 000 §7): the built-in providers (v2) and the custom providers. */
    socialProviders: () => http.get<SocialProviderConfig[]>('/identity/resources/sso/v2'),
    customSocialProviders: () =>
      http.get<{ providers?: SocialProviderConfig[] }>('/identity/resources/sso/custom/v1'),
    /** whiteLabelMode defaults to false when the answer lacks it (spec 000 §1). */
    async getVendorPublicInfo(): Promise<VendorPublicInfo> {
      const info = await http.get<Partial<VendorPublicInfo>>('/vendors/public');
      return { whiteLabelMode: info.whiteLabelMode === true };
    },
  };
}
