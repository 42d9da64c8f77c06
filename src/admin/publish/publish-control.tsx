import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PublishState } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, errorMessage, answer } from '../lib/api.ts';
import { $changes } from '../lib/changes.ts';
import { formatDateTime } from '../lib/format.ts';
import './publish.css';

const POLL_RUNNING_MS = 1_500;
const POLL_IDLE_MS = 30_000;

function summary(s: PublishState): string {
  if (s.searchFollowing) return 'Pages en ligne · index de la recherche en cours de mise à jour';
  if (s.state === 'running') return s.step ?? 'Publication en cours…';
  if (s.state === 'failed')
    return 'La dernière publication a échoué : le site public garde la version précédente.';
  const last = s.lastPublishedAt ? `Publié le ${formatDateTime(s.lastPublishedAt)}` : 'Jamais publié';
  if (s.pendingChanges === 0) return `${last} · à jour`;
  const pending = `${s.pendingChanges} modification${s.pendingChanges > 1 ? 's' : ''} à publier`;
  const auto = s.autoPublishAt ? ` · publication automatique à ${formatDateTime(s.autoPublishAt)}` : '';
  return `${last} · ${pending}${auto}`;
}

/**
 * The publish state, polled (every 1.5 s while a build runs, 30 s otherwise, and after every change made
 * here), with a toast when a build ends; `publish` starts one.
 */
function usePublishState() {
  const changes = useStore($changes);
  const [state, setState] = useState<PublishState | null>(null);
  const [starting, setStarting] = useState(false);
  const previous = useRef<PublishState['state'] | null>(null);

  const refresh = useCallback(async () => {
    try {
      const next = await answer(PublishState, api().get('publish'));
      // The pages are online as soon as the index follows them: said then, not once more at the end.
      const online = next.searchFollowing || next.state === 'idle';
      if (previous.current === 'running' && online) toast.success('Site public mis à jour');
      if (previous.current === 'running' && next.state === 'failed') toast.error('La publication a échoué');
      previous.current = next.searchFollowing ? 'idle' : next.state;
      setState(next);
    } catch (error) {
      console.error(error);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh, changes]);

  useEffect(() => {
    const timer = setInterval(
      () => void refresh(),
      state?.state === 'running' ? POLL_RUNNING_MS : POLL_IDLE_MS,
    );
    return () => clearInterval(timer);
  }, [refresh, state?.state]);

  const publish = async () => {
    setStarting(true);
    try {
      const next = await answer(PublishState, api().post('publish'));
      previous.current = next.searchFollowing ? 'idle' : next.state;
      setState(next);
    } catch (error) {
      toast.error(errorMessage(error, 'La publication n’a pas pu démarrer'));
    } finally {
      setStarting(false);
    }
  };
  return { state, starting, publish };
}

/** The running build's progress bar (10 % while its progress is not known yet). */
function PublishProgress({ progress }: { progress: number | null }) {
  return (
    <span
      className="adm-progress"
      role="progressbar"
      aria-label="Avancement de la publication"
      aria-valuemin={0}
      aria-valuemax={100}
      {...(progress !== null ? { 'aria-valuenow': Math.round(progress) } : {})}
    >
      <span style={{ width: `${progress ?? 10}%` }} />
    </span>
  );
}

/**
 * 'Publier': rebuilds the public site from the live data (decision 0007). Edits reach the API at once;
 * visitors see them once the new build is switched in. Shows the state, the progress and the last publish.
 */
export function PublishControl() {
  const { state, starting, publish } = usePublishState();
  const [showError, setShowError] = useState(false);

  // While only the search index follows, the site is online: staff may publish their next change.
  const running = state?.state === 'running' && !state.searchFollowing;
  const failure = state?.state === 'failed' ? state.lastError : null;
  return (
    <div className="adm-publish" data-state={state?.state ?? 'unknown'}>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void publish()}
        disabled={starting || running || !state}
        aria-describedby="adm-publish-status"
      >
        {running ? 'Publication…' : 'Publier'}
      </button>
      <div className="adm-publish-status" id="adm-publish-status" role="status">
        {state && <span>{summary(state)}</span>}
        {running && <PublishProgress progress={state.progress} />}
        {failure && (
          <button
            type="button"
            className="adm-link-btn"
            onClick={() => setShowError((s) => !s)}
            aria-expanded={showError}
          >
            {showError ? 'Masquer le détail' : 'Voir pourquoi'}
          </button>
        )}
      </div>
      {showError && failure && <pre className="adm-publish-error">{failure}</pre>}
    </div>
  );
}
