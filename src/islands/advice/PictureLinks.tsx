import { useEffect, useState } from 'react';
import type { PictureFormat } from '../../lib/shareCards/pictureLayout.ts';

export type SavedPicture = { format: PictureFormat; file: File };

/**
 * Links that save a tip's pictures, for browsers whose share sheet takes no files: each a link to the
 * drawn file in memory, freed when the links go.
 */
export default function PictureLinks({
  pictures,
  labels,
}: {
  pictures: readonly SavedPicture[];
  labels: Record<PictureFormat, string>;
}) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = pictures.map(({ file }) => URL.createObjectURL(file));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [pictures]);
  if (urls.length === 0) return null;
  return (
    <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1" data-save-pictures>
      {pictures.map(({ format, file }, i) => (
        <a
          key={format}
          href={urls[i]}
          download={file.name}
          className="inline-flex min-h-11 items-center text-sm font-bold text-mint underline underline-offset-4 hover:text-sun"
          data-save-picture={format}
        >
          {labels[format]}
        </a>
      ))}
    </p>
  );
}
