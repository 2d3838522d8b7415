import type { KitchenAnalyticsResponse } from '@tableserve/contract/kitchen-analytics';
import { BarChart } from 'chartist';
import { useEffect, useRef } from 'react';
import 'chartist/dist/index.css';
import './orders-by-hour-chart.css';
import { busiestHour, hourLabel } from '../lib/kitchen-analytics-format';

/** Every label up to 8 bars, then every 2nd, then every 3rd: '12 AM' needs about 30 px. */
const labelStep = (bars: number) => (bars <= 8 ? 1 : bars <= 16 ? 2 : 3);

/**
 * Orders per hour as bars, the busiest darker (Chartist: SVG, about 8 KB, loaded with the
 * report's Kitchen view only). Screen readers get `label` here and the table beside it.
 */
export default function OrdersByHourChart({
  hours,
  label,
}: {
  hours: KitchenAnalyticsResponse['hours'];
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const step = labelStep(hours.length);
    const busiest = busiestHour(hours);
    const chart = new BarChart(
      host.current,
      { labels: hours.map((hour) => hourLabel(hour.hour)), series: [hours.map((hour) => hour.orders)] },
      {
        axisX: {
          showGrid: false,
          labelInterpolationFnc: (value, index) => (index % step === 0 ? value : null),
        },
        axisY: { onlyInteger: true, offset: 24 },
        chartPadding: { top: 12, right: 4, bottom: 0, left: 0 },
      },
    );
    chart.on('draw', (event) => {
      if (event.type !== 'bar') return;
      // Bars fill 60% of their slot, so a day of 3 hours and one of 18 both read as bars.
      const width = Math.max(4, Math.min(40, (event.chartRect.width() / hours.length) * 0.6));
      event.element.attr({ style: `stroke-width: ${width}px` });
      if (hours[event.index]?.hour === busiest?.hour) event.element.addClass('ct-bar-busiest');
    });
    return () => {
      chart.detach();
    };
  }, [hours]);

  return <div ref={host} role="img" aria-label={label} className="kitchen-hours-chart h-48 w-full" />;
}
