/**
 * The vendor's Portal configuration page (a vendor super user only: the navigation shows it to
 * `superUser` alone, and the server refuses everyone else with 403): each tenant page's visibility
 * (always, hidden, byPermissions; spec 001 §2), saved as admin-box metadata actions through
 * POST /metadata, and the feature flags that gate pages and tabs (core/portal/pages.ts PORTAL_FLAGS),
 * each switched on or off at once. After a save the portal's navigation reloads
 * (`onConfigurationChange`), so the vendor sees the result. Its own chunk.
 */
import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import {
  createPortalConfigurationApi,
  navigationActions,
  visibilitiesOf,
  type VendorFeatureFlag,
} from '../../../../core/portal/portalConfigurationApi';
import {
  CONFIGURABLE_PAGES,
  PAGE_FLAGS,
  PORTAL_FLAGS,
  TAB_FLAGS,
  type AdminBoxMetadata,
  type PageVisibility,
  type PortalPageId,
} from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { useAppSelector } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { InlineStatus, SaveButton } from '../../../ui/InlineStatus';
import { LoadFailed, Page, sectionStyle, sectionTitleStyle } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { useLoad } from '../../../ui/useListPage';
import { useActions, useSubmit } from '../../../ui/useSubmit';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, usePageApi } from '../common/adminParts';

const t = enPortal.portal.portalConfiguration;
const titles = enPortal.portal.pageTitles;
const TITLE_ID = 'ae-portal-configuration-title';
const VISIBILITIES: PageVisibility[] = ['always', 'byPermissions', 'hidden'];

