import '../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useFormat } from '../app/route-context';
import { placesMovedText, placesUp } from './PlacesMoved';

const format = renderHook(() => useFormat()).result.current;

describe('a change of position or rank, up is better (issue 26)', () => {
  it('shows a fall of the position number as a move up, in teal', () => {
    // Position 28 → 14: the delta (end − start) is −14, the domain moved up 14 places.
    expect(placesMovedText(placesUp({ delta: -14 }), format)).toEqual({ text: '▲ 14', colour: 'teal' });
    expect(placesMovedText(placesUp({ delta: 9 }), format)).toEqual({ text: '▼ 9', colour: 'red' });
  });

  it('reads rank changes (start − end) directly, and says when there is nothing to compare', () => {
    expect(placesMovedText(3, format)).toEqual({ text: '▲ 3', colour: 'teal' });
    expect(placesMovedText(0, format)).toEqual({ text: '=', colour: 'dimmed' });
    expect(placesMovedText(null, format)).toEqual({ text: '–', colour: undefined });
    expect(placesMovedText(placesUp(null), format)).toEqual({ text: '–', colour: undefined });
    expect(placesMovedText('new', format)).toEqual({ text: 'new', colour: 'teal' });
  });

  it('shows the relative change of position with the same arrows', () => {
    expect(placesMovedText(placesUp({ delta: -14 }), format, -50)).toEqual({
      text: '▲ 50.0%',
      colour: 'teal',
    });
    expect(placesMovedText(placesUp({ delta: 7 }), format, null)).toEqual({ text: '▼', colour: 'red' });
  });
});
