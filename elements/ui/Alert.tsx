import type { ReactNode } from 'react';
import { alertStyle } from './styles';

/** A form-level error, announced when it appears. */
export function Alert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p role="alert" id={id} css={alertStyle} part="error">
      {children}
    </p>
  );
}
