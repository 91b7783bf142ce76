// What each page read, as the build cache keeps it (src/build/deps/recorder.ts): a page's own calls and records, and
// those of every shared answer it used, whether it loaded the answer or found it loaded; pages loading at the same
// time never get each other's.
import { describe, expect, it } from 'vitest';
import type { ContentApi } from '../../src/api/endpoints.ts';
import { createDepsRecorder } from '../../src/build/deps/recorder.ts';
import { createMemo } from '../../src/build/memo.ts';
import type { PageContext } from '../../src/pages/define.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** An API of two calls, each answering after a turn of the event loop, as a real one does. */
function fakeApi(): ContentApi {
  const api = {
    async article(id: number) {
      await tick();
      return { id, related: [], event_id: null };
    },
    async sportBySlug(slug: string) {
      await tick();
      return { id: 1, slug };
    },
  };
  return api as unknown as ContentApi;
}

function setup() {
  const recorder = createDepsRecorder(createMemo(16));
  const base = { api: fakeApi(), site: {}, router: {}, warn: () => undefined } as unknown as Omit<PageContext, 'memo'>;
  const sport = (ctx: PageContext) => ctx.memo.run('sport/football', ({ api }) => api.sportBySlug('football'));
  return { recorder, base, sport };
}

describe('the deps recorder', () => {
  it("gives a shared answer's reads to the page that loads it and to every page that finds it loaded", async () => {
    const { recorder, base, sport } = setup();
    const first = await recorder.track(base, async (ctx) => {
      await sport(ctx);
      return ctx.api.article(12);
    });
    const second = await recorder.track(base, async (ctx) => {
      await sport(ctx);
      return ctx.api.article(13);
    });
    const shared = 'q:sportBySlug:["football"]';
    expect(first.deps).toEqual(['article:12', 'q:article:[12]', shared]);
    expect(second.deps).toEqual(['article:13', 'q:article:[13]', shared]);
  });

  it('keeps the reads of pages loading at the same time apart', async () => {
    const { recorder, base, sport } = setup();
    const [a, b] = await Promise.all([
      recorder.track(base, async (ctx) => {
        await ctx.api.article(1);
        await sport(ctx);
        return ctx.api.article(2);
      }),
      recorder.track(base, async (ctx) => {
        await sport(ctx);
        return ctx.api.article(3);
      }),
    ]);
    expect(a.deps).toEqual(['article:1', 'article:2', 'q:article:[1]', 'q:article:[2]', 'q:sportBySlug:["football"]']);
    expect(b.deps).toEqual(['article:3', 'q:article:[3]', 'q:sportBySlug:["football"]']);
  });

  it('follows shared answers made of other shared answers', async () => {
    const { recorder, base, sport } = setup();
    const outer = (ctx: PageContext) =>
      ctx.memo.run('outer', async (inner) => {
        await sport(inner);
        return inner.api.article(7);
      });
    await recorder.track(base, outer);
    const found = await recorder.track(base, outer);
    expect(found.deps).toEqual(['article:7', 'q:article:[7]', 'q:sportBySlug:["football"]']);
  });

  it('gives the calls of a shared answer that failed to a page that gets past the failure', async () => {
    const { recorder, base } = setup();
    const missing = (ctx: PageContext) =>
      ctx.memo.run('article/404', async ({ api }) => {
        await api.sportBySlug('gone');
        throw new Error('answered 404');
      });
    const found = await recorder.track(base, async (ctx) => {
      await missing(ctx).catch(() => null);
      return ctx.api.article(5);
    });
    expect(found.deps).toEqual(['article:5', 'q:article:[5]', 'q:sportBySlug:["gone"]']);
  });
});
