import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { statisticsSchema } from '@balie/shared';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';
import de from '../../../../public/locales/de/statistics.json';
import en from '../../../../public/locales/en/statistics.json';
import nl from '../../../../public/locales/nl/statistics.json';

vi.setConfig({ testTimeout: 60_000 });

const admin = aUser({ roles: ['ROLE_ADMIN'] });

const none = { median: null, p90: null, count: 0 };

/** GET /statistics for a municipality that started yesterday: one day with figures. */
const ONE_DAY = statisticsSchema.parse({
  from: '2031-03-03',
  until: '2031-03-03',
  locationId: null,
  deskId: null,
  desks: [],
  days: [
    {
      date: '2031-03-03',
      booked: 4,
      checkedIn: 3,
      noShow: 1,
      cancelled: 0,
      walkIns: 2,
      wait: { median: 6, p90: 11, count: 3 },
      service: none,
      openMinutes: 480,
      bookedMinutes: 60,
      parts: [],
    },
  ],
  products: [],
  occupancy: [],
  leadTime: [],
  suggestions: [],
  channels: [],
  attendance: {
    confirmed: { checkedIn: 9, noShow: 1, noShowRate: 0.1 },
    unconfirmed: { checkedIn: 3, noShow: 1, noShowRate: 0.25 },
  },
});

function serveStatistics(statistics = ONE_DAY) {
  fakeApi(({ path }) => {
    if (path.startsWith('/api/statistics')) return { status: 200, body: statistics };
    if (path.startsWith('/api/locations') || path.startsWith('/api/desks')) return { status: 200, body: [] };
    return apiError(404, 'not_found');
  });
}

/**
 * jsdom does no layout: a chart's container measures 100 px (its "100%"), too narrow for the waiting chart's
 * axis label to leave room to draw in. Charts measure their container with getComputedStyle; give it a
 * laptop screen's width.
 */
function giveChartsAScreenWidth() {
  const measure = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = measure(element, pseudo);
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'width' && target.width === '100%') return '800px';
        const value: unknown = target[key as keyof CSSStyleDeclaration];
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  });
}

// Issue 34 item 10: with one day of data the charts showed axes and a legend but no line (a line needs two
// points) and the page said "1 days".
describe('statistics with a single day of data', () => {
  it('draws that day as a point in each day chart and says "1 day"', async () => {
    giveChartsAScreenWidth();
    serveStatistics();
    await renderRoute('/statistics', { user: admin });
    expect(await screen.findByText(/with opening hours or visitors/)).toHaveTextContent(
      'From 03/03/2031 until 03/03/2031: 1 day with opening hours or visitors.',
    );
    for (const id of ['per-day', 'waiting']) {
      const chart = await screen.findByTestId(`${id}-chart`);
      // A line through one point is invisible (its path is "M x,y Z"); x-charts draws a mark per series
      // with a value that day: five counts per day, the wait's median and p90 (no one was served yet).
      await waitFor(() =>
        expect(chart.querySelectorAll('svg .MuiLineChart-mark'), `marks in ${id}`).toHaveLength(
          id === 'per-day' ? 5 : 2,
        ),
      );
    }
    // The numbers are there for screen readers too, beside the drawing.
    const table = screen.getByRole('table', { name: 'Per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('sets the no-show rate of visitors who said "I will come" beside that of the others', async () => {
    serveStatistics();
    await renderRoute('/statistics', { user: admin });
    const card = await screen.findByRole('region', { name: 'Reminders: confirmed against unconfirmed' });
    expect(card).toHaveTextContent('Confirmed ("I will come")No-shows: 10%9 came, 1 did not come');
    expect(card).toHaveTextContent('Not confirmedNo-shows: 25%3 came, 1 did not come');
  });

  it.each([
    ['nl', nl, '1 dag', '2 dagen'],
    ['en', en, '1 day', '2 days'],
    ['de', de, '1 Tag', '2 Tage'],
  ])('counts days in %s as one and more', async (language, texts, one, two) => {
    const t = i18next.createInstance();
    await t.init({
      lng: language,
      resources: { [language]: { statistics: texts } },
      defaultNS: 'statistics',
    });
    const covers = (count: number) => t.t('covers', { from: 'a', until: 'b', count });
    expect(covers(1)).toContain(` ${one} `);
    expect(covers(2)).toContain(` ${two} `);
    const reason = (count: number) =>
      t.t('suggestion.reason', {
        walkIns: 1,
        walkInMinutes: 10,
        noShow: 5,
        noShowMinutes: 5,
        part: '',
        open: 100,
        count,
      });
    expect(reason(1)).toContain(` ${one}.`);
    expect(reason(2)).toContain(` ${two}.`);
  });
});
