/** The demo rows of each kind, as the server counts them (the contract's DemoCounts has this shape). */
export interface DemoRowCounts {
  properties: number;
  team: number;
  messages: number;
  visitRequests: number;
  pageViews: number;
  media: number;
}

const NUMBER = new Intl.NumberFormat('fr-FR');
// French: 0 and 1 take the singular.
const plural = (n: number, one: string, many: string) => `${NUMBER.format(n)} ${n > 1 ? many : one}`;

/**
 * "12 propriétés, 1 membre de l'équipe, …" for staff (French), in the admin's banner and the audit row of a
 * clear. The banner speaks of the photos separately, so media are counted only when asked for.
 */
export function demoSummary(c: DemoRowCounts, options: { media: boolean }): string {
  return [
    plural(c.properties, 'propriété', 'propriétés'),
    plural(c.team, "membre de l'équipe", "membres de l'équipe"),
    plural(c.messages, 'message', 'messages'),
    plural(c.visitRequests, 'demande de visite', 'demandes de visite'),
    plural(c.pageViews, 'page vue', 'pages vues'),
    ...(options.media ? [plural(c.media, 'média', 'médias')] : []),
  ].join(', ');
}
