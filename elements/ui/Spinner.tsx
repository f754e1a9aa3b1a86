import { mutedStyle } from './styles';

export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" aria-live="polite" css={mutedStyle} part="loading">
      {label}
    </p>
  );
}
