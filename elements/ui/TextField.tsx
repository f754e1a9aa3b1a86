import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { fieldErrorStyle, fieldStyle, inputStyle, labelStyle } from './styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's own error, shown under it and tied to it with aria-describedby. */
  error?: string | null;
  hint?: string;
  /** Extra part names besides "input", e.g. "email-input". */
  partName?: string;
}

/** A labelled input; its error is visible and announced with the field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, partName, ...inputProps },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div css={fieldStyle} part="field">
      <label htmlFor={id} css={labelStyle} part="label">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        css={inputStyle}
        part={partName ? `input ${partName}` : 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && !error && (
        <p id={hintId} css={fieldErrorStyle} style={{ color: 'var(--ae-color-text-muted)' }}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} css={fieldErrorStyle} part="field-error">
          {error}
        </p>
      )}
    </div>
  );
});
