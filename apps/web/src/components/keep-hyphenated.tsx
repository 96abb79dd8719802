import { Fragment } from 'react';

/**
 * Renders text so that hyphenated words ("e-Meterai", "e-signatures") never break at their hyphen,
 * while the text content stays exactly the same.
 */
export const KeepHyphenated = ({ text }: { text: string }) => {
  let offset = 0;
  const words = text.split(' ').map((word) => {
    const key = offset;
    offset += word.length + 1;
    return { word, key };
  });
  return (
    <>
      {words.map(({ word, key }) => (
        <Fragment key={key}>
          {key > 0 ? ' ' : null}
          {word.includes('-') ? <span style={{ whiteSpace: 'nowrap' }}>{word}</span> : word}
        </Fragment>
      ))}
    </>
  );
};
