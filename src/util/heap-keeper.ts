import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A heap keeper at work (keepHeapNear). */
export interface HeapKeeper {
  /** Full collections it asked for. */
  readonly collections: number;
  stop(): void;
}

export interface HeapKeeperOptions {
  /**
   * Garbage let pile up past the live data before a collection: this many MB, or half the live data when that is
   * more (so a thread that holds much is not collected over and over for a little garbage).
   */
  slackMb: number;
  /** How often the heap is looked at. */
  everyMs: number;
}

/** V8's `gc()`, taken from a fresh context made while the flag that exposes it is set; null if V8 refuses. */
function fullCollector(): (() => void) | null {
  const own = (globalThis as { gc?: unknown }).gc;
  if (typeof own === 'function') return own as () => void;
  try {
    setFlagsFromString('--expose-gc');
    try {
      return runInNewContext('gc') as () => void;
    } finally {
      // Threads and contexts made later do not get a `gc` global they were not started with.
      setFlagsFromString('--no-expose-gc');
    }
  } catch {
    return null;
  }
}

let collector: (() => void) | null | undefined;

/** The keeper that `heapCheckpoint` asks to look: the last one started in this thread and not stopped. */
let looking: { lookIfDue(): void } | null = null;
/** Checkpoints passed since the clock was last read. */
let passed = 0;
/** Checkpoints between two readings of the clock (a checkpoint costs an increment; a reading, a few dozen ns). */
const CHECKPOINTS_PER_CLOCK = 256;

/**
 * For a long synchronous stretch of work, which the keeper's timer cannot interrupt: call this every step (a line
 * read, a folder listed), and the keeper looks at the heap as its timer would, once its interval has passed.
 *
 * The end of a build's main thread is such work (listing the staging folder, sorting and writing the build cache):
 * at demo scale 10 its heap went from 66 MB to 200 MB in those four seconds, though 65 MB was live at either end (by a
 * full collection there): the timer first ran once they were done. A no-op without a keeper at work.
 */
export function heapCheckpoint(): void {
  if (looking === null || ++passed < CHECKPOINTS_PER_CLOCK) return;
  passed = 0;
  looking.lookIfDue();
}

/** The items of `items`, with a checkpoint (heapCheckpoint) before each: for work that goes an item at a time. */
export function* withHeapCheckpoints<T>(items: Iterable<T>): Generator<T> {
  for (const item of items) {
    heapCheckpoint();
    yield item;
  }
}

/**
 * Keeps a thread's heap near its live data, for a thread that makes garbage steadily and keeps little of it (a
 * build's main thread: the render threads' answers, the planned pages read back, the end stages' lists).
 *
 * V8 sets a heap's next limit from what survived its last full collection, times a factor it raises as collections
 * grow cheap: up to four. The build's main thread is mostly idle, its collections cheap, so at scale 10 its heap grew
 * from 50 MB of live data to 240 MB before V8 collected it, twice in a build (`--trace-gc`); the process's peak memory
 * grew with the site (issue 21). A V8 flag that caps the factor (`--heap-growing-percent`) is the process's, so it
 * would tighten the render threads too and cost their CPU (10% more at scale 10). This keeper looks at its own
 * thread's heap a few times a second and collects it when what the heap holds passed its last live size by the
 * slack: a full collection of a 50–80 MB live heap takes tens of milliseconds, a few times a minute. Work that holds
 * the thread for long calls `heapCheckpoint` as it goes, so that the keeper looks in the middle of it too.
 *
 * A no-op keeper where V8 gives no way to collect.
 */
export function keepHeapNear({ slackMb, everyMs }: HeapKeeperOptions): HeapKeeper {
  if (collector === undefined) collector = fullCollector();
  const collect = collector;
  const minSlack = slackMb * 1048576;
  let collections = 0;
  // What the heap held after the last collection (its live data then), or when the keeper started.
  let floor = getHeapStatistics().used_heap_size;
  let lookedAt = performance.now();
  const look = () => {
    lookedAt = performance.now();
    const used = getHeapStatistics().used_heap_size;
    // V8's own collections lower the floor too.
    if (used < floor + Math.max(minSlack, floor / 2)) return void (floor = Math.min(floor, used));
    collect!();
    collections++;
    floor = getHeapStatistics().used_heap_size;
  };
  const keeper = {
    lookIfDue: () => {
      if (performance.now() - lookedAt >= everyMs) look();
    },
  };
  const timer = collect ? setInterval(look, everyMs) : null;
  timer?.unref();
  if (collect) looking = keeper;
  return {
    get collections() {
      return collections;
    },
    stop: () => {
      clearInterval(timer ?? undefined);
      if (looking === keeper) looking = null;
    },
  };
}
