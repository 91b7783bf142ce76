import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '../../src/api/schemas/settings.ts';
import { UiIcon } from '../ui/icons.tsx';

const external = (item: MenuItem) => (item.target === '_blank' ? { target: '_blank', rel: 'noopener' } : {});

/**
 * A disclosure navigation menu (WAI-ARIA pattern): items with children open a submenu by button; Escape closes
 * it and returns focus; only one submenu is open at a time. Before hydration, CSS opens submenus on focus.
 */
export function DisclosureMenu({
  items,
  label,
  id,
  extra,
}: {
  items: MenuItem[];
  label: string;
  id: string;
  extra?: { label: string; items: MenuItem[] };
}) {
  const [open, setOpen] = useState<string | null>(null);
  const root = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open === null) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || open === null) return;
    const button = document.getElementById(`${id}-${open}-button`);
    setOpen(null);
    button?.focus();
  };
  const groups: { key: string; title: string; children: MenuItem[]; url?: string }[] = items.map((item) => ({
    key: String(item.id),
    title: item.title,
    children: item.children,
    url: item.url,
  }));
  if (extra) groups.unshift({ key: 'sports', title: extra.label, children: extra.items });
  return (
    <ul className="menu" ref={root} onKeyDown={onKeyDown} aria-label={label}>
      {groups.map((group) => {
        const item = items.find((i) => String(i.id) === group.key);
        if (group.children.length === 0 && item) {
          return (
            <li key={group.key}>
              <a href={item.url} {...external(item)}>
                {item.title}
              </a>
            </li>
          );
        }
        const expanded = open === group.key;
        return (
          <li key={group.key} className={`has-submenu${expanded ? ' open' : ''}`}>
            <button
              type="button"
              id={`${id}-${group.key}-button`}
              aria-expanded={expanded}
              aria-controls={`${id}-${group.key}`}
              onClick={() => setOpen(expanded ? null : group.key)}
            >
              {group.title}
              <UiIcon name="chevron" />
            </button>
            <ul id={`${id}-${group.key}`} className="submenu">
              {group.url && !group.children.some((c) => c.url === group.url) ? (
                <li>
                  <a href={group.url}>{group.title}</a>
                </li>
              ) : null}
              {group.children.map((child) => (
                <li key={child.id}>
                  <a href={child.url} {...external(child)}>
                    {child.title}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

export function FlatMenu({ items, label, className }: { items: MenuItem[]; label: string; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul role="list">
        {items.map((item) => (
          <li key={item.id}>
            <a href={item.url} {...external(item)}>
              {item.title}
              {item.target === '_blank' ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
