import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/**
 * A line chart of figures per day (uPlot, on a canvas). The canvas is a picture to screen readers:
 * its label says what it shows, and the same figures are in a table beside it.
 */
export function DayChart({ days, series, label }: { days: string[]; series: Series[]; label: string }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const times = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 240,
        scales: { x: { time: true } },
        axes: [{}, { size: 50 }],
        series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2 }))],
      },
      [times, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series]);
  return <div ref={frame} className="chart" role="img" aria-label={label} />;
}
