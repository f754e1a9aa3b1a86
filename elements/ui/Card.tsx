import type { ReactNode } from 'react';
import { cardStyle, titleStyle } from './styles';

/** The frame of a screen: a titled region. */
export function Card({ title, children, titleId }: { title: string; children: ReactNode; titleId: string }) {
  return (
    <section css={cardStyle} part="card" aria-labelledby={titleId}>
      <h2 id={titleId} css={titleStyle} part="title">
        {title}
      </h2>
      {children}
    </section>
  );
}
