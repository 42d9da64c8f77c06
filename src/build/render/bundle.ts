/**
 * The folder Astro writes its pages' bundle into, inside an output folder in the project (astro's
 * getPrerenderOutputDirectory): the site renderer keeps it there for its life, and no step may take it as
 * part of the site.
 */
export const BUNDLE = '.prerender';
