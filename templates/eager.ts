import { FormBlock } from './blocks/FormBlock.tsx';
import { ScheduleTicker } from './blocks/ScheduleTicker.tsx';
import { Slider } from './blocks/Slider.tsx';

/** The server renders deferred components (templates/deferred.tsx) in place: these are they, by name. */
export const EAGER_COMPONENTS = { FormBlock, ScheduleTicker, Slider } as const;
