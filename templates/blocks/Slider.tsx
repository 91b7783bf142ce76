import { useEffect, useState } from 'react';
import type { Block } from '../../src/api/schemas/pages.ts';
import { UiIcon } from '../ui/icons.tsx';
import { Img } from '../ui/Img.tsx';

type SliderBlock = Extract<Block, { type: 'slider' }>;

/** A carousel (WAI-ARIA pattern): previous/next and pause buttons, slide picker, no autoplay under reduced motion. */
export function Slider({ block, eager }: { block: SliderBlock; eager?: boolean }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const count = block.slides.length;
  useEffect(() => {
    setPlaying(!window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  }, []);
  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), block.interval_ms);
    return () => clearInterval(timer);
  }, [playing, count, block.interval_ms]);
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <section className="slider" aria-roledescription="carousel" aria-label="Featured">
      <div className="slides" aria-live={playing ? 'off' : 'polite'}>
        {block.slides.map((slide, i) => (
          <div
            key={i}
            className="slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== index}
          >
            <Img image={slide.image} className="slide-image" eager={eager && i === 0} sizes="100vw" />
            <div className="slide-caption">
              <h2>{slide.title}</h2>
              {slide.subtitle ? <p>{slide.subtitle}</p> : null}
              {slide.link ? (
                <a className="button" href={slide.link.url}>
                  {slide.link.label}
                </a>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="slider-controls">
          <button
            type="button"
            onClick={() => setPlaying(!playing)}
            aria-label={playing ? 'Pause slides' : 'Play slides'}
          >
            {playing ? '❚❚' : <UiIcon name="play" />}
          </button>
          <button type="button" onClick={() => go(index - 1)} aria-label="Previous slide">
            <UiIcon name="left" />
          </button>
          <ul className="slider-dots" role="list">
            {block.slides.map((slide, i) => (
              <li key={i}>
                <button
                  type="button"
                  aria-label={`Slide ${i + 1}: ${slide.title}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => go(index + 1)} aria-label="Next slide">
            <UiIcon name="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
