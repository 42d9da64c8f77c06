/**
 * Whether the visitor asked their browser to save data (Chromium's "Save-Data", which also sends the
 * `Save-Data: on` header the media server acts on). Then videos never start by themselves.
 */
export function savesData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** A card's first video plays muted on its own, as the spec's card does, unless the visitor saves data. */
export function autoplayUnlessSavingData(video: HTMLVideoElement | null | undefined) {
  if (!video || savesData()) return;
  video.muted = true;
  void video.play().catch(() => {
    // Autoplay refused (battery saver, policy): the poster stays, the controls of the page still work.
  });
}
