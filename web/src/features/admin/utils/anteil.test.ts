import { describe, expect, it } from 'vitest';
import { anteilText, pruefeAnteil, saldoText } from './anteil';

describe("'Anteil am Wasserdienst' checks, with the server's messages", () => {
  it('accepts whole numbers from 0 to 5 with a reason, trimmed', () => {
    expect(pruefeAnteil({ anteil: '0', grund: ' Vorstand ', bisher: 1 })).toEqual({ anteil: 0, grund: 'Vorstand' });
    expect(pruefeAnteil({ anteil: '5', grund: 'x', bisher: 1 })).toEqual({ anteil: 5, grund: 'x' });
  });

  it('refuses other numbers, an empty field and text', () => {
    for (const anteil of ['', ' ', '6', '-1', '1.5', '1,5', 'zwei', '1e1'])
      expect(pruefeAnteil({ anteil, grund: 'Grund', bisher: 1 }), anteil).toEqual({
        feld: 'anteil',
        text: 'Der Anteil muss eine ganze Zahl von 0 bis 5 sein.',
      });
  });

  it('asks for a reason of at most 300 characters, counted as a user counts them', () => {
    expect(pruefeAnteil({ anteil: '2', grund: '   ', bisher: 1 })).toEqual({
      feld: 'grund',
      text: 'Bitte geben Sie einen Grund für den Anteil an.',
    });
    expect(pruefeAnteil({ anteil: '2', grund: '😀'.repeat(300), bisher: 1 })).toEqual({ anteil: 2, grund: '😀'.repeat(300) });
    expect(pruefeAnteil({ anteil: '2', grund: 'x'.repeat(301), bisher: 1 })).toEqual({
      feld: 'grund',
      text: 'Der Grund darf höchstens 300 Zeichen lang sein.',
    });
  });

  it('says so when the family already has that share', () => {
    expect(pruefeAnteil({ anteil: '2', grund: 'Zwei Kinder', bisher: 2 })).toEqual({
      feld: 'anteil',
      text: 'Die Familie hat bereits den Anteil 2. Bitte wählen Sie einen anderen Anteil.',
    });
  });
});

describe('shares and balances as the Admin Center writes them', () => {
  it('names an exempt family', () => {
    expect(anteilText(0)).toBe('Anteil 0 – befreit');
    expect(anteilText(2)).toBe('Anteil 2');
  });

  it('writes balances with their sign and a German decimal comma', () => {
    expect(saldoText(1)).toBe('+1');
    expect(saldoText(-3)).toBe('−3');
    expect(saldoText(0.67)).toBe('+0,67');
    expect(saldoText(-0.001)).toBe('0');
    expect(saldoText(0)).toBe('0');
  });
});
