/** A reserved ad slot: the runtime registers its zone and fills it after the page loads (behaviour §4). */
export function AdZone({
  uuid,
  label = 'Advertisement',
  size = 'rect',
}: {
  uuid: string;
  label?: string;
  size?: 'rect' | 'leaderboard' | 'billboard';
}) {
  return (
    <aside className={`ad-zone ad-${size}`} data-ad-zone={uuid} aria-label={label}>
      <span className="ad-label">Advertisement</span>
      <div className="ad-slot" />
    </aside>
  );
}
