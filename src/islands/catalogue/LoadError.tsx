/** The load error of an island (spec §8): its message and a retry button. */
export function LoadError({
  message,
  retry,
  onRetry,
}: {
  message: string;
  retry: string;
  onRetry: () => void;
}) {
  return (
    <div className="state error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-green" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
