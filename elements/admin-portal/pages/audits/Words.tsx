import { css } from '@emotion/react';

const nowrapStyle = css({ whiteSpace: 'nowrap' });

/** Text whose email addresses stay whole: a line breaks between words, never at an address's hyphen. */
export function Words({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\S+@\S+)/).map((part, i) =>
        part.includes('@') ? (
          <span key={i} css={nowrapStyle}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
