import type { Block } from '../../src/api/schemas/pages.ts';
import { generateDataset, type Dataset, type DatasetOptions } from '../../src/demo/dataset.ts';

/**
 * A hostile corpus for rich text: the kinds of case in OWASP's XSS Filter Evasion Cheat Sheet (script tags in
 * every spelling, event handlers, `javascript:` hidden by case, entities, tabs, newlines and NULs, style and
 * expression tricks, frames, objects, embeds, meta refresh, base, SVG and MathML mutation tricks, DOM clobbering
 * of the page's own ids), written for this test. Every vector that runs calls `__xss(n)`, which the browser
 * tests record; the static tests look for what could run at all.
 */
export const XSS_VECTORS: readonly string[] = [
  '<script>__xss(1)</script>',
  '<SCRIPT SRC=data:text/javascript,__xss(2)></SCRIPT>',
  '<IMG SRC="javascript:__xss(3);">',
  '<IMG SRC=javascript:__xss(4)>',
  '<IMG SRC=JaVaScRiPt:__xss(5)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#95;&#95;&#120;&#115;&#115;&#40;&#54;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x5F&#x5F&#x78&#x73&#x73&#x28&#x37&#x29>',
  '<IMG SRC="jav\tascript:__xss(8);">',
  '<IMG SRC="jav&#x09;ascript:__xss(9);">',
  '<IMG SRC="jav&#x0A;ascript:__xss(10);">',
  '<IMG SRC=" &#14;  javascript:__xss(11);">',
  '<SCRIPT/XSS SRC="data:text/javascript,__xss(12)"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=__xss(13)>',
  '<<SCRIPT>__xss(14);//<</SCRIPT>',
  '<SCRIPT SRC=data:,__xss(15)?< B >',
  '<IMG SRC="javascript:__xss(16)"',
  '<iframe src=javascript:__xss(17) <',
  '</TITLE><SCRIPT>__xss(18)</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:__xss(19);">',
  '<BODY BACKGROUND="javascript:__xss(20)">',
  '<IMG DYNSRC="javascript:__xss(21)"><IMG LOWSRC="javascript:__xss(21)">',
  '<STYLE>li {list-style-image: url("javascript:__xss(22)");}</STYLE><UL><LI>XSS</br>',
  '<svg/onload=__xss(23)>',
  '<BODY ONLOAD=__xss(24)>',
  '<img src=x onerror=__xss(25)>',
  '<IMG SRC=/ onerror="__xss(26)"></img>',
  '<img src=x onerror="&#0000095&#0000095&#0000120&#0000115&#0000115&#0000040&#0000050&#0000055&#0000041">',
  '<BGSOUND SRC="javascript:__xss(28);">',
  '<LINK REL="stylesheet" HREF="javascript:__xss(29);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:__xss(30);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html;base64,PHNjcmlwdD5fX3hzcygzMSk8L3NjcmlwdD4=">',
  '<IFRAME SRC="javascript:__xss(32);"></IFRAME>',
  '<IFRAME SRC=# onmouseover="__xss(33)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:__xss(34);"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:__xss(35)"><TR><TD BACKGROUND="javascript:__xss(35)">x</TD></TR></TABLE>',
  '<DIV STYLE="background-image: url(javascript:__xss(36))">x</DIV>',
  '<DIV STYLE="width: expression(__xss(37));">x</DIV>',
  '<IMG STYLE="xss:expr/*XSS*/ession(__xss(38))">',
  '<STYLE TYPE="text/javascript">__xss(39);</STYLE>',
  "<STYLE>@import'javascript:__xss(40)';</STYLE>",
  '<BASE HREF="javascript:__xss(41);//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="data:text/html,<script>__xss(42)</script>"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iX194c3MoNDMpIj48L3N2Zz4=" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<a href="javascript:__xss(44)">a link</a>',
  '<a href=" javascript:__xss(45)">a link</a><a href="&#10;javascript:__xss(45)">a link</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(46)>',
  '<svg><style><img src=x onerror=__xss(47)></style></svg>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(48)>">',
  '<form><button formaction=javascript:__xss(49)>x</button></form>',
  '<details open ontoggle=__xss(50)>x</details>',
  '<video><source onerror="__xss(51)"></video><audio src=x onerror=__xss(51)>',
  '<marquee onstart=__xss(52)>x</marquee>',
  '<object data="javascript:__xss(53)"></object>',
  '<x contenteditable onfocus=__xss(54) autofocus>x</x><input autofocus onfocus=__xss(54)>',
  '<select autofocus onfocus=__xss(55)></select><textarea autofocus onfocus=__xss(55)></textarea>',
  '<img src="x` `<script>__xss(56)</script>"` `>',
  '<!--<img src="--><img src=x onerror=__xss(57)//">',
  '<div id="__FH_PAYLOAD__">clobbered</div><a id="__FH_BOOT__" name="__FH_BOOT__">clobbered</a><form name="app"></form>',
  '<img src=x:__xss(59) onerror=eval(src) alt=0>',
  '</script><script>__xss(60)</script>',
  '<scr<script>ipt>__xss(61)</scr</script>ipt>',
  '<iframe srcdoc="<script>parent.__xss(62)</script>"></iframe>',
  '<iframe src="https://www.youtube.com/embed/abc" onload="__xss(63)"></iframe>',
  '<a href="data:text/html;base64,PHNjcmlwdD5fX3hzcyg2NCk8L3NjcmlwdD4=">data link</a>',
  '<svg><a xlink:href="javascript:__xss(65)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=__xss(66) attributeName=x dur=1s>',
  '"><script>__xss(67)</script>',
  "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+__xss(68)//'>",
  '<IMG """><SCRIPT>__xss(69)</SCRIPT>">',
  '<img src=x onerror=__xss(70)//',
  '<scr\u0000ipt>__xss(71)</script><IMG SRC=java\u0000script:__xss(71)>',
  '<a href="vbscript:msgbox(72)">vb</a><IMG SRC=\'vbscript:msgbox("XSS")\'>',
  '<div style="behavior: url(xss.htc);">x</div><xss:script xmlns:xss="http://www.w3.org/1999/xhtml">__xss(73)</xss:script>',
  '<template><script>__xss(74)</script></template><xmp><script>__xss(74)</script></xmp>',
];

