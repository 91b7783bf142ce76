/** The staff directory (by department) and each staff member's profile. */
import type * as S from '../../api/schemas/index.ts';
import { family, template } from '../define.ts';
import { shared, single, str } from '../shared.ts';

export interface StaffDirectoryData {
  departments: S.Department[];
  /** The department the page shows; null: all of them. */
  department: S.Department | null;
}

export interface StaffProfileData {
  member: S.StaffMember;
  departments: { slug: string; name: string }[];
}

export default family({
  name: 'staff',
  templates: {
    'staff-directory': template<StaffDirectoryData>({
      component: () => import('../../../templates/pages/staff-directory.tsx'),
    }),
    'staff-profile': template<StaffProfileData>({
      component: () => import('../../../templates/pages/staff-profile.tsx'),
      searchDoc: ({ member, departments }, path) => ({
        type: 'staff',
        title: member.full_name,
        path,
        summary: member.title,
        date: null,
        sport: null,
        keywords: `staff ${departments.map((d) => d.name).join(' ')}`,
        boost: 0.2,
      }),
    }),
  },
  routes: [
    {
      name: 'staff-slug',
      pattern: '/staff/:slug',
      params: { slug: 'slug' },
      template: 'staff-profile',
      source: {
        async *paths(ctx) {
          const seen = new Set<string>();
          for (const d of await shared.directory(ctx)) {
            for (const m of d.members) {
              if (seen.has(m.slug)) continue;
              seen.add(m.slug);
              yield { params: { slug: m.slug }, label: `staff member ${m.id} (slug "${m.slug}")` };
            }
          }
        },
        async load(ctx, params) {
          const member = await ctx.api.staffMember(str(params, 'slug'));
          const departments = (await shared.directory(ctx))
            .filter((d) => member.department_ids.includes(d.id))
            .map((d) => ({ slug: d.slug, name: d.name }));
          return {
            data: { member, departments },
            head: {
              title: `${member.full_name} – ${member.title}`,
              description: `${member.full_name}, ${member.title}.`,
              image: member.photo,
              type: 'profile',
            },
          };
        },
      },
    },
    {
      name: 'staff-directory',
      pattern: '/staff-directory',
      template: 'staff-directory',
      source: {
        paths: single,
        async load(ctx) {
          return {
            data: { departments: await shared.directory(ctx), department: null },
            head: {
              title: 'Staff Directory',
              description: `Contact the ${ctx.site.settings.current_team_name} athletics staff.`,
              image: ctx.site.settings.staff_directory_hero_image,
              type: 'website',
            },
          };
        },
      },
    },
    {
      name: 'staff-directory-department-slug',
      pattern: '/staff-directory/department/:slug',
      params: { slug: 'slug' },
      template: 'staff-directory',
      source: {
        async *paths(ctx) {
          for (const d of await shared.directory(ctx))
            yield { params: { slug: d.slug }, label: `department ${d.id} (slug "${d.slug}")` };
        },
        async load(ctx, params) {
          const departments = await shared.directory(ctx);
          const department = departments.find((d) => d.slug === str(params, 'slug'));
          if (!department) return { skip: `department "${str(params, 'slug')}" is gone` };
          return {
            data: { departments, department },
            head: {
              title: `${department.name} – Staff Directory`,
              description: `Contact the ${department.name} staff.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
  ],
});
