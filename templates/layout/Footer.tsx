import type { SiteData } from '../../src/contract/index.ts';
import { Img } from '../ui/Img.tsx';
import { FlatMenu } from './Menu.tsx';
import { SocialLinks } from './Header.tsx';

export function Footer({ site }: { site: SiteData }) {
  const { settings } = site;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {settings.website_footer_content_blocks.map((block) => (
          <section key={block.id} className="footer-block" aria-labelledby={`footer-block-${block.id}`}>
            {block.image ? <Img image={block.image} className="footer-logo" decorative sizes="160px" /> : null}
            <h2 id={`footer-block-${block.id}`}>{block.title}</h2>
            <div dangerouslySetInnerHTML={{ __html: block.body }} />
            {block.link ? <a href={block.link.url}>{block.link.label}</a> : null}
          </section>
        ))}
        <FlatMenu items={settings.website_footer_menu} label="Footer" className="footer-menu" />
      </div>
      <div className="container footer-bottom">
        <SocialLinks site={site} />
        <p className="copyright">{settings.copyright_text}</p>
      </div>
    </footer>
  );
}
