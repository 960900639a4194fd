/**
 * The report's charts (@mui/x-charts): the overall score as a gauge, and scores as horizontal bars
 * coloured by their band. Each chart sizes itself to its container (so it fits a phone and an A4
 * page) and carries the same figures as a table for screen readers.
 */
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Gauge, gaugeClasses } from '@mui/x-charts/Gauge';
import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { RatingBand } from '../../domain/content';
import { useFormat } from '../../i18n/useFormat';
import { BAND_COLOURS, NO_BAND_COLOUR } from './bands';

/** Before the container is measured (and in jsdom, which lays nothing out): a width that fits most screens. */
const FALLBACK_WIDTH = 640;

/** The width of the element the ref is put on, following it as it resizes. */
export function useContainerWidth(fallback = FALLBACK_WIDTH): [RefCallback<HTMLElement>, number] {
  const [width, setWidth] = useState(fallback);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      const measure = () => {
        const measured = Math.floor(element.getBoundingClientRect().width);
        setWidth(measured > 0 ? measured : fallback);
      };
      measure();
      observer.current = new ResizeObserver(measure);
      observer.current.observe(element);
    },
    [fallback],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

export interface ScoreBar {
  id: string;
  label: string;
  percent: number | null;
  band: RatingBand | null;
}

const barColour = (bar: ScoreBar) => (bar.band ? BAND_COLOURS[bar.band].fill : NO_BAND_COLOUR);
const TICKS = [0, 20, 40, 60, 80, 100];

/** Scores as horizontal bars, one per item, each in its band's colour, with its figure at the end. */
export function ScoreBars({ bars, title, animate = true }: { bars: ScoreBar[]; title: string; animate?: boolean }) {
  const translate = useTranslate();
  const { number } = useFormat();
  const [ref, width] = useContainerWidth();
  if (bars.length === 0) return null;
  const ids = bars.map((b) => b.id);
  const byId = new Map(bars.map((b) => [b.id, b]));
  const percentText = (value: number | null) => (value === null ? '—' : `${number(value, { maximumFractionDigits: 0 })}%`);
  const height = 56 + bars.length * 40;
  // Room for the skill names: wide on a page, a third of a phone.
  const axisWidth = Math.min(220, Math.max(96, Math.round(width * 0.36)));
  // The scale runs past 100 by the room a figure needs after a full bar (about 44 px), whatever the width.
  const plotWidth = Math.max(80, width - axisWidth - 16);
  const max = Math.max(110, Math.ceil((100 * plotWidth) / (plotWidth - 44)));
  return (
    <Box component="figure" ref={ref} className="report-chart report-keep" sx={{ m: 0, width: '100%', minWidth: 0 }}>
      <BarChart
        width={width}
        height={height}
        layout="horizontal"
        hideLegend
        skipAnimation={!animate}
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
        grid={{ vertical: true }}
        yAxis={[
          {
            scaleType: 'band',
            data: ids,
            width: axisWidth,
            valueFormatter: (id: string) => byId.get(id)?.label ?? id,
            colorMap: { type: 'ordinal', values: ids, colors: bars.map(barColour) },
          },
        ]}
        xAxis={[{ min: 0, max, tickInterval: TICKS, valueFormatter: (v: number) => `${v}%`, height: 28 }]}
        series={[
          {
            data: bars.map((b) => b.percent ?? 0),
            label: title,
            valueFormatter: (_value, { dataIndex }) => percentText(bars[dataIndex].percent),
            barLabel: (item) => percentText(bars[item.dataIndex]?.percent ?? null),
            barLabelPlacement: 'outside',
          },
        ]}
      />
      {/* For screen readers; the hidden box, not the table, is 1 px wide (a table grows to its content whatever its width). */}
      <Box sx={visuallyHidden}>
        <table data-chart-table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{translate('app.report.name')}</th>
              <th scope="col">{translate('app.report.score')}</th>
              <th scope="col">{translate('app.report.band')}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.id}>
                <th scope="row">{bar.label}</th>
                <td>{percentText(bar.percent)}</td>
                <td>{bar.band ? translate(`app.enums.band.${bar.band}`) : translate('app.report.noBand')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

/** The overall score as a half-ring gauge in its band's colour. */
export function OverallGauge({ percent, band, label, animate = true }: { percent: number | null; band: RatingBand | null; label: string; animate?: boolean }) {
  const { score } = useFormat();
  const text = percent === null ? '—' : score(percent);
  return (
    <Box role="img" aria-label={`${label}: ${text}`} className="report-keep" sx={{ width: 200, maxWidth: '100%' }}>
      <Gauge
        width={200}
        height={130}
        value={percent ?? 0}
        valueMin={0}
        valueMax={100}
        startAngle={-100}
        endAngle={100}
        innerRadius="72%"
        skipAnimation={!animate}
        text={text}
        aria-hidden
        sx={{
          [`& .${gaugeClasses.valueText}`]: { fontSize: 30, fontWeight: 500 },
          [`& .${gaugeClasses.valueArc}`]: { fill: band ? BAND_COLOURS[band].fill : NO_BAND_COLOUR },
        }}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: 'center', mt: -1 }}>
        {label}
      </Typography>
    </Box>
  );
}

/** Hidden on screen, read by screen readers (MUI's visuallyHidden, as sx). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
