import { ProfileHeader } from '../ui/Headshot.tsx';
import { Breadcrumbs, Section } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import { hasContent, RichText } from '../ui/RichText.tsx';
import type { PageProps } from '../types.ts';
import { ContactLinks } from './staff-directory.tsx';
import type { StaffProfileData } from '../../src/pages/families/staff.ts';
import { RecordLink } from '../ui/RecordLink.tsx';

export default function StaffProfile({ data, site }: PageProps<StaffProfileData>) {
  const { member } = data;
  return (
    <article className="container profile" aria-labelledby="page-title">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'Staff Directory', href: '/staff-directory' },
          { label: member.full_name },
        ]}
      />
      <ProfileHeader photo={member.photo} fallback={site.settings.default_staff_member_photo} name={member.full_name}>
        <h1 id="page-title">{member.full_name}</h1>
        <p className="lead">{member.title}</p>
        <p className="contact">
          <ContactLinks member={member} />
        </p>
        {data.departments.length ? (
          <p className="meta">
            {data.departments.map((d, i) => (
              <span key={d.slug}>
                {i ? ', ' : ''}
                <RecordLink href={paths.department(d.slug)}>{d.name}</RecordLink>
              </span>
            ))}
          </p>
        ) : null}
      </ProfileHeader>
      {hasContent(member.bio) ? (
        <Section title="Biography">
          <RichText html={member.bio} />
        </Section>
      ) : null}
    </article>
  );
}
