import type { MediaItem } from '../../contract/index.ts';

/** A media item in the form: saved ones come from the server; a new file shows `uploading` until it answers. */
export interface FormMedia {
  key: string;
  item: MediaItem | null;
  uploading: boolean;
  name: string;
  /** Local preview of a file being uploaded. */
  preview?: string;
}

interface Props {
  media: FormMedia[];
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  onFirst: (key: string) => void;
}

/** Step 2 (spec §4): several images and videos at once; the first item is the listing's cover. */
export function MediaStep({ media, onFiles, onRemove, onFirst }: Props) {
  return (
    <div className="adm-media-step">
      <label className="adm-dropzone">
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm"
          multiple
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <strong>Ajouter des photos ou des vidéos</strong>
        <span>JPEG, PNG, WebP, AVIF, MP4 ou WebM · plusieurs fichiers à la fois</span>
      </label>
      {media.length === 0 ? (
        <p className="adm-muted">Aucun média pour l’instant. La première photo sert de couverture.</p>
      ) : (
        <ul className="adm-media-list">
          {media.map((m, index) => {
            const src = m.item?.thumbnail ?? (m.item?.type === 'image' ? m.item.url : undefined) ?? m.preview;
            return (
              <li key={m.key} aria-busy={m.uploading}>
                {src && m.item?.type !== 'video' ? (
                  <img src={src} alt="" width={160} height={120} />
                ) : (
                  <span className="adm-media-video" aria-hidden="true">
                    ▶
                  </span>
                )}
                <span className="adm-media-name">
                  {m.uploading
                    ? `Téléversement… ${m.name}`
                    : index === 0
                      ? 'Couverture'
                      : (m.item?.type ?? m.name)}
                </span>
                <span className="adm-media-actions">
                  {index > 0 && !m.uploading && (
                    <button type="button" className="adm-link-btn" onClick={() => onFirst(m.key)}>
                      En couverture
                    </button>
                  )}
                  <button
                    type="button"
                    className="adm-link-btn adm-danger-text"
                    onClick={() => onRemove(m.key)}
                    aria-label={`Retirer ${m.name}`}
                  >
                    Retirer
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
