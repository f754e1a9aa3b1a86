import type { AdminBoxMetadata } from '../portal/pages';
import type { HttpClient } from './http';
import { MESSAGES } from './messages';

/** Admin-box metadata (spec 001 §1, spec 000 §7): GET /metadata?entityName=adminBox, rows[0].configuration. */
export function createMetadataApi(http: HttpClient) {
  return {
    /** Throws "metadata not found" when the answer has no rows. */
    async getAdminBoxMetadata(): Promise<AdminBoxMetadata> {
      const answer = await http.get<{ rows?: Array<{ configuration?: AdminBoxMetadata }> }>('/metadata', {
        query: { entityName: 'adminBox' },
      });
      const row = answer.rows?.[0];
      if (!row) throw new Error(MESSAGES.metadataNotFound);
      return row.configuration ?? {};
    },
  };
}
