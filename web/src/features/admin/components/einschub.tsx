import type { ReactNode } from 'react';

/** Marks where an element goes into a translated sentence (see `mitEinschub`). */
export const EINSCHUB = '\u2063';

/** A translated sentence with an element (a link, a highlighted phrase) where it has `EINSCHUB`. */
export function mitEinschub(text: string, einschub: ReactNode): ReactNode {
  const [vor, nach] = text.split(EINSCHUB);
  return (
    <>
      {vor}
      {einschub}
      {nach}
    </>
  );
}
