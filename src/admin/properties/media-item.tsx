import type { UploadStage } from '../lib/upload.ts';
import type { FormMedia } from './media-uploads.ts';

export const VIDEO_TYPES = 'video/mp4,video/webm';

interface Props {
  media: FormMedia;
  /** Its place in the list: the first uploaded item is the cover. */
  index: number;
  onRemove: (key: string) => void;
  onFirst: (key: string) => void;
  onRetry: (key: string) => void;
  onResume: (key: string, file: File) => void;
}

/** What a file being uploaded shows under its picture. */
function stageText(stage: UploadStage | undefined): string {
  if (!stage || stage.stage === 'preparing') return 'Préparation…';
  if (stage.stage === 'sending') return `Envoi… ${Math.round(stage.fraction * 100)} %`;
  return `Connexion perdue : nouvel essai dans ${Math.round(stage.delayMs / 1000)} s`;
}

const percent = (fraction: number) => `${Math.floor(fraction * 100)} %`;

/**
 * One item of the media step: its picture (or a video's sign), its progress while it uploads, why it failed
 * (with Réessayer), or, for a video whose upload a reload interrupted, how far it went and Reprendre, which
 * asks for the same file again and goes on from there.
 */
export function MediaItemRow({ media: m, index, onRemove, onFirst, onRetry, onResume }: Props) {
  const src = m.item?.thumbnail ?? (m.item?.type === 'image' ? m.item.url : undefined) ?? m.preview;
  // Between a video's attempts, what the server confirmed holding rather than an empty bar.
  const fraction = m.stage?.stage === 'sending' ? m.stage.fraction : m.resume?.fraction;
  const picked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onResume(m.key, file);
  };
  return (
    <li
      aria-busy={m.uploading}
      data-failed={m.failed ? 'true' : undefined}
      data-interrupted={m.interrupted ? 'true' : undefined}
    >
      {src && m.item?.type !== 'video' ? (
        <img src={src} alt="" width={160} height={120} />
      ) : (
        <span className="adm-media-video" aria-hidden="true">
          ▶
        </span>
      )}
      <span className="adm-media-name">{!m.item ? m.name : index === 0 ? 'Couverture' : m.item.type}</span>
      {m.uploading && (
        <>
          <progress max={1} value={fraction} aria-label={`Envoi de ${m.name}`} />
          <span className="adm-media-stage" role="status">
            {stageText(m.stage)}
          </span>
        </>
      )}
      {m.interrupted && m.resume && (
        <>
          <progress max={1} value={m.resume.fraction} aria-label={`Envoi interrompu de ${m.name}`} />
          <span className="adm-media-stage adm-media-interrupted" role="status">
            Envoi interrompu à {percent(m.resume.fraction)}&nbsp;: choisissez à nouveau ce fichier pour le
            reprendre.
          </span>
        </>
      )}
      {m.failed && (
        <span className="adm-media-stage adm-danger-text" role="alert">
          Échec : {m.failed}
        </span>
      )}
      <span className="adm-media-actions">
        {m.interrupted && (
          <label className="adm-link-btn adm-media-resume">
            <input type="file" accept={VIDEO_TYPES} onChange={picked} aria-label={`Reprendre ${m.name}`} />
            Reprendre
          </label>
        )}
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
}
