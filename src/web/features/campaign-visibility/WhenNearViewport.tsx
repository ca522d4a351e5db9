// Renders its children once their place on the page comes within 400 px of the viewport, so content far
// below the fold (the ranking tables) does not compete with the widgets for the server on first load.
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** px below the viewport at which content starts loading. */
const MARGIN_PX = 400;

export function WhenNearViewport({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || el === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${MARGIN_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
