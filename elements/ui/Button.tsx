import type { ButtonHTMLAttributes } from 'react';
import { useAutoFocus } from './autoFocus';
import { buttonStyle, linkButtonStyle, secondaryButtonStyle } from './styles';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  /** Shows the loading label and blocks a second submit while a call is in flight. */
  loading?: boolean;
  loadingLabel?: string;
  partName?: string;
}

export function Button({
  variant = 'primary',
  loading = false,
  loadingLabel,
  partName,
  children,
  disabled,
  type = 'button',
  autoFocus,
  ...rest
}: ButtonProps) {
  const focusRef = useAutoFocus(autoFocus);
  const style =
    variant === 'link' ? linkButtonStyle : variant === 'secondary' ? secondaryButtonStyle : buttonStyle;
  return (
    <button
      ref={focusRef}
      type={type}
      css={style}
      part={partName ? `button ${partName}` : 'button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (loadingLabel ?? children) : children}
    </button>
  );
}
