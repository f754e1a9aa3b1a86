/**
 * The vendor's portal configuration (a vendor super user only; the server answers others 403): the
 * pages' visibility, saved as admin-box metadata actions (POST /metadata, spec 001 §7 "update sends
 * flattened path/value actions"), and the feature flags that gate pages and tabs (our
 * GET /flags/api/v1/flags and PUT /flags/api/v1/flags/{key}, server/routes/featureFlags.ts).
 * Loaded with the Portal configuration page's chunk.
 */
import type { HttpClient } from '../api/http';
import type { MetadataAction } from './appearance';
import {
  CONFIGURABLE_PAGES,
  pageVisibility,
  type AdminBoxMetadata,
  type PageVisibility,
  type PortalPageId,
} from './pages';

const FLAGS = '/flags/api/v1/flags';

export interface VendorFeatureFlag {
  key: string;
  description: string | null;
  enabled: boolean;
  tenantIds: string[];
  userIds: string[];
}

/** Each configurable page's visibility now (the metadata over the defaults). */
export function visibilitiesOf(metadata: AdminBoxMetadata): Record<PortalPageId, PageVisibility> {
  return Object.fromEntries(
    CONFIGURABLE_PAGES.map((page) => [page, pageVisibility(metadata, page)]),
  ) as Record<PortalPageId, PageVisibility>;
}

/** The metadata actions that take the saved visibilities to the chosen ones: only the pages changed. */
export function navigationActions(
  saved: AdminBoxMetadata,
  chosen: Readonly<Partial<Record<PortalPageId, PageVisibility>>>,
): MetadataAction[] {
  const now = visibilitiesOf(saved);
  return CONFIGURABLE_PAGES.filter((page) => chosen[page] !== undefined && chosen[page] !== now[page]).map(
    (page) => ({ path: `navigation.${page}.visibility`, value: chosen[page]! }),
  );
}

export function createPortalConfigurationApi(http: HttpClient) {
  return {
    /** Saves the actions; answers the whole configuration saved. */
    async saveMetadata(actions: MetadataAction[]): Promise<AdminBoxMetadata> {
      const answer = await http.post<{ rows?: Array<{ configuration?: AdminBoxMetadata }> }>('/metadata', {
        entityName: 'adminBox',
        actions,
      });
      return answer.rows?.[0]?.configuration ?? {};
    },
    listFlags: async (): Promise<VendorFeatureFlag[]> =>
      (await http.get<{ items: VendorFeatureFlag[] }>(FLAGS)).items,
    setFlag: (key: string, enabled: boolean): Promise<VendorFeatureFlag> =>
      http.put<VendorFeatureFlag>(`${FLAGS}/${encodeURIComponent(key)}`, { enabled }),
  };
}
