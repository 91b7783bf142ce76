/** Parameter rules of behaviour §5. Each rule is a name, so the route table stays plain data. */
export type ParamRule = 'id' | 'uuid' | 'slug' | 'presence' | 'year' | 'month' | 'day' | 'slugList';

/** Lowercase letters and digits separated by single hyphens (also written into host rewrite rules). */
export const SLUG_SOURCE = '[a-z0-9]+(?:-[a-z0-9]+)*';
const SLUG = new RegExp(`^${SLUG_SOURCE}$`);

export const PARAM_RULES: Readonly<Record<ParamRule, (value: string | string[]) => boolean>> = {
  /** Numeric id: digits only. */
  id: (v) => typeof v === 'string' && /^\d+$/.test(v),
  /** uuid: non-empty. */
  uuid: (v) => typeof v === 'string' && v.length > 0,
  /** Slug, season, sport: lowercase letters and digits separated by single hyphens. */
  slug: (v) => typeof v === 'string' && SLUG.test(v),
  /** Under the schedule and roster paths, sport and season are only checked for presence. */
  presence: (v) => typeof v === 'string' && v.length > 0,
  year: (v) => typeof v === 'string' && /^\d{4}$/.test(v),
  month: (v) => typeof v === 'string' && /^(0[1-9]|1[0-2])$/.test(v),
  day: (v) => typeof v === 'string' && /^(0[1-9]|[12]\d|3[01])$/.test(v),
  /** A multi-segment slug: a list whose every element is a valid slug. */
  slugList: (v) => Array.isArray(v) && v.length > 0 && v.every((s) => SLUG.test(s)),
};

/** Extra route-level checks, by name (see RouteSpec.validate). Anything but true means 404. */
export const VALIDATORS = {
  /** The news date must be a real calendar date. */
  calendarDate: (params: Params) => {
    const { year, month, day } = params as Record<string, string>;
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    return (
      date.getUTCFullYear() === Number(year) &&
      date.getUTCMonth() === Number(month) - 1 &&
      date.getUTCDate() === Number(day)
    );
  },
} as const;
export type ValidatorName = keyof typeof VALIDATORS;

export type Params = Record<string, string | string[]>;
