import { describe, expect, it } from 'vitest';
import { NO_NEWS_SPORT, NO_STATS_SPORT, ROSTER_ONLY_SPORT } from '../../src/demo/generate/coverage.ts';
import { z } from 'zod';
import * as S from '../../src/api/schemas/index.ts';
import { ACCENTED_SLUG_SPORT, datasetDigest, generateDataset, isPublic } from '../../src/demo/dataset.ts';
import { demoDataset } from '../helpers/demo.ts';

describe('demo dataset', () => {
  it('is deterministic: the same seed gives the same digest, another seed another', () => {
    const a = datasetDigest(demoDataset());
    expect(datasetDigest(generateDataset({ seed: 'fieldhouse' }))).toBe(a);
    expect(datasetDigest(generateDataset({ seed: 'another-seed' }))).not.toBe(a);
  });

  it('has the size of a real department at scale 1', () => {
    const d = demoDataset();
    expect(d.sports.length).toBeGreaterThanOrEqual(20);
    expect(new Set(d.sports.map((s) => s.gender))).toEqual(new Set(['men', 'women']));
    expect(d.seasons).toHaveLength(6);
    // Uneven, as real departments are (src/demo/generate/coverage.ts): every season has a roster; the oldest has
    // no schedule, one sport has none at all; the two oldest have no statistics, one sport never has any.
    for (const sport of d.sports) {
      expect(d.rosters.filter((r) => r.sport_id === sport.id)).toHaveLength(6);
      const schedules = d.schedules.filter((s) => s.sport_id === sport.id);
      expect(schedules).toHaveLength(sport.slug === ROSTER_ONLY_SPORT ? 0 : 5);
      const seasons = d.seasonsOf(sport.id)!;
      expect(seasons.filter((s) => s.has_schedule).map((s) => s.slug)).toEqual(schedules.map((s) => s.season.slug));
      const withStats = seasons.filter((s) => s.has_stats).map((s) => s.slug);
      expect(withStats).toEqual(schedules.filter((s) => d.stats(sport.id, s.season.slug)).map((s) => s.season.slug));
      expect(withStats).toHaveLength([ROSTER_ONLY_SPORT, NO_STATS_SPORT].includes(sport.slug) ? 0 : 4);
    }
    expect(d.articles.filter((a) => a.sport?.slug === NO_NEWS_SPORT)).toEqual([]);
    expect(d.articles.filter((a) => a.status === 'published').length).toBeGreaterThanOrEqual(1900);
    expect(d.events.filter((e) => e.result?.status === 'final').length).toBeGreaterThan(1500);
    expect(d.events.filter((e) => e.broadcasts.length > 0 && e.result === null).length).toBeGreaterThan(20);
    expect(d.videos.length).toBeGreaterThan(100);
    expect(d.galleries.length).toBeGreaterThan(100);
    expect(d.departments.length).toBeGreaterThan(10);
    const published = d.pages.filter((p) => p.status === 'published');
    expect(published.length).toBeGreaterThanOrEqual(10);
    expect(published.some((p) => p.slug.split('/').length >= 3)).toBe(true);
    expect(published.filter((p) => p.password_protected)).toHaveLength(1);
    expect(new Set(d.forms.flatMap((f) => f.fields.map((x) => x.type)))).toEqual(
      new Set(['input', 'textarea', 'select', 'checkboxes', 'file', 'paragraph']),
    );
    expect(d.adZones.length).toBeGreaterThan(0);
    expect(d.ads.length).toBeGreaterThan(d.adZones.length);
  });

  it('fills every site setting of behaviour §3', () => {
    const settings = demoDataset().settings;
    for (const key of Object.keys(S.SiteSettings.shape)) {
      const value = (settings as Record<string, unknown>)[key];
      expect(value, key).not.toBeNull();
      expect(value, key).not.toBeUndefined();
      if (Array.isArray(value)) expect(value.length, key).toBeGreaterThan(0);
    }
  });

  it('conforms to the contract: every record parses with its zod schema', () => {
    const d = demoDataset();
    const parse = <T extends z.ZodType>(schema: T, value: unknown, what: string) => {
      const result = schema.safeParse(value);
      expect(result.success, `${what}: ${result.success ? '' : result.error.message}`).toBe(true);
    };
    parse(S.SiteSettings, d.settings, 'settings');
    parse(z.array(S.Sport), d.sports, 'sports');
    parse(z.array(S.Roster), d.rosters, 'rosters');
    parse(z.array(S.Player), d.players, 'players');
    parse(z.array(S.CoachProfile), d.coaches, 'coaches');
    parse(z.array(S.Schedule), d.schedules, 'schedules');
    parse(z.array(S.EventWithSport), d.events.slice(0, 500), 'events');
    parse(z.array(S.ArticleSummary), d.articles, 'articles');
    parse(z.array(S.Video), d.videos, 'videos');
    parse(z.array(S.Department), d.departments, 'departments');
    parse(z.array(S.ContentPage), d.pages, 'pages');
    parse(z.array(S.Form), d.forms, 'forms');
    parse(z.array(S.DocumentMeta), d.documents, 'documents');
    parse(z.array(S.Ad), d.ads, 'ads');
    parse(z.array(S.RedirectRule), d.redirects, 'redirects');
    for (const a of d.articles.filter((_, i) => i % 97 === 0)) parse(S.Article, d.article(a.id), `article ${a.id}`);
    for (const e of d.events.filter((e) => e.boxscore_id).filter((_, i) => i % 50 === 0))
      parse(S.BoxScore, d.boxScore(e.boxscore_id!), `box score ${e.boxscore_id}`);
    for (const s of d.schedules.filter((_, i) => i % 10 === 0)) {
      const stats = d.stats(s.sport_id, s.season.slug);
      if (stats) parse(S.SeasonStats, stats, `stats ${s.id}`);
    }
    for (const g of d.galleries.slice(0, 20)) parse(S.Gallery, d.gallery(g.summary.slug), `gallery ${g.summary.slug}`);
    for (const id of d.articleRevisionIds().slice(0, 20))
      parse(S.ArticleRevision, d.articleRevision(id), `revision ${id}`);
  });

  it('has referential integrity: every referenced id exists', () => {
    const d = demoDataset();
    const sportIds = new Set(d.sports.map((s) => s.id));
    const seasonIds = new Set(d.seasons.map((s) => s.id));
    const rosterIds = new Set(d.rosters.map((r) => r.id));
    const scheduleIds = new Set(d.schedules.map((s) => s.id));
    const articleIds = new Set(d.articles.map((a) => a.id));
    const published = new Set(d.articles.filter((a) => a.status === 'published').map((a) => a.id));
    const pageIds = new Set(d.pages.map((p) => p.id));
    const formIds = new Set(d.forms.map((f) => f.id));
    const zoneIds = new Set(d.adZones.map((z) => z.uuid));
    const categoryIds = new Set(d.categories.map((c) => c.id));
    const missing: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) missing.push(what);
    };

    for (const s of d.sports) {
      check(seasonIds.has(s.default_season_id!), `sport ${s.slug} default_season_id`);
      check(rosterIds.has(s.default_roster_id!), `sport ${s.slug} default_roster_id`);
      check(s.schedule_id === null || scheduleIds.has(s.schedule_id), `sport ${s.slug} schedule_id`);
    }
    for (const r of d.rosters) {
      check(sportIds.has(r.sport_id) && seasonIds.has(r.season.id), `roster ${r.id}`);
      const playerIds = new Set(d.players.filter((p) => p.sport_id === r.sport_id).map((p) => p.id));
      for (const p of r.players) check(playerIds.has(p.player_id), `roster ${r.id} player ${p.player_id}`);
    }
    for (const e of d.events) {
      check(sportIds.has(e.sport_id) && seasonIds.has(e.season_id), `event ${e.id}`);
      if (e.boxscore_id) check(d.boxScore(e.boxscore_id)?.event_id === e.id, `event ${e.id} boxscore`);
      if (e.recap_article_id) check(published.has(e.recap_article_id), `event ${e.id} recap`);
      if (e.preview_article_id) check(published.has(e.preview_article_id), `event ${e.id} preview`);
    }
    for (const a of d.articles) {
      if (a.sport) check(sportIds.has(a.sport.id), `article ${a.id} sport`);
      for (const c of a.categories) check(categoryIds.has(c.id), `article ${a.id} category ${c.id}`);
    }
    for (const a of d.articles.filter((_, i) => i % 13 === 0)) {
      for (const r of d.article(a.id)!.related) check(published.has(r.id), `article ${a.id} related ${r.id}`);
    }
    for (const id of d.articleRevisionIds()) check(articleIds.has(d.articleRevision(id)!.article_id), `revision ${id}`);
    for (const p of d.pages) {
      for (const b of p.blocks) {
        if (b.type === 'form') check(formIds.has(b.form_id), `page ${p.slug} form ${b.form_id}`);
        if (b.type === 'ad_zone') check(zoneIds.has(b.zone_uuid), `page ${p.slug} zone`);
      }
    }
    for (const r of d.pageRevisions) check(pageIds.has(r.page_id), `page revision ${r.id}`);
    for (const ad of d.ads) check(zoneIds.has(ad.zone_uuid), `ad ${ad.id} zone`);
    for (const [key, uuid] of Object.entries(d.settings.ad_zones))
      check(uuid !== null && zoneIds.has(uuid), `settings ad_zones.${key}`);
    for (const dept of d.departments)
      for (const m of dept.members)
        check(m.department_ids.includes(dept.id), `department ${dept.slug} member ${m.slug}`);
    check(pageIds.has(d.settings.homepage_static_page!.id), 'settings homepage_static_page');
    check(pageIds.has(d.settings.sport_static_page!.id), 'settings sport_static_page');
    check(seasonIds.has(d.settings.default_season!.id), 'settings default_season');
    for (const key of ['featured_category', 'headlines_category', 'sport_page_category'] as const)
      check(categoryIds.has(d.settings[key]!.id), `settings ${key}`);
    for (const doc of d.documents)
      check(d.documentFile(doc.uuid)?.byteLength === doc.size_bytes, `document ${doc.uuid}`);
    expect(missing).toEqual([]);
  });

  it('uses slugs of lowercase letters and digits separated by single hyphens', () => {
    const d = demoDataset();
    const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
    const bad = [
      ...d.sports.map((s) => s.slug),
      ...d.seasons.map((s) => s.slug),
      ...d.players.map((p) => p.slug),
      ...d.coaches.map((c) => c.slug),
      ...d.articles.map((a) => a.slug),
      ...d.staff.map((s) => s.slug),
      ...d.departments.map((x) => x.slug),
      ...d.galleries.map((g) => g.summary.slug),
      ...d.pages.flatMap((p) => p.slug.split('/')),
    ].filter((s) => !slug.test(s));
    // But one, on purpose: a player whose CMS slug keeps an accent, as real CMSs write them (dataset.ts).
    expect(bad).toEqual([
      d.players.find((p) => p.sport_id === d.sports.find((s) => s.slug === ACCENTED_SLUG_SPORT)!.id)!.slug,
    ]);
    expect(bad[0]).toMatch(/^inés-/);
  });

  it('fills a basketball game clock (200:00 plus 25:00 an overtime) and adds up to the final score', () => {
    const data = demoDataset();
    const games = data.events.filter((e) => e.sport.slug === 'mens-basketball' && e.boxscore_id).slice(0, 40);
    expect(games.length).toBe(40);
    const seconds = (clock: unknown) => {
      const [m, s] = String(clock).split(':').map(Number);
      return m! * 60 + s!;
    };
    for (const game of games) {
      const box = data.boxScore(game.boxscore_id!)!;
      const overtimes = box.periods.filter((p) => /OT$/.test(p)).length;
      for (const table of box.player_tables) {
        const total = table.rows.reduce((sum, row) => sum + seconds(row.cells.min), 0);
        expect(total, `box score ${box.id}, ${table.title}`).toBe((200 + 25 * overtimes) * 60);
        // The players' points add up to their team's score.
        const team = box.teams.find((t) => table.title.startsWith(t.name))!;
        const points = table.rows.reduce((sum, row) => sum + Number(row.cells.pts), 0);
        expect(points, `box score ${box.id}, ${table.title}`).toBe(team.total);
        for (const row of table.rows) {
          const [made, att] = String(row.cells.fg).split('-').map(Number);
          expect(made).toBeLessThanOrEqual(att!);
        }
      }
    }
  });

  it('gives basketball seasons the points their final scores add up to', () => {
    const data = demoDataset();
    const sport = data.sports.find((s) => s.slug === 'mens-basketball')!;
    const seasons = data.schedules.filter((s) => s.sport_id === sport.id);
    let checked = 0;
    for (const schedule of seasons) {
      const stats = data.stats(sport.id, schedule.season.slug);
      const individual = stats?.tables.find((t) => t.kind === 'individual');
      if (!individual?.rows.length) continue;
      const scored = schedule.events.reduce(
        (sum, e) => sum + (e.result?.status === 'final' ? (e.result.team_score ?? 0) : 0),
        0,
      );
      expect(individual.rows.reduce((sum, row) => sum + Number(row.cells.pts), 0)).toBe(scored);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  });

  it('makes scale 10 ten times the history', () => {
    const big = generateDataset({ scale: 10 });
    expect(big.seasons).toHaveLength(60);
    expect(big.articles.length).toBeGreaterThan(demoDataset().articles.length * 8);
  });

  it('makes a department in its first season, with no videos or galleries yet to hide', () => {
    const first = generateDataset({ seasons: 1 });
    expect(first.seasons).toHaveLength(1);
    expect(first.articles.filter(isPublic).length).toBeGreaterThan(0);
    expect(first.videos.filter((v) => v.visibility === 'private')).toHaveLength(first.videos.length ? 1 : 0);
    expect(() => generateDataset({ seasons: 0 })).toThrow(/at least 1/);
  });
});
