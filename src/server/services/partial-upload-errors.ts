import { ERRORS } from '@tus/server';
import { HttpError } from '../http-error.ts';
import { isDiskFull } from '../../media/images.ts';

/** Another account's upload: thrown from the tus hooks in the shape tus answers with. */
export const OTHER_ACCOUNT = { status_code: 403, body: 'Upload of another account\n' };

const UNKNOWN = 'Téléversement introuvable ou expiré : recommencez l’envoi du fichier.';

/** tus's refusals, by the body it writes (English), said in French with the same status. */
const FRENCH = new Map<string, string>([
  ['Tus-Resumable Required\n', 'En-tête Tus-Resumable requis (protocole tus 1.0.0)'],
  [ERRORS.MISSING_OFFSET.body, 'En-tête Upload-Offset requis : la position où reprend l’envoi'],
  [ERRORS.INVALID_CONTENT_TYPE.body, 'Type de contenu attendu : application/offset+octet-stream'],
  [OTHER_ACCOUNT.body, 'Ce téléversement a été commencé par un autre compte'],
  [ERRORS.FILE_NOT_FOUND.body, UNKNOWN],
  [ERRORS.FILE_NO_LONGER_EXISTS.body, UNKNOWN],
  [
    ERRORS.INVALID_OFFSET.body,
    'Upload-Offset ne correspond pas à ce que le serveur a reçu : demandez la position (HEAD) et reprenez de là',
  ],
  [ERRORS.ERR_SIZE_EXCEEDED.body, 'Plus d’octets que la taille annoncée (Upload-Length)'],
  [ERRORS.INVALID_LENGTH.body, 'En-tête Upload-Length requis : la taille du fichier en octets'],
  [ERRORS.INVALID_METADATA.body, 'En-tête Upload-Metadata invalide'],
  [ERRORS.ABORTED.body, 'Envoi interrompu : reprenez-le'],
  [ERRORS.INVALID_TERMINATION.body, 'Ce téléversement est terminé : il ne peut plus être annulé'],
]);

/**
 * The HttpError for a tus answer of `status` with `body`: a client's mistake keeps its 4xx with a French
 * message; what tus does not support (parallel uploads, a length declared later) is the client's too (400);
 * a full disk is 507 as for the other uploads; the rest is the server's (500, logged by the caller).
 */
export function tusFailure(status: number, body: string, cause: unknown, maxMb: number): HttpError {
  if (body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body) {
    return new HttpError(413, `Vidéo trop volumineuse : ${maxMb} Mo au plus`);
  }
  const french = FRENCH.get(body);
  if (french) return new HttpError(status, french);
  if (status === 400 && body.startsWith('Invalid ')) {
    return new HttpError(400, `En-têtes tus invalides : ${body.slice('Invalid '.length).trim()}`);
  }
  if (body === ERRORS.ERR_LOCK_TIMEOUT.body) {
    // Another request holds this upload (a cut one not yet noticed): the client's retry comes after it.
    return new HttpError(423, 'Ce téléversement reçoit déjà un envoi : réessayez dans un instant');
  }
  if (status === 501) {
    return new HttpError(400, 'Envoi en parallèle ou sans taille annoncée non pris en charge');
  }
  if (isDiskFull(cause)) {
    return new HttpError(
      507,
      'Espace disque insuffisant sur le serveur : réessayez plus tard ou prévenez l’administrateur.',
    );
  }
  if (status < 500)
    return new HttpError(status, status === 404 ? UNKNOWN : 'Requête de téléversement refusée');
  return new HttpError(500, 'Erreur du serveur pendant le téléversement');
}
