import { css } from '@emotion/react';
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useAutoFocus } from './autoFocus';
import { FormField } from './FormField';
import { inputStyle } from './styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's own error, shown under it and tied to it with aria-describedby. */
  error?: string | null;
  /** A description under the field, tied to it with aria-describedby. */
  hint?: string;
  /** Marks the label "(optional)". */
  optional?: boolean;
  /** Extra part names besides "input", e.g. "email-input". */
  partName?: string;
  /** A control drawn over the input's right end (PasswordField's toggle), given the input's id. */
  trailing?: (inputId: string) => ReactNode;
}

const trailingWrapStyle = css({
  position: 'relative',
  display: 'grid',
  '& > input': { paddingInlineEnd: '44px' },
});

/** A labelled input (FormField); its error is visible and announced with the field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, optional, partName, trailing, autoFocus, ...inputProps },
  ref,
) {
  const focusRef = useAutoFocus(autoFocus, ref);
  return (
    <FormField label={label} description={hint} optional={optional} error={error}>
      {({ id, describedBy, invalid }) => {
        const input = (
          <input
            ref={focusRef}
            id={id}
            css={inputStyle}
            part={partName ? `input ${partName}` : 'input'}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            {...inputProps}
          />
        );
        return trailing ? (
          <div css={trailingWrapStyle}>
            {input}
            {trailing(id)}
          </div>
        ) : (
          input
        );
      }}
    </FormField>
  );
});
