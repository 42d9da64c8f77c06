import type { UploadStage } from '../lib/upload.ts';
import type { FormMedia } from './media-uploads.ts';

export type { FormMedia } from './media-uploads.ts';

interface Props {
  media: FormMedia[];
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  onFirst: (key: string) => void;
  onRetry: (key: string) => void;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm';

/** What a file being uploaded shows under its picture. */
function stageText(stage: UploadStage | undefined): string {
  if (!stage || stage.stage === 'preparing') return 'Préparation…';
  if (stage.stage === 'sending') return `Envoi… ${Math.round(stage.fraction * 100)} %`;
  return `Connexion perdue : nouvel essai dans ${Math.round(stage.delayMs / 1000)} s`;
}

/**
 * Step 2 (spec §4): several images and videos at once, each with its progress; the first item is the
 * listing's cover. On a phone the camera is one tap away.
 */
export function MediaStep({ media, onFiles, onRemove, onFirst, onRetry }: Props) {
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
          {media.map((m, index) => {
            const src = m.item?.thumbnail ?? (m.item?.type === 'image' ? m.item.url : undefined) ?? m.preview;
            const fraction = m.stage?.stage === 'sending' ? m.stage.fraction : undefined;
            return (
              <li key={m.key} aria-busy={m.uploading} data-failed={m.failed ? 'true' : undefined}>
                {src && m.item?.type !== 'video' ? (
                  <img src={src} alt="" width={160} height={120} />
                ) : (
                  <span className="adm-media-video" aria-hidden="true">
                    ▶
                  </span>
                )}
                <span className="adm-media-name">
                  {m.uploading ? m.name : index === 0 && m.item ? 'Couverture' : (m.item?.type ?? m.name)}
                </span>
                {m.uploading && (
                  <>
                    <progress max={1} value={fraction} aria-label={`Envoi de ${m.name}`} />
                    <span className="adm-media-stage" role="status">
                      {stageText(m.stage)}
                    </span>
                  </>
                )}
                {m.failed && (
                  <span className="adm-media-stage adm-danger-text" role="alert">
                    Échec : {m.failed}
                  </span>
                )}
                <span className="adm-media-actions">
                  {m.failed && (
                    <button
                      type="button"
                      className="adm-link-btn"
                      onClick={() => onRetry(m.key)}
                      aria-label={`Réessayer ${m.name}`}
                    >
                      Réessayer
                    </button>
                  )}
                  {index > 0 && m.item && (
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
