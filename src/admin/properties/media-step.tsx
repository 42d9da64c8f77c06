import { MediaItemRow, VIDEO_TYPES } from './media-item.tsx';
import type { FormMedia } from './media-uploads.ts';

export type { FormMedia } from './media-uploads.ts';

interface Props {
  media: FormMedia[];
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  onFirst: (key: string) => void;
  onRetry: (key: string) => void;
  /** A video interrupted by a reload, and the file picked again to go on with it. */
  onResume: (key: string, file: File) => void;
}

const ACCEPT = `image/jpeg,image/png,image/webp,image/avif,${VIDEO_TYPES}`;

/**
 * Step 2 (spec §4): several images and videos at once, each with its progress; the first item is the
 * listing's cover. On a phone the camera is one tap away.
 */
export function MediaStep({ media, onFiles, onRemove, onFirst, onRetry, onResume }: Props) {
  const picked = (e: React.ChangeEvent<HTMLInputElement>) => {
    onFiles(Array.from(e.target.files ?? []));
    e.target.value = '';
  };
  return (
    <div className="adm-media-step">
      <div className="adm-media-pickers">
        <label className="adm-dropzone">
          <input type="file" accept={ACCEPT} multiple onChange={picked} />
          <strong>Ajouter des photos ou des vidéos</strong>
          <span>JPEG, PNG, WebP, AVIF, MP4 ou WebM · plusieurs fichiers à la fois</span>
        </label>
        <label className="adm-dropzone adm-camera">
          <input type="file" accept="image/*" capture="environment" onChange={picked} />
          <strong>Prendre une photo</strong>
          <span>Avec l’appareil photo du téléphone</span>
        </label>
      </div>
      {media.length === 0 ? (
        <p className="adm-muted">Aucun média pour l’instant. La première photo sert de couverture.</p>
      ) : (
        <ul className="adm-media-list">
          {media.map((m, index) => (
            <MediaItemRow
              key={m.key}
              media={m}
              index={index}
              onRemove={onRemove}
              onFirst={onFirst}
              onRetry={onRetry}
              onResume={onResume}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
