// Spec §2: a full-overlay splash once per browser session, its counter rising 2 % every 50 ms, gone after
// 1.5 s. The page underneath is already rendered: the splash only covers it, it never delays it.
const SHOWN_KEY = 'ndako-splash-shown';
const DURATION_MS = 1500;
const STEP_MS = 50;

const root = document.documentElement;
const overlay = document.querySelector<HTMLElement>('[data-splash]');
const counter = overlay?.querySelector<HTMLElement>('[data-splash-count]');

if (overlay && root.classList.contains('splash')) {
  try {
    sessionStorage.setItem(SHOWN_KEY, '1');
  } catch {
    // No session storage: the splash shows on every page, as it would in the prototype.
  }
  let progress = 0;
  const timer = setInterval(() => {
    progress = Math.min(100, progress + 2);
    if (counter) counter.textContent = `${progress}%`;
  }, STEP_MS);
  setTimeout(() => {
    clearInterval(timer);
    if (counter) counter.textContent = '100%';
    overlay.classList.add('splash-done');
    setTimeout(() => root.classList.remove('splash'), 300);
  }, DURATION_MS);
}
export {};
