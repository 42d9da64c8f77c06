// Types of what Vite and Astro import besides code (CSS, SVG, images), also before `astro sync` has run.
/// <reference types="astro/client" />