// The pages' selects side by side as the portal widens: one column in a phone-sized portal.
const pagesGridStyle = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
  gap: '16px 20px',
});
const flagListStyle = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '12px' });
const flagStyle = css({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
const flagKeyStyle = css({
  fontFamily: 'var(--ae-font-mono, ui-monospace, monospace)',
  overflowWrap: 'anywhere',
});
const actionsStyle = css({ display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' });

/** What each flag gates among the pages this build has, in the page's words (empty: nothing here). */
function gatedBy(flag: string, available: readonly PortalPageId[]): string {
  const pages: string[] = (Object.entries(PAGE_FLAGS) as Array<[PortalPageId, string]>)
    .filter(([page, key]) => key === flag && available.includes(page))
    .map(([page]) => titles[page]);
  if (Object.values(TAB_FLAGS).includes(flag as never)) pages.push(t.customLoginTab);
  return pages.join(', ');
}

export default function PortalConfigurationPage({
  metadata,
  onConfigurationChange,
  available = CONFIGURABLE_PAGES,
}: PortalPageProps) {
  const superUser = useAppSelector(selectUser)?.superUser === true;
  if (!superUser) return <NoPermission title={titles.portalConfiguration} titleId={TITLE_ID} />;
  // Only pages this build has a screen for.
  const pages = CONFIGURABLE_PAGES.filter((page) => available.includes(page));
  return (
    <Page title={titles.portalConfiguration} titleId={TITLE_ID} description={t.description}>
      <PagesForm metadata={metadata} pages={pages} onSaved={onConfigurationChange} />
      <FlagsSection available={available} onChanged={onConfigurationChange} />
    </Page>
  );
}

function PagesForm({
  metadata,
  pages,
  onSaved,
}: {
  metadata: AdminBoxMetadata;
  pages: readonly PortalPageId[];
  onSaved?: () => void;
}) {
  const api = usePageApi(createPortalConfigurationApi);
  const [saved, setSaved] = useState(metadata);
  const [chosen, setChosen] = useState<Partial<Record<PortalPageId, PageVisibility>>>({});
  const [status, setStatus] = useState<string | null>(null);
  const submit = useSubmit();
  const shown = { ...visibilitiesOf(saved), ...chosen };
  const titleId = 'ae-portal-configuration-pages';

  async function save(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const actions = navigationActions(saved, chosen);
    if (actions.length === 0) {
      setStatus(t.nothingChanged);
      return;
    }
    await submit.run(async () => {
      setSaved(await api.saveMetadata(actions));
      setChosen({});
      setStatus(t.pagesSaved);
      onSaved?.();
    });
  }

  return (
    <section css={sectionStyle} aria-labelledby={titleId} part="portal-pages">
      <h3 css={sectionTitleStyle} id={titleId}>
        {t.pagesTitle}
      </h3>
      <p css={mutedStyle}>{t.pagesIntro}</p>
      <form css={formStyle} noValidate aria-labelledby={titleId} onSubmit={(event) => void save(event)}>
        <div css={pagesGridStyle}>
          {pages.map((page) => (
            <SelectField
              key={page}
              label={titles[page]}
              hint={PAGE_FLAGS[page] ? t.needsFlag(PAGE_FLAGS[page]) : undefined}
              value={shown[page]}
              partName={`page-visibility page-visibility-${page}`}
              options={VISIBILITIES.map((value) => ({ value, label: t.visibilities[value] }))}
              onChange={(event) => {
                setStatus(null);
                setChosen((previous) => ({ ...previous, [page]: event.target.value as PageVisibility }));
              }}
            />
          ))}
        </div>
        {submit.error && <Alert>{submit.error}</Alert>}
        <div css={actionsStyle}>
          <SaveButton partName="save-page-visibility" saving={submit.busy} saved={status}>
            {t.savePages}
          </SaveButton>
        </div>
      </form>
    </section>
  );
}

function FlagsSection({
  available,
  onChanged,
}: {
  available: readonly PortalPageId[];
  onChanged?: () => void;
}) {
  const api = usePageApi(createPortalConfigurationApi);
  const { load, setLoad, reload } = useLoad(() => api.listFlags(), [api]);
  const actions = useActions();
  const [status, setStatus] = useState<string | null>(null);
  const titleId = 'ae-portal-configuration-flags';

  const toggle = (flag: VendorFeatureFlag) =>
    void actions.run(flag.key, async () => {
      setStatus(null);
      const changed = await api.setFlag(flag.key, !flag.enabled);
      setLoad((previous) =>
        previous.status === 'ready'
          ? { status: 'ready', data: previous.data.map((f) => (f.key === changed.key ? changed : f)) }
          : previous,
      );
      setStatus(t.flagSaved(changed.key, changed.enabled));
      onChanged?.();
    });

  return (
    <section css={sectionStyle} aria-labelledby={titleId} part="portal-flags">
      <h3 css={sectionTitleStyle} id={titleId}>
        {t.flagsTitle}
      </h3>
      <p css={mutedStyle}>{t.flagsIntro}</p>
      {load.status === 'loading' && <Spinner label={en.common.loading} />}
      {load.status === 'error' && <LoadFailed text={`${t.loadFailed} ${load.message}`} onRetry={reload} />}
      {load.status === 'ready' && (
        <ul css={flagListStyle}>
          {load.data
            .filter((flag) => PORTAL_FLAGS.includes(flag.key) && gatedBy(flag.key, available))
            .map((flag) => (
              <li key={flag.key} css={flagStyle}>
                <Switch
                  checked={flag.enabled}
                  disabled={actions.busy === flag.key}
                  partName={`portal-flag portal-flag-${flag.key}`}
                  stateText={flag.enabled ? t.flagOn : t.flagOff}
                  aria-describedby={`ae-flag-gates-${flag.key}`}
                  onClick={() => toggle(flag)}
                >
                  <span css={flagKeyStyle}>{flag.key}</span>
                </Switch>
                <span css={mutedStyle} id={`ae-flag-gates-${flag.key}`}>
                  {t.gates(gatedBy(flag.key, available))}
                </span>
              </li>
            ))}
        </ul>
      )}
      {actions.error && <Alert>{actions.error}</Alert>}
      {status && <InlineStatus partName="flag-saved">{status}</InlineStatus>}
    </section>
  );
}
