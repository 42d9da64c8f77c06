import type { AstroIntegration } from 'astro';
import type { AgencySettings } from '../contract/index.ts';
import { agencySettings } from './api.ts';

let read: AgencySettings | null = null;
/** The settings this build read (null outside `astro build`): the web app manifest names the app with them. */
export const settingsOfThisBuild = () => read;

/**
 * Reads the agency's stored identity from the API once, before a build renders anything, and hands it to
 * every page as the compile-time constant `__NDAKO_AGENCY__` (read by site-config.ts): components stay
 * synchronous, and one build never mixes two versions of the settings. Only `astro build` asks the API;
 * `astro check` and the unit tests fall back to the configured defaults.
 */
export function agencySettingsAtBuild(): AstroIntegration {
  return {
    name: 'ndako-agency-settings',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig, logger }) => {
        if (command !== 'build') return;
        const settings = await agencySettings();
        read = settings;
        logger.info(`Agency: ${settings.name}${settings.updatedAt ? '' : ' (configured defaults)'}`);
        updateConfig({ vite: { define: { __NDAKO_AGENCY__: JSON.stringify(settings) } } });
      },
    },
  };
}
