import type { AdminBoxMetadata } from '../portal/pages';
import type { HttpClient } from './http';
import { MESSAGES } from './messages';

/** The client SDK's path (metadata.getAdminBoxMetadata of @frontegg/rest-api 3.1.18). */
const ADMIN_BOX_METADATA = '/metadata/admin-box';

/** Admin-box metadata (spec 001 §1, spec 000 §7): GET /metadata/admin-box, rows[0].configuration. */
export function createMetadataApi(http: HttpClient) {
  return {
    /**
     * `rows: []` is "nothing saved yet": no metadata, no error. An answer without `rows` throws
     * "metadata not found" (the portal logs it and goes on with none).
     */
    async getAdminBoxMetadata(): Promise<AdminBoxMetadata> {
      const answer = await http.get<{ rows?: Array<{ configuration?: AdminBoxMetadata }> }>(
        ADMIN_BOX_METADATA,
      );
      if (!Array.isArray(answer.rows)) throw new Error(MESSAGES.metadataNotFound);
      return answer.rows[0]?.configuration ?? {};
    },
  };
}
