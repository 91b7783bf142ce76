import { defineConfig } from './src/config/index.ts';

// The demo site: no `api`, so every command uses the demo CMS that ships with Fieldhouse.
export default defineConfig({
  siteUrl: 'https://www.cedarvalleyhawks.example',
  theme: {
    colors: { primary: '#0b2545', secondary: '#f2a900', accent: '#35608f', text: '#1f2933', background: '#ffffff' },
  },
  scripts: {
    // Stand-ins for the vendors' tags (public/vendor), so the demo makes no third-party requests.
    ticketMarketing: { src: '/vendor/ticket-marketing.js', attributes: { 'data-account': 'cvu-hawks' } },
    heatmap: { src: '/vendor/heatmap.js', siteId: '3291847' },
    pages: [
      { path: '/tickets', match: 'prefix', src: '/vendor/seat-map.js', attributes: {} },
      { path: '/all-sports-schedule', match: 'exact', src: '/vendor/calendar-widget.js', attributes: {} },
    ],
    sports: {
      default: { src: '/vendor/sport-stats.js', attributes: {} },
      bySlug: { football: { src: '/vendor/football-live.js', attributes: {} } },
    },
  },
});
