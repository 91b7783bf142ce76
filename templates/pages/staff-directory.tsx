import type { StaffMember } from '../../src/api/schemas/content.ts';
import { UiIcon } from '../ui/icons.tsx';
import { PageHeader } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import type { StaffDirectoryData } from '../../src/pages/families/staff.ts';
import { RecordLink } from '../ui/RecordLink.tsx';

export function ContactLinks({ member }: { member: StaffMember }) {
  return (
    <>
      {member.email ? (
        <a href={`mailto:${member.email}`}>
          <UiIcon name="email" /> {member.email}
        </a>
      ) : null}
      {member.phone ? (
        <a href={`tel:${member.phone.replace(/[^\d+]/g, '')}`}>
          <UiIcon name="phone" /> {member.phone}
        </a>
      ) : null}
    </>
  );
}

export default function StaffDirectory({ data, site }: PageProps<StaffDirectoryData>) {
  const { settings } = site;
  const shown = data.department ? [data.department] : data.departments;
  return (
    <>
      <PageHeader
        title={data.department ? data.department.name : 'Staff Directory'}
        image={settings.hide_staff_directory_hero_image || data.department ? null : settings.staff_directory_hero_image}
        crumbs={[
          { label: 'Home', href: '/' },
          { label: 'Staff Directory', href: '/staff-directory' },
          ...(data.department ? [{ label: data.department.name }] : []),
        ]}
        lead={
          settings.staff_directory_note ? (
            <div dangerouslySetInnerHTML={{ __html: settings.staff_directory_note }} />
          ) : undefined
        }
      />
      <div className="container with-aside">
        <div>
          {shown.map((d) => (
            <div key={d.id} className="table-wrap" role="region" aria-labelledby={`dept-${d.slug}`} tabIndex={0}>
              <table className="directory">
                <caption id={`dept-${d.slug}`}>
                  {data.department ? d.name : <RecordLink href={paths.department(d.slug)}>{d.name}</RecordLink>}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Title</th>
                    <th scope="col">Contact</th>
                  </tr>
                </thead>
                <tbody>
                  {d.members.map((m) => (
                    <tr key={m.id}>
                      <th scope="row">
                        <RecordLink href={paths.staff(m.slug)}>{m.full_name}</RecordLink>
                      </th>
                      <td>{m.title}</td>
                      <td className="contact-cell">
                        <ContactLinks member={m} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
        <nav aria-label="Departments" className="aside">
          <h2>Departments</h2>
          <ul role="list">
            {data.departments.map((d) => (
              <li key={d.id}>
                <RecordLink
                  href={paths.department(d.slug)}
                  aria-current={d.id === data.department?.id ? 'page' : undefined}
                >
                  {d.name}
                </RecordLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
