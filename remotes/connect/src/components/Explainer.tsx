import { RoundIcon } from '@portico/ui';
import type { ReactNode } from 'react';

/** An explainer view's body: a row of images (decorative), short paragraphs, then its action, if any. */
export function Explainer({ images, paragraphs, children }: { images: { src?: string | null; text: string }[]; paragraphs: string[]; children?: ReactNode }) {
  // One logo per picture (a devchain and Ethereum share theirs).
  const unique = images.filter((image, index) => images.findIndex((other) => (other.src ?? other.text) === (image.src ?? image.text)) === index);
  return (
    <div className="portico-center portico-explainer">
      {unique.length > 0 && (
        <div className="portico-explainer-images" aria-hidden="true">
          {unique.map((image) => (
            <RoundIcon key={image.text} src={image.src ?? undefined} text={image.text} size={48} />
          ))}
        </div>
      )}
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="portico-explainer-text">
          {paragraph}
        </p>
      ))}
      {children}
    </div>
  );
}
