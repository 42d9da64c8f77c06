import { atom } from 'nanostores';

/**
 * Bumped after every change staff make, so the parts of the shell that summarise data (the unread badge,
 * the publish panel) refresh without the pages knowing about them.
 */
export const $changes = atom(0);
export const noteChange = () => $changes.set($changes.get() + 1);
