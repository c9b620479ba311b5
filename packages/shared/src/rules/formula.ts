import jsonLogic from 'json-logic-js';

/**
 * Formulas of computed fields (spec 02 §3 formula-result: params.contentsFormula), evaluated
 * without `eval`: either JSON logic (an object), or arithmetic text over field values —
 * numbers, {property} references, + - * / %, parentheses and unary minus. Anything else,
 * a missing value or a division by zero gives null (the field is left empty; spec 02 §4: a
 * formula error is only a warning).
 */
export function evaluateFormula(formula: unknown, data: Record<string, unknown>): number | string | boolean | null {
  if (formula === null || formula === undefined || formula === '') return null;
  if (typeof formula === 'object') {
    try {
      const value = jsonLogic.apply(formula as never, data) as unknown;
      return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? normalise(value) : null;
    } catch {
      return null;
    }
  }
  if (typeof formula !== 'string') return null;
  try {
    return normalise(new Parser(formula, data).parse());
  } catch {
    return null;
  }
}

function normalise(value: number | string | boolean): number | string | boolean | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
  return value;
}

/** A number from a stored value: numbers, numeric text, booleans, and { value } objects. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (value && typeof value === 'object' && 'value' in value) return numericValue((value as { value: unknown }).value);
  return null;
}

class Parser {
  private index = 0;
  constructor(
    private readonly text: string,
    private readonly data: Record<string, unknown>,
  ) {}

  parse(): number {
    const value = this.expression();
    this.space();
    if (this.index < this.text.length) throw new Error(`Unexpected '${this.text[this.index]}'`);
    return value;
  }

  private space(): void {
    while (this.index < this.text.length && /\s/.test(this.text[this.index]!)) this.index++;
  }

  private peek(): string | undefined {
    this.space();
    return this.text[this.index];
  }

  private expression(): number {
    let value = this.term();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.index++;
      const right = this.term();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  }

  private term(): number {
    let value = this.factor();
    for (let op = this.peek(); op === '*' || op === '/' || op === '%'; op = this.peek()) {
      this.index++;
      const right = this.factor();
      if ((op === '/' || op === '%') && right === 0) throw new Error('Division by zero');
      value = op === '*' ? value * right : op === '/' ? value / right : value % right;
    }
    return value;
  }

  private factor(): number {
    const c = this.peek();
    if (c === '-') {
      this.index++;
      return -this.factor();
    }
    if (c === '(') {
      this.index++;
      const value = this.expression();
      if (this.peek() !== ')') throw new Error("Missing ')'");
      this.index++;
      return value;
    }
    if (c === '{') {
      const end = this.text.indexOf('}', this.index);
      if (end < 0) throw new Error("Missing '}'");
      const property = this.text.slice(this.index + 1, end).trim();
      this.index = end + 1;
      const value = numericValue(this.data[property]);
      if (value === null) throw new Error(`No number in ${property}`);
      return value;
    }
    const match = /^\d+(\.\d+)?/.exec(this.text.slice(this.index));
    if (!match) throw new Error(`Unexpected '${c ?? 'end'}'`);
    this.index += match[0].length;
    return Number(match[0]);
  }
}

export type RollupType = 'sum' | 'count' | 'average' | 'comma_delimited' | 'any' | 'all';

/** Aggregates of related records' values (formula-result-rollup), rounded to 2 decimals. */
export function rollup(type: RollupType | string, values: unknown[]): number | string | boolean | null {
  const numbers = values.map(numericValue).filter((n): n is number => n !== null);
  switch (type) {
    case 'count':
      return values.filter((v) => v !== null && v !== undefined && v !== '').length;
    case 'sum':
      return normalise(numbers.reduce((a, b) => a + b, 0));
    case 'average':
      return numbers.length ? normalise(numbers.reduce((a, b) => a + b, 0) / numbers.length) : null;
    case 'comma_delimited':
      return values
        .filter((v) => v !== null && v !== undefined && v !== '')
        .map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
        .join(', ');
    case 'any':
      return values.some((v) => v === true || v === 'yes' || v === 1);
    case 'all':
      return values.length > 0 && values.every((v) => v === true || v === 'yes' || v === 1);
    default:
      return null;
  }
}
