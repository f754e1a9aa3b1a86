import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { en } from '../i18n/en';
import { enPortal } from '../i18n/en-portal';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { mutedStyle } from './styles';

/** A list without bullets or indent, its items in a column `gap` apart (portal pages' lists). */
export const stackListStyle = (gap: number) =>
  css({
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: `${gap}px`,
  });

const pageStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '20px',
  minWidth: 0,
});
const headerStyle = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '12px 24px',
  paddingBottom: '16px',
  borderBottom: '1px solid var(--ae-color-divider)',
});
const headingStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
  flex: '1 1 280px',
  minWidth: 0,
  maxWidth: '72ch',
});
const titleStyle = css({ fontSize: '1.5em', fontWeight: 650, lineHeight: 1.25, margin: 0 });
const actionsStyle = css({ display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' });
/** A form keeps a readable width however wide the portal is. */
export const readableWidthStyle = css({
  maxWidth: '640px',
  width: '100%',
  // A form's submit button keeps its own width beside the fields, from 480 px up.
  '@container ae-portal (min-width: 480px)': { '& button[type="submit"]': { alignSelf: 'flex-start' } },
});
/** A titled block inside a page (a settings group, a second table). */
export const sectionStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  padding: '20px',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-surface)',
  minWidth: 0,
  '@container ae-portal (max-width: 479px)': { padding: '16px 12px' },
});
export const sectionTitleStyle = css({ fontSize: '1.15em', fontWeight: 600, margin: 0 });
/** Search and filters above a table. */
export const toolbarStyle = css({
  display: 'flex',
  gap: '12px',
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  // A filter may shrink below its content's width (a select's longest option, translated).
  '& > *': { flex: '0 1 auto', minWidth: 0 },
  '& > :first-child': { flex: '1 1 240px', maxWidth: '420px' },
});

/**
 * A portal page: the page header (title, description, the primary action and others) over the
 * page's content. A region named by its title. `add` is the usual primary action of a list page
 * (Add role, Generate token), left out when false (the user may not add).
 */
export function Page({
  title,
  titleId,
  description,
  actions,
  add,
  children,
}: {
  title: string;
  titleId: string;
  description?: ReactNode;
  actions?: ReactNode;
  add?: { label: string; part: string; onClick: () => void } | false;
  children: ReactNode;
}) {
  const shown = add ? (
    <Button partName={add.part} onClick={add.onClick}>
      {add.label}
    </Button>
  ) : (
    actions
  );
  return (
    <section css={pageStyle} part="card page-content" aria-labelledby={titleId}>
      <header css={headerStyle} part="page-header">
        <div css={headingStyle}>
          <h2 id={titleId} css={titleStyle} part="title">
            {title}
          </h2>
          {description &&
            (typeof description === 'string' ? <p css={mutedStyle}>{description}</p> : description)}
        </div>
        {shown && <div css={actionsStyle}>{shown}</div>}
      </header>
      {children}
    </section>
  );
}

/** A titled section of a page (sectionStyle), its heading naming it, with an optional intro. */
export function Section({
  titleId,
  title,
  intro,
  partName,
  children,
}: {
  titleId: string;
  title: string;
  intro?: string;
  partName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} part={partName} css={sectionStyle}>
      <h3 id={titleId} css={sectionTitleStyle}>
        {title}
      </h3>
      {intro && <p css={mutedStyle}>{intro}</p>}
      {children}
    </section>
  );
}

/**
 * A section's own loading and failure states: "Loading…" while `status` is loading; the failure
 * with a Retry button when it is error (`onRetry` reloads).
 */
export function LoadStatus({
  load,
  failedText,
  onRetry,
}: {
  load: { status: string; message?: string };
  failedText: string;
  onRetry: () => void;
}) {
  if (load.status === 'loading') return <Spinner label={en.common.loading} />;
  if (load.status !== 'error') return null;
  return <LoadFailed text={`${failedText} ${load.message ?? ''}`} onRetry={onRetry} />;
}

/** A failed load: what failed and why, and a Retry button (`onRetry` loads again). */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div>
      <Alert>{text.trim()}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {enPortal.portal.retry}
      </Button>
    </div>
  );
}
