import { describe, expect, it } from 'vitest';
import { compareCells, compareNames, nameSortKey, sortValue } from '../../templates/ui/stat-sort.ts';

const sorted = (cells: (number | string | undefined)[], dir: 1 | -1) =>
  [...cells].sort((a, b) => compareCells(a, b, dir));

describe('stat columns sort by what a value means', () => {
  it('made-attempted by made, then attempts (not as text)', () => {
    expect(sorted(['92-222', '9-24', '150-405', '9-21', '58-144'], -1)).toEqual([
      '150-405',
      '92-222',
      '58-144',
      '9-24',
      '9-21',
    ]);
    expect(sorted(['9-24', '9-21', '10-30'], 1)).toEqual(['9-21', '9-24', '10-30']);
  });

  it('numbers, with thousands separators and decimals; percentages both ways stat services print them', () => {
    expect(sorted([12, '1,234', '9', 27.5, '100'], -1)).toEqual(['1,234', '100', 27.5, 12, '9']);
    expect(sorted(['.370', '1.000', '.045', '.5'], -1)).toEqual(['1.000', '.5', '.370', '.045']);
    expect(sorted(['37.0%', '100%', '4.5%'], 1)).toEqual(['4.5%', '37.0%', '100%']);
    expect(sortValue('37.0%')).toEqual({ numbers: [0.37] });
  });

  it('times on a clock: minutes and seconds, hours', () => {
    expect(sorted(['9:59', '12:34', '1:02:03', '0:45', '59:00'], -1)).toEqual([
      '1:02:03',
      '59:00',
      '12:34',
      '9:59',
      '0:45',
    ]);
    expect(sortValue('12:34.56')).toEqual({ numbers: [754.56] });
  });

  it('blanks last whichever the direction; numbers before text in a mixed column', () => {
    for (const dir of [1, -1] as const)
      expect(
        sorted(['–', 3, undefined, '', 5, '—'], dir)
          .slice(2)
          .every((v) => sortValue(v) === null),
      ).toBe(true);
    expect(sorted(['DNP', 'Bench', 4, 'Starter'], 1)).toEqual([4, 'Bench', 'Starter', 'DNP']);
  });
});

describe('names sort by family name', () => {
  it('reads the family name whatever the form', () => {
    expect(nameSortKey('Maya Okafor')).toBe('Okafor Maya');
    expect(nameSortKey('12 Maya Okafor')).toBe('Okafor Maya');
    expect(nameSortKey('Okafor, Maya')).toBe('Okafor Maya');
    expect(nameSortKey("D'Asia Smith-Jones")).toBe("Smith-Jones D'Asia");
    expect(nameSortKey('John Smith Jr.')).toBe('Smith John');
    expect(nameSortKey('Smith Jr., John')).toBe('Smith John');
    expect(nameSortKey('Opponents')).toBe('Opponents');
  });

  it('orders a roster by family name, then given name', () => {
    const names = ['Zoe Adams', 'Aaron Young', '3 Ines Dixon', 'Ben Adams', 'Carla de Souza'];
    expect([...names].sort((a, b) => compareNames(a, b, 1))).toEqual([
      'Ben Adams',
      'Zoe Adams',
      '3 Ines Dixon',
      'Carla de Souza',
      'Aaron Young',
    ]);
    expect([...names].sort((a, b) => compareNames(a, b, -1))[0]).toBe('Aaron Young');
  });
});
