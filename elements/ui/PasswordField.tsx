import { css } from '@emotion/react';
import { forwardRef, useState } from 'react';
import { en } from '../i18n/en';
import { TextField, type TextFieldProps } from './TextField';
import { focusRing } from './styles';

const toggleStyle = css({
  position: 'absolute',
  insetInlineEnd: '4px',
  top: '50%',
  transform: 'translateY(-50%)',
  width: '36px',
  height: '36px',
  display: 'grid',
  placeItems: 'center',
  border: 'none',
  borderRadius: 'var(--ae-radius)',
  background: 'none',
  color: 'var(--ae-color-text-muted)',
  cursor: 'pointer',
  '&:hover': { color: 'var(--ae-color-text)' },
  ...focusRing(0),
});

/**
 * A password field with a show/hide toggle: a real button after the input (next in Tab order),
 * named "Show password", its state in `aria-pressed` and the input it controls in `aria-controls`.
 * Showing changes only the input's type: not the value, the autocomplete hint or the focus.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const [shown, setShown] = useState(false);
    return (
      <TextField
        {...props}
        ref={ref}
        type={shown ? 'text' : 'password'}
        // A shown password must not go to a spelling service.
        spellCheck={false}
        trailing={(inputId) => (
          <button
            type="button"
            css={toggleStyle}
            part="password-toggle"
            aria-label={en.common.showPassword}
            aria-pressed={shown}
            aria-controls={inputId}
            onClick={() => setShown((s) => !s)}
          >
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {shown && <path d="M3 3l18 18" />}
            </svg>
          </button>
        )}
      />
    );
  },
);
