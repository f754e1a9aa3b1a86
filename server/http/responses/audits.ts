/** Success answers of the audits routes (core/contract/routes/audits.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/audits';
import { AUDIT_RECORD, CSV } from '../route-schemas/security';
import { METADATA_ROWS } from '../route-schemas/platform';
import { arr, int, obj, str, strOrNull } from '../route-schemas/common';
import type { ResponseTable } from './index';

export const AUDITS_RESPONSES: ResponseTable = [
  [routes.getMetadata, { 200: METADATA_ROWS }],
  [routes.getMetadataAdminBox, { 200: METADATA_ROWS }],
  [routes.getMetadataIpme, { 200: obj({ ip: strOrNull }, ['ip']) }],
  [
    routes.getMetadataIpByIp,
    {
      200: obj(
        { ip: str, latitude: { type: ['number', 'null'] }, longitude: { type: ['number', 'null'] } },
        ['ip'],
        'The address; its location is unknown to this server (null fields)',
      ),
    },
  ],
  [routes.getAudits, { 200: obj({ data: arr(AUDIT_RECORD), total: int }, ['data', 'total']) }],
  [
    routes.getAuditsStats,
    { 200: obj({ totalToday: int, severeThisWeek: int }, ['totalToday', 'severeThisWeek']) },
  ],
  [routes.postAuditsExportCsvV2, { 200: CSV }],
  [routes.postAuditsExportCsv, { 200: CSV }],
  [routes.postMetadata, { 200: METADATA_ROWS }],
  [routes.postMetadataAdminBox, { 200: METADATA_ROWS }],
];