/** One field's worth of the corpus: every vector, between ordinary paragraphs an editor might write. */
export const HOSTILE_HTML = `<p>Before the corpus.</p>${XSS_VECTORS.join('\n')}<p>After the corpus.</p>`;

/** Marks a record field so a test can find it in the output. */
export const NUL_TITLE = 'Hawks\u0000 Win\u0007 the Cup';

/**
 * A demo dataset with the corpus in every rich-text field: article bodies (and the drafts previews show), page
 * blocks of every rich kind (and a protected page's, which unlock shows), player and coach bios, staff bios,
 * the staff-directory note, the 404 text, the footer blocks and form paragraphs; and the settings'
 * analytics_code, which must run once from its own file while the same script in a body never runs.
 */
export function hostileDataset(options: DatasetOptions = {}): Dataset {
  const dataset = generateDataset(options);
  const s = dataset.settings;
  s.staff_directory_note = HOSTILE_HTML;
  s.not_found_error_page_text = HOSTILE_HTML;
  s.analytics_code = ANALYTICS_CODE;
  for (const block of s.website_footer_content_blocks) block.body += HOSTILE_HTML;
  const hostileBlock = (block: Block): Block => {
    switch (block.type) {
      case 'rich_text':
        return { ...block, html: block.html + HOSTILE_HTML };
      case 'membership_promotion':
      case 'ticket_promotion':
      case 'sticky_popup':
        return { ...block, body: block.body + HOSTILE_HTML };
      default:
        return block;
    }
  };
  for (const page of dataset.pages) page.blocks = page.blocks.map(hostileBlock);
  for (const locked of dataset.protectedContent.values()) locked.blocks = locked.blocks.map(hostileBlock);
  for (const form of dataset.forms)
    for (const field of form.fields) if (field.type === 'paragraph') field.html += HOSTILE_HTML;
  for (const roster of dataset.rosters) {
    for (const player of roster.players) player.bio += HOSTILE_HTML;
    for (const coach of roster.staff) coach.bio += HOSTILE_HTML;
  }
  for (const player of dataset.players) for (const s of player.seasons) s.entry.bio += HOSTILE_HTML;
  for (const coach of dataset.coaches) for (const s of coach.seasons) s.entry.bio += HOSTILE_HTML;
  for (const member of dataset.staff) member.bio += HOSTILE_HTML;
  for (const department of dataset.departments) for (const member of department.members) member.bio += HOSTILE_HTML;
  const article = dataset.article;
  dataset.article = (id) => {
    const found = article(id);
    return found && { ...found, body: found.body + ANALYTICS_SCRIPT + HOSTILE_HTML };
  };
  const first = dataset.articles.find((a) => a.status === 'published')!;
  first.title = NUL_TITLE;
  return dataset;
}

/** The analytics script: it counts its runs, so a copy of it in a body that ran would show as a second run. */
export const ANALYTICS_SCRIPT = '<script>window.__analyticsRuns = (window.__analyticsRuns || 0) + 1;</script>';
const ANALYTICS_CODE = `${ANALYTICS_SCRIPT}<noscript><img src="https://pixel.example/p.gif" alt="" onerror="__xss(99)"></noscript>`;
