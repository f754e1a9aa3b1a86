/** Success answers of the hierarchy routes (core/contract/routes/hierarchy.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/hierarchy';
import { EMPTY, any, arr, bool, int, obj, page, str, strOrNull } from '../route-schemas/common';
import { HIERARCHY_NODE, OBJECT, SUB_ACCOUNT } from '../route-schemas/platform';
import type { ResponseTable } from './index';

export const HIERARCHY_RESPONSES: ResponseTable = [
  [routes.getTenantsHierarchyV2, { 200: obj({ items: arr(any), _links: obj({ next: str }) }, ['items']) }],
  [routes.getTenantsHierarchyV1, { 200: arr(any) }],
  [routes.getTenantsHierarchyTree, { 200: HIERARCHY_NODE }],
  [routes.getTenantsHierarchyParents, { 200: arr(any) }],
  [routes.getTenantsHierarchyParentsByTenantId, { 200: arr(any) }],
  [routes.patchSubTenantsUsersByUserIdRoles, { 200: obj({ subTenantsRoles: arr(any) }) }],
  [routes.postSubTenantsUsersByUserIdRoles, { 200: obj({ subTenantsRoles: arr(any) }) }],
  [routes.deleteSubTenantsUsersByUserIdRoles, { 200: obj({ subTenantsRoles: arr(any) }) }],
  [routes.putSubTenantsUsersByUserIdAccess, { 200: obj({ allowAccess: bool }, ['allowAccess']) }],
  [
    routes.getSubTenantsUsers,
    {
      200: obj(
        {
          items: arr(
            obj(
              {
                id: str,
                sub: str,
                email: str,
                name: str,
                tenantId: str,
                tenantIds: arr(str),
                tenants: arr(obj({ tenantId: str, roles: arr(any) }, ['tenantId', 'roles'])),
              },
              ['id', 'email', 'tenantId', 'tenantIds', 'tenants'],
            ),
          ),
          totalPages: int,
          _metadata: obj({ totalItems: int, totalPages: int }),
        },
        ['items', 'totalPages'],
      ),
    },
  ],
  [routes.postSubTenantsUsersV1, { 201: EMPTY }],
  [routes.postSubTenantsUsersV2, { 201: EMPTY }],
  [routes.deleteSubTenantsUsers, { 200: EMPTY }],
  [
    routes.getTenantsHierarchyMetadata,
    {
      // With `_tenantIds`, one entry per account (the client's GetHierarchyMetadataResponse[]).
      200: {
        anyOf: [
          obj({ totalSubTenants: int }, ['totalSubTenants']),
          arr(obj({ tenantId: str, totalSubTenants: int, isParent: bool }, ['tenantId', 'totalSubTenants'])),
        ],
      },
    },
  ],
  [routes.postTenantsSubTenants, { 201: SUB_ACCOUNT, 200: SUB_ACCOUNT }],
  [
    routes.patchTenantsSubTenantsByTenantId,
    { 200: obj({ tenantId: str, name: str, tenantType: strOrNull }, ['tenantId']) },
  ],
  [routes.deleteTenantsSubTenantsByTenantId, { 200: EMPTY }],
  [routes.getSubTenantsByTenantIdUsers, { 200: page(any) }],
  [routes.postSubTenantsByTenantIdUsers, { 201: EMPTY, 200: OBJECT }],
  [routes.deleteSubTenantsByTenantIdUsersByUserId, { 200: EMPTY }],
  [routes.putSubTenantsByTenantIdUsersByUserIdRoles, { 200: OBJECT }],
  [routes.putSubTenantsByTenantIdUsersByUserIdAccess, { 200: obj({ allowAccess: bool }, ['allowAccess']) }],
];
