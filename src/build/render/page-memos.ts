/**
 * What a render thread keeps from page to page: values that depend on their inputs alone, which many pages ask
 * for again. Installed in the server bundle only (ssr.tsx), in place of the functions the templates call, so the
 * browser's bundle (held to its JavaScript budget) carries none of it. A memo changes no output: it returns what the
 * function it stands for returns for the same inputs.
 */
import { pictureOf, type ImageInfo, type ImageSettings, type Picture } from '../../images/variants.ts';
import type { Links } from '../../routes/links.ts';
import { paths } from '../../../templates/ui/paths.ts';
import { picturing } from '../../../templates/ui/images.ts';

/**
 * Pictures kept per settings object; article paths kept in all. Then each starts again. At demo scale 10 a render
 * thread looks up 1.8 article paths a page, and a hit saves 3 µs. With 50,000 paths kept 64% of the lookups hit,
 * and the memo held about 5 MB of the thread's heap (a heap snapshot); a path made fewer than 10,000 paths before is
 * 28% of the lookups, fewer than 20,000 before 53%. So 16,384: a third of the memory, about 1 µs a page more.
 */
const PICTURES_KEPT = 4096;
const ARTICLE_PATHS_KEPT = 16_384;

/**
 * `pictureOf`, with each picture that has variants made once per settings object (a build's) and image (content id,
 * size and colour): a site names the same image on many pages (an article's photo on its page, the news lists, its
 * sport's page, the home page), and its three `srcset`s of five URLs each were made again every time (at demo scale
 * 10, 90 µs of a news page's 1.2 ms). The pictures are shared: never change one.
 */
export function memoizedPictureOf(): typeof pictureOf {
  const made = new WeakMap<ImageSettings, Map<string, Picture>>();
  return (url: string, info: ImageInfo | null | undefined, settings: ImageSettings | undefined): Picture => {
    if (!info || !settings || settings.cdn) return pictureOf(url, info, settings);
    let pictures = made.get(settings);
    if (!pictures) made.set(settings, (pictures = new Map()));
    // The content id names the file; its size and colour are read from it, but a picture says them, so they key too.
    const key = `${info.id} ${info.width} ${info.height} ${info.color}`;
    let picture = pictures.get(key);
    if (!picture) {
      if (pictures.size >= PICTURES_KEPT) pictures.clear();
      pictures.set(key, (picture = pictureOf(url, info, settings)));
    }
    return picture;
  };
}

/**
 * An article's page by zone, date and slug. A news list links 24 articles, and each article is linked from several
 * pages (the news lists, its sport's, the home page); its path (the date in the site's zone, the route's rules, the
 * pattern) cost 3 µs a link. Nested maps: no key is built, and no two inputs share one.
 */
export function memoizedArticlePath(article: Links['article']): Links['article'] {
  const byZone = new Map<string, Map<string, Map<string, string | null>>>();
  let kept = 0;
  return (a, timeZone) => {
    let byDate = byZone.get(timeZone);
    let bySlug = byDate?.get(a.date);
    const known = bySlug?.get(a.slug);
    if (known !== undefined) return known;
    const found = article(a, timeZone);
    if (kept >= ARTICLE_PATHS_KEPT) {
      byZone.clear();
      kept = 0;
      byDate = bySlug = undefined;
    }
    if (!byDate) byZone.set(timeZone, (byDate = new Map()));
    if (!bySlug) byDate.set(a.date, (bySlug = new Map()));
    bySlug.set(a.slug, found);
    kept++;
    return found;
  };
}

let installed = false;

/** Put the memos in place of the templates' functions, once per thread. */
export function installPageMemos(): void {
  if (installed) return;
  installed = true;
  picturing.pictureOf = memoizedPictureOf();
  paths.article = memoizedArticlePath(paths.article);
}
