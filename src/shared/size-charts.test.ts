import { describe, expect, it } from 'vitest';
import { SIZE_CHART_MSG, sizeChartBody } from './schemas/size-chart.ts';
import {
  displayMeasurement,
  normalizeMeasurement,
  otherUnit,
  parseMeasurement,
  rowIndexOf,
  sizeCoverage,
} from './size-charts.ts';

describe('measurements', () => {
  it.each([
    ['38', { low: 3800, high: 3800 }],
    ['38.5', { low: 3850, high: 3850 }],
    ['0.25', { low: 25, high: 25 }],
    ['38-40', { low: 3800, high: 4000 }],
    [' 38 – 40 ', { low: 3800, high: 4000 }],
    ['38.5—40.25', { low: 3850, high: 4025 }],
    ['007', { low: 700, high: 700 }],
  ])('reads %j', (text, expected) => {
    expect(parseMeasurement(text)).toEqual(expected);
  });

  it.each(['', ' ', 'M', '38cm', '38,5', '1000', '38.125', '40-38', '38-38', '-38', '38-', '38-40-42', '.5'])(
    'refuses %j',
    (text) => {
      expect(parseMeasurement(text)).toBeNull();
    },
  );

  it('stores the tidy spelling', () => {
    expect(normalizeMeasurement(' 38 – 40 ')).toBe('38-40');
    expect(normalizeMeasurement('038.5')).toBe('38.5');
    expect(normalizeMeasurement('0.5')).toBe('0.5');
    expect(normalizeMeasurement('')).toBe('');
  });
});

describe('cm ↔ in for display', () => {
  it('keeps the stored unit as it is, ranges with an en dash', () => {
    expect(displayMeasurement('38-40', 'cm', 'cm')).toBe('38–40');
    expect(displayMeasurement('38.50', 'in', 'in')).toBe('38.5');
  });

  it('converts cm to inches to a tenth', () => {
    expect(displayMeasurement('2.54', 'cm', 'in')).toBe('1');
    expect(displayMeasurement('100', 'cm', 'in')).toBe('39.4');
    expect(displayMeasurement('96-101', 'cm', 'in')).toBe('37.8–39.8');
  });

  it('converts inches to cm to a tenth', () => {
    expect(displayMeasurement('1', 'in', 'cm')).toBe('2.5');
    expect(displayMeasurement('40', 'in', 'cm')).toBe('101.6');
    expect(displayMeasurement('38-40', 'in', 'cm')).toBe('96.5–101.6');
  });

  it('round trips within a tenth', () => {
    for (const cm of ['76', '81.5', '99', '104', '111.5']) {
      const back = Number(displayMeasurement(displayMeasurement(cm, 'cm', 'in'), 'in', 'cm'));
      expect(Math.abs(back - Number(cm))).toBeLessThanOrEqual(0.2);
    }
  });

  it('shows text that is not a measurement unchanged', () => {
    expect(displayMeasurement('free', 'cm', 'in')).toBe('free');
  });

  it('toggles', () => {
    expect(otherUnit('cm')).toBe('in');
    expect(otherUnit('in')).toBe('cm');
  });
});

describe("a chart against a product's sizes", () => {
  it('names the product sizes without a row and the rows the product does not offer, any case', () => {
    expect(sizeCoverage(['s', 'M', 'L', 'XXL'], ['S', 'M', 'XL', 'XXL'])).toEqual({
      missing: ['XL'],
      unused: ['L'],
    });
  });

  it('needs no row for one-size (N/A) products', () => {
    expect(sizeCoverage(['M'], ['N/A'])).toEqual({ missing: [], unused: ['M'] });
    expect(sizeCoverage([], [])).toEqual({ missing: [], unused: [] });
  });

  it('counts a size once even when several colours repeat it', () => {
    expect(sizeCoverage(['M'], ['L', 'L', 'M'])).toEqual({ missing: ['L'], unused: [] });
  });

  it('finds the row of the size a buyer picked', () => {
    const rows = [{ size: 'M' }, { size: 'l' }];
    expect(rowIndexOf(rows, 'L')).toBe(1);
    expect(rowIndexOf(rows, ' m ')).toBe(0);
    expect(rowIndexOf(rows, 'XL')).toBe(-1);
    expect(rowIndexOf(rows, '')).toBe(-1);
    expect(rowIndexOf(rows, null)).toBe(-1);
  });
});

describe('sizeChartBody', () => {
  const chart = {
    name: ' Kurtas ',
    unit: 'cm',
    columns: [' Chest ', 'Length'],
    rows: [
      { size: ' M ', values: ['100', ' 104 - 106 '] },
      { size: 'L', values: ['104', '108'] },
    ],
  };

  it('accepts a chart and tidies it', () => {
    expect(sizeChartBody.parse(chart)).toEqual({
      name: 'Kurtas',
      unit: 'cm',
      columns: ['Chest', 'Length'],
      rows: [
        { size: 'M', values: ['100', '104-106'] },
        { size: 'L', values: ['104', '108'] },
      ],
    });
  });

  it('gives every problem its field', () => {
    const result = sizeChartBody.safeParse({
      ...chart,
      columns: ['Chest', 'CHEST'],
      rows: [
        { size: 'M', values: ['x', '1'] },
        { size: 'm', values: ['1'] },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['rows.0.values.0', SIZE_CHART_MSG.value],
        ['columns.1', SIZE_CHART_MSG.columnDuplicate],
        ['rows.1.size', SIZE_CHART_MSG.sizeDuplicate],
        ['rows.1.values', SIZE_CHART_MSG.valueCount],
      ]),
    );
  });
});
