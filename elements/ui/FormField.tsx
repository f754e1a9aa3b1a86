import { type ReactNode } from 'react';
import { en } from '../i18n/en';
import { fieldErrorStyle, fieldStyle, labelStyle, mutedStyle } from './styles';
import { useUniqueId } from './useUniqueId';

interface FormFieldIds {
  id: string;
  describedBy: string | undefined;
  invalid: true | undefined;
}

/**
 * A labelled field of any kind: the label (with "(optional)" when `optional`), a description under
 * it, and the field's own error, both tied to the control with aria-describedby. The control is
 * rendered by `children` with the ids it needs.
 */
export function FormField({
  label,
  description,
  optional = false,
  error,
  children,
}: {
  label: string;
  description?: string;
  optional?: boolean;
  error?: string | null;
  children: (ids: FormFieldIds) => ReactNode;
}) {
  const id = useUniqueId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy =
    [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div css={fieldStyle} part="field">
      <label htmlFor={id} css={labelStyle} part="label">
        {label}
        {optional && (
          <span
            css={mutedStyle}
            style={{ fontWeight: 400, display: 'inline' }}
          >{` ${en.common.optional}`}</span>
        )}
      </label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      {description && (
        <p id={descriptionId} css={mutedStyle} style={{ fontSize: '0.9em' }} part="field-description">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} css={fieldErrorStyle} part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
