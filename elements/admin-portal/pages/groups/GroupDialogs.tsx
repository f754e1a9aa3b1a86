import { css } from '@emotion/react';
import { useSettled } from '../../../ui/useListPage';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import {
  groupUpdateBody,
  type Group,
  type GroupForm,
  type GroupsApi,
} from '../../../../core/portal/groupsApi';
import type { TeamUser } from '../../../../core/api/team';
import { en } from '../../../i18n/en';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { ActionDialog, AddOrEditDialog } from '../../../ui/ConfirmDialog';
import { useChoice } from '../../../ui/CheckList';
import { useFormFields } from '../../../ui/useFormFields';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { stackListStyle } from '../../../ui/Page';
import { mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { portalApis, RolesChoice, useAssignableRoles } from '../common/adminParts';

const t = portalAdmin.groups;
const a = portalAdmin.common;
const listStyle = css(stackListStyle(6), { maxHeight: '30vh', overflowY: 'auto' });
const itemStyle = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '8px' });
const inlineMutedStyle = css(mutedStyle, { display: 'inline' });
const subTitleStyle = css({ fontSize: '1em', fontWeight: 600, margin: 0 });

/** Create a group or edit one: name, colour, description (sent only when present, spec 001 §5). */
export function GroupDialog({
  api,
  group,
  onClose,
  onDone,
}: {
  api: GroupsApi;
  group: Group | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useFormFields<keyof GroupForm>({
    name: group?.name ?? '',
    color: group?.color ?? '',
    description: group?.description ?? '',
  });
  const { name, description } = form.values;
  return (
    <AddOrEditDialog
      item={group}
      titleId="ae-group-dialog-title"
      texts={t}
      check={() =>
        form.check({
          name: !name.trim() ? a.nameRequired : name.trim().length > 100 ? t.tooLong(100) : null,
          description: description.trim().length > 500 ? t.tooLong(500) : null,
        })
      }
      changes={(g) => groupUpdateBody(g, form.values)}
      save={(changes) => (group && changes ? api.update(group.id, changes) : api.create(form.values))}
      banner={form.banner}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField
        label={t.name}
        maxLength={200}
        partName="group-name"
        autoComplete="off"
        {...form.field('name')}
      />
      <SelectField
        label={t.color}
        value={form.values.color}
        options={Object.entries(t.colors).map(([value, label]) => ({ value, label }))}
        partName="group-color"
        onChange={(e) => form.set('color', e.target.value)}
      />
      <TextField
        label={t.description}
        maxLength={1000}
        partName="group-description"
        {...form.field('description')}
      />
    </AddOrEditDialog>
  );
}

/** The roles of a group: the added ones are posted, the removed ones deleted, then the list reloads. */
export function GroupRolesDialog({
  api,
  group,
  onClose,
  onDone,
}: {
  api: GroupsApi;
  group: Group;
  onClose: () => void;
  onDone: () => void;
}) {
  const { roles, error } = useAssignableRoles();
  const before = group.roles.map((r) => r.id);
  const choice = useChoice(before);
  return (
    <ActionDialog
      title={t.rolesTitle(group.name)}
      titleId="ae-group-roles-title"
      actionLabel={t.saveRoles}
      busyLabel={t.saving}
      error={error}
      disabled={roles === null}
      onClose={onClose}
      onAction={async () => {
        const added = [...choice.chosen].filter((id) => !before.includes(id));
        const removed = before.filter((id) => !choice.chosen.has(id));
        if (added.length) await api.addRoles(group.id, added);
        if (removed.length) await api.removeRoles(group.id, removed);
        onDone();
      }}
    >
      {(busy) => <RolesChoice roles={roles} choice={choice} disabled={busy} legend={t.rolesLegend} />}
    </ActionDialog>
  );
}

/** People with an action each (remove a member, add a person). */
function PeopleList({
  people,
  empty,
  part,
  action,
  actionPart,
  actionLabel,
  busy,
  onAction,
}: {
  people: ReadonlyArray<{ id: string; name: string; email: string }>;
  empty: string;
  part: string;
  action: string;
  actionPart: string;
  actionLabel: (name: string) => string;
  busy: boolean;
  onAction: (id: string) => void;
}) {
  if (people.length === 0) return <p css={mutedStyle}>{empty}</p>;
  return (
    <ul css={listStyle} part={part}>
      {people.map((person) => (
        <li key={person.id} css={itemStyle}>
          <span>
            {person.name} <span css={inlineMutedStyle}>({person.email})</span>
          </span>
          <Button
            variant="link"
            partName={actionPart}
            aria-label={actionLabel(person.name)}
            disabled={busy}
            onClick={() => onAction(person.id)}
          >
            {action}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The members of a group: remove one, or find people of the account and add them. Each change is
 * one call and then the groups reload (spec 001 §4); the dialog follows the reloaded group.
 */
export function GroupMembersDialog({
  api,
  group,
  onClose,
  onChanged,
}: {
  api: GroupsApi;
  group: Group;
  onClose: () => void;
  onChanged: () => void;
}) {
  const app = useAuthApp();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<TeamUser[] | null>(null);
  const [members, setMembers] = useState(group.users);
  const submit = useSubmit();
  const searchField = useRef<HTMLInputElement>(null);

  useEffect(() => setMembers(group.users), [group]);
  const settled = useSettled(search);
  useEffect(() => {
    let live = true;
    portalApis(app)
      .team.listUsers({ filter: settled, pageSize: 10 })
      .then((page) => {
        if (live) setFound(page.items);
      })
      .catch((error: unknown) => {
        if (live) {
          setFound([]);
          submit.setError(errorMessage(error));
        }
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- searches when the settled text changes; submit.setError is stable in use but not by identity
  }, [app, settled]);

  const change = (userId: string, add: boolean) =>
    submit.run(async () => {
      const updated = add
        ? await api.addUsers(group.id, [userId])
        : await api.removeUsers(group.id, [userId]);
      setMembers(updated.users);
      onChanged();
      // The button pressed leaves the list: keep focus in the dialog, on the search.
      searchField.current?.focus();
    });
  const memberIds = new Set(members.map((m) => m.id));
  const candidates = (found ?? []).filter((u) => !memberIds.has(u.id));

  return (
    <Dialog
      title={t.membersTitle(group.name)}
      titleId="ae-group-members-title"
      busy={submit.busy}
      onClose={onClose}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      <h3 css={subTitleStyle}>{t.currentMembers}</h3>
      <PeopleList
        people={members}
        empty={t.noMembers}
        part="group-members"
        action={t.remove}
        actionPart="remove-member"
        actionLabel={t.removeMember}
        busy={submit.busy}
        onAction={(id) => change(id, false)}
      />
      <TextField
        ref={searchField}
        label={t.findPeople}
        type="search"
        value={search}
        maxLength={254}
        partName="member-search"
        onChange={(e) => setSearch(e.target.value)}
      />
      {found === null ? (
        <Spinner label={en.common.loading} />
      ) : (
        <PeopleList
          people={candidates}
          empty={t.noPeopleFound}
          part="member-candidates"
          action={t.addPerson}
          actionPart="add-member"
          actionLabel={t.addMember}
          busy={submit.busy}
          onAction={(id) => change(id, true)}
        />
      )}
      <DialogFooter>
        <Button variant="secondary" partName="close-button" onClick={onClose} disabled={submit.busy}>
          {a.close}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
