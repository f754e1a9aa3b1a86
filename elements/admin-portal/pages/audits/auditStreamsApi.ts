/**
 * The audit streams' calls (issue 28 item 16; our extension of the contract under the audits area,
 * docs/contract.md "Audit streams"): the page's own client, over the portal's HTTP client.
 */
import type { HttpClient } from '../../../../core/api/http';
import type {
  AuditStreamDeliveries,
  AuditStreamDto,
  AuditStreamFormat,
  CreatedAuditStream,
} from '../../../../core/contract/auditStreams';

const STREAMS = '/audits/streams';
const one = (id: string) => `${STREAMS}/${encodeURIComponent(id)}`;

export function createAuditStreamsApi(http: HttpClient) {
  return {
    list: () => http.get<{ items: AuditStreamDto[] }>(STREAMS).then((answer) => answer.items),
    add: (stream: { name: string; url: string; format: AuditStreamFormat; token?: string }) =>
      http.post<CreatedAuditStream>(STREAMS, stream),
    pause: (id: string) => http.post<AuditStreamDto>(`${one(id)}/pause`, {}),
    resume: (id: string) => http.post<AuditStreamDto>(`${one(id)}/resume`, {}),
    remove: (id: string) => http.delete<unknown>(one(id)),
    deliveries: (id: string, offset: number, count: number) =>
      http.get<AuditStreamDeliveries>(`${one(id)}/deliveries`, { query: { offset, count } }),
    backfill: (id: string, from: string) => http.post<{ queued: number }>(`${one(id)}/backfill`, { from }),
  };
}
export type AuditStreamsApi = ReturnType<typeof createAuditStreamsApi>;
