import { memo } from 'react';

const width = 96;
const height = 32;

/**
 * A small line of the last hours (the mean of each slot); a slot without data is a gap, never
 * bridged. Decorative: the tile says its value in words.
 */
export const Sparkline = memo(function Sparkline({
  points,
  color,
}: {
  points: (number | null)[];
  color: string;
}) {
  const values = points.filter((point): point is number => point !== null);
  if (values.length < 2) return <svg width={width} height={height} aria-hidden />;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = width / Math.max(1, points.length - 1);
  const segments: string[] = [];
  let current = '';
  points.forEach((point, index) => {
    if (point === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    const x = (index * step).toFixed(1);
    const y = (height - 2 - ((point - low) / span) * (height - 4)).toFixed(1);
    current += `${current ? 'L' : 'M'}${x},${y}`;
  });
  if (current) segments.push(current);
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden>
      {segments.map((path) => (
        <path key={path} d={path} fill="none" stroke={color} strokeWidth={1.5} />
      ))}
    </svg>
  );
});
