import { describe, expect, it } from 'vitest';
import { vorschau } from './vorschau';

describe('the preview of an announcement in the manage dialog', () => {
  it('shows a text of up to 50 characters whole, without an ellipsis', () => {
    expect(vorschau('Laternenfest am Freitag')).toBe('Laternenfest am Freitag');
    expect(vorschau('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('cuts a longer text after 50 characters and adds an ellipsis', () => {
    const text = 'Liebe Eltern, am Freitag feiern wir das Laternenfest im Wald, bitte Laternen mitbringen.';
    expect(vorschau(text)).toBe('Liebe Eltern, am Freitag feiern wir das Laternenfe…');
    expect([...vorschau('x'.repeat(51))]).toHaveLength(51);
  });

  it('never splits an emoji in half', () => {
    expect(vorschau(`${'a'.repeat(49)}🦊🦊`)).toBe(`${'a'.repeat(49)}🦊…`);
  });
});
