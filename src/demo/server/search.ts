import type { SearchResult } from '../../api/schemas/content.ts';
import type { Dataset } from '../dataset.ts';

interface Entry {
  result: Omit<SearchResult, 'score'>;
  text: string;
  sportName: string | null;
  recency: number;
}

/** A simple ranked search over the demo dataset: title words weigh most, then summaries, then recency. */
export function createSearch(dataset: Dataset) {
  const entries: Entry[] = [];
  const sportBySlug = new Map(dataset.sports.map((s) => [s.slug, s]));
  const sportById = new Map(dataset.sports.map((s) => [s.id, s]));
  const asOfDay = Date.parse(dataset.asOf);
  const add = (result: Omit<SearchResult, 'score'>, extra = '') => {
    const sport = result.sport ? sportById.get(result.sport.id) : undefined;
    entries.push({
      result,
      text: normalise(`${result.title} ${result.summary} ${extra}`),
      sportName: sport ? sport.name.toLowerCase() : null,
      recency: result.date ? Math.max(0, 1 - (asOfDay - Date.parse(result.date)) / (365 * 86_400_000 * 3)) : 0.5,
    });
  };
  for (const sport of dataset.sports) {
    add({
      type: 'sport',
      id: sport.id,
      title: sport.name,
      path: `/sports/${sport.slug}`,
      summary: `${sport.name} news, schedule, roster and stats.`,
      date: null,
      sport: dataset.sportRef(sport.id)!,
      image: sport.meta_image ?? null,
    });
  }
  for (const a of dataset.articles) {
    if (a.status !== 'published') continue;
    const [y, m, d] = a.date.slice(0, 10).split('-');
    add({
      type: 'article',
      id: a.id,
      title: a.title,
      path: `/news/${y}/${m}/${d}/${a.slug}`,
      summary: a.summary,
      date: a.date,
      sport: a.sport,
      image: a.featured_image,
    });
  }
  for (const p of dataset.players) {
    const latest = p.seasons.at(-1)!;
    const sport = sportById.get(p.sport_id)!;
    add(
      {
        type: 'player',
        id: p.id,
        title: p.full_name,
        path: `/sports/${sport.slug}/roster/player/${p.slug}`,
        summary: [latest.entry.position_long, latest.entry.class_year, latest.entry.hometown]
          .filter(Boolean)
          .join(' · '),
        date: null,
        sport: dataset.sportRef(p.sport_id)!,
        image: latest.entry.headshot,
      },
      `${sport.name} ${latest.season.name}`,
    );
  }
  for (const c of dataset.coaches) {
    const latest = c.seasons.at(-1)!;
    const sport = sportById.get(c.sport_id)!;
    add({
      type: 'coach',
      id: c.id,
      title: c.full_name,
      path: `/sports/${sport.slug}/roster/season/${latest.season.slug}/staff/${c.slug}`,
      summary: `${sport.name} · ${latest.entry.title}`,
      date: null,
      sport: dataset.sportRef(c.sport_id)!,
      image: latest.entry.photo,
    });
  }
  for (const s of dataset.staff) {
    if (s.sport_id !== null) continue; // coaches are already listed
    add({
      type: 'staff',
      id: s.id,
      title: s.full_name,
      path: `/staff/${s.slug}`,
      summary: s.title,
      date: null,
      sport: null,
      image: s.photo,
    });
  }
  for (const p of dataset.pages) {
    if (p.status !== 'published' || p.slug === 'home' || p.slug === 'sport-page') continue;
    add({
      type: 'page',
      id: p.id,
      title: p.title,
      path: `/${p.slug}`,
      summary: p.meta_description ?? '',
      date: null,
      sport: null,
      image: null,
    });
  }
  for (const g of dataset.galleries) {
    add({
      type: 'gallery',
      id: g.summary.id,
      title: g.summary.title,
      path: `/photo-galleries/${g.summary.slug}`,
      summary: g.description,
      date: g.summary.date,
      sport: g.summary.sport,
      image: g.summary.cover,
    });
  }

  return (text: string, filters: { teamName: string | null; sport: string | null }): SearchResult[] => {
    const terms = normalise(text)
      .split(' ')
      .filter((t) => t.length > 1);
    if (terms.length === 0) return [];
    const sportFilter = filters.sport ? (sportBySlug.get(filters.sport)?.id ?? -1) : null;
    const teamFilter = filters.teamName ? filters.teamName.toLowerCase() : null;
    const phrase = terms.join(' ');
    const out: SearchResult[] = [];
    for (const entry of entries) {
      if (sportFilter !== null && entry.result.sport?.id !== sportFilter) continue;
      if (teamFilter !== null && !(entry.sportName ?? '').includes(teamFilter)) continue;
      const title = normalise(entry.result.title);
      let score = 0;
      let matched = 0;
      for (const term of terms) {
        if (wordIn(title, term)) {
          score += 3;
          matched++;
        } else if (entry.text.includes(term)) {
          score += 1;
          matched++;
        }
      }
      if (matched < terms.length) continue;
      if (title.includes(phrase)) score += 2;
      if (entry.result.type === 'player' || entry.result.type === 'sport') score += 1;
      out.push({ ...entry.result, score: Math.round((score + entry.recency) * 1000) / 1000 });
    }
    return out.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title) || a.id - b.id);
  };
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function wordIn(haystack: string, word: string): boolean {
  return ` ${haystack} `.includes(` ${word} `) || haystack.startsWith(`${word}`) || haystack.includes(` ${word}`);
}
