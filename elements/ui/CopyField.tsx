import { css } from '@emotion/react';
import { useEffect, useState, type ComponentProps } from 'react';
import { portalAdmin } from '../i18n/portalAdmin.en';
import { Button } from './Button';
import { Dialog, DialogFooter } from './Dialog';
import { FormField } from './FormField';
import { visuallyHiddenStyle } from './Skeleton';
import { inputStyle } from './styles';

const a = portalAdmin.common;
const rowStyle = css({ display: 'flex', gap: '8px', alignItems: 'stretch', minWidth: 0 });
const valueStyle = css(inputStyle, {
  flex: '1 1 auto',
  minWidth: 0,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
});

/**
 * A Copy button for `value`: "Copied" is shown and announced; where the clipboard is missing or
 * refuses (an insecure origin, a denied permission), `onFailed` lets the caller select the text.
 */
function CopyButton({
  value,
  label,
  onFailed,
}: {
  value: string;
  /** The button's accessible name ("Copy the secret"). */
  label: string;
  onFailed?: () => void;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <Button
        variant="secondary"
        partName="copy-button"
        aria-label={label}
        onClick={() => {
          Promise.resolve()
            .then(() => navigator.clipboard.writeText(value))
            .then(
              () => setState('copied'),
              () => {
                onFailed?.();
                setState('failed');
              },
            );
        }}
      >
        {state === 'copied' ? a.copied : a.copy}
      </Button>
      <span role="status" css={visuallyHiddenStyle}>
        {state === 'copied' ? a.copied : state === 'failed' ? a.copyFailed : ''}
      </span>
    </>
  );
}

/** A read-only value with a Copy button (a secret shown once, a client ID, an invitation link). */
export function CopyField({
  label,
  value,
  description,
  copyLabel,
  partName,
}: {
  label: string;
  value: string;
  description?: string;
  /** The copy button's accessible name ("Copy the secret"); "Copy <label>" unless given. */
  copyLabel?: string;
  partName?: string;
}) {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  return (
    <FormField label={label} description={description}>
      {({ id, describedBy }) => (
        <div css={rowStyle}>
          <input
            ref={setInput}
            id={id}
            readOnly
            value={value}
            css={valueStyle}
            part={partName ? `input ${partName}` : 'input'}
            aria-describedby={describedBy}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton
            value={value}
            label={copyLabel ?? `${a.copy} ${label}`}
            onFailed={() => input?.select()}
          />
        </div>
      )}
    </FormField>
  );
}

/**
 * What is shown once after a create (a token's secret, a SCIM bearer token, a webhook's secret): the
 * explanation, the values with their Copy buttons, and Done.
 */
export function SecretDialog({
  title,
  titleId,
  body,
  fields,
  doneLabel,
  onClose,
}: {
  title: string;
  titleId: string;
  body: string;
  fields: Array<ComponentProps<typeof CopyField> | false | null | undefined>;
  doneLabel: string;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} titleId={titleId} size="medium" onClose={onClose}>
      <p>{body}</p>
      {fields.map((field) => field && <CopyField key={field.partName ?? field.label} {...field} />)}
      <DialogFooter>
        <Button partName="done-button" onClick={onClose}>
          {doneLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
