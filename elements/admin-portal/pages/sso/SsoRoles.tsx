import { useState } from 'react';
import { portalSso as t } from '../../../i18n/portalSso.en';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { useChoice } from '../../../ui/CheckList';
import { InlineStatus } from '../../../ui/InlineStatus';
import { Section } from '../../../ui/Page';
import { useActions, useSubmit } from '../../../ui/useSubmit';
import { RolesChoice, useAssignableRoles } from '../common/adminParts';
import { AddGroupDialog } from './AddGroupDialog';
import { EntryList } from './EntryList';
import { type PartProps, rowStyle } from './ssoParts';

export function SsoRoles({ api, connection, canWrite, onChanged }: PartProps) {
  const { roles, error } = useAssignableRoles();
  const choice = useChoice(connection.roleIds);
  const submit = useSubmit();
  const [saved, setSaved] = useState(false);
  const [adding, setAdding] = useState(false);
  const groupActions = useActions();
  const names = (ids: string[]) =>
    ids.map((id) => roles?.find((r) => r.id === id)?.name ?? id).join(', ') || t.none;
  return (
    <>
      <Section
        titleId="ae-sso-default-roles"
        title={t.defaultRoles}
        intro={t.defaultRolesIntro}
        partName="sso-default-roles"
      >
        {(submit.error ?? error) && <Alert>{submit.error ?? error}</Alert>}
        <RolesChoice
          roles={roles}
          choice={choice}
          disabled={!canWrite || submit.busy}
          legend={t.defaultRoles}
        />
        {canWrite && (
          <div css={rowStyle}>
            <Button
              loading={submit.busy}
              loadingLabel={t.saving}
              partName="sso-save-roles"
              disabled={roles === null}
              onClick={() =>
                void submit.run(async () => {
                  await api.setDefaultRoles(connection.id, [...choice.chosen]);
                  setSaved(true);
                  onChanged();
                })
              }
            >
              {t.saveRoles}
            </Button>
            {saved && (
              <InlineStatus partName="sso-saved" onDismiss={() => setSaved(false)}>
                {t.saved}
              </InlineStatus>
            )}
          </div>
        )}
      </Section>
      <Section titleId="ae-sso-groups" title={t.groups} intro={t.groupsIntro} partName="sso-groups">
        <EntryList
          items={connection.groups}
          error={groupActions.error}
          empty={t.noGroups}
          label={t.groupsCaption}
          part="sso-group"
          entry={(g) => (
            <>
              <strong>{g.group}</strong>
              {` — ${names(g.roleIds)}`}
            </>
          )}
          actions={
            canWrite &&
            ((g) => (
              <Button
                variant="link"
                partName="sso-remove-group"
                aria-label={t.removeGroupOf(g.group)}
                onClick={() =>
                  void groupActions.run(g.id, async () => {
                    await api.removeGroup(connection.id, g.id);
                    onChanged();
                  })
                }
              >
                {t.remove}
              </Button>
            ))
          }
        />
        {canWrite && (
          <div>
            <Button variant="secondary" partName="sso-add-group" onClick={() => setAdding(true)}>
              {t.addGroup}
            </Button>
          </div>
        )}
      </Section>
      {adding && (
        <AddGroupDialog
          roles={roles}
          onClose={() => setAdding(false)}
          onAdd={async (group, roleIds) => {
            await api.addGroup(connection.id, group, roleIds);
            setAdding(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}
