import type { Locator } from 'playwright-core';

/**
 * Counts what a new owner goes through (docs/product/owner-first-hour.md): each screen (a page or a dialog the
 * owner reads and acts on) and each field they fill or choose (a text box, a select, a checkbox, a radio; not a
 * button). `onScreen` sees each screen as it is counted (the "before" measurement saves a screenshot of it).
 * Plain TypeScript (no parameter properties or enums), so Node runs it as it is from a measurement script too.
 */
export class Tally {
  screens: string[] = [];
  fields: string[] = [];
  private readonly onScreen?: (name: string, index: number) => Promise<void>;

  constructor(onScreen?: (name: string, index: number) => Promise<void>) {
    this.onScreen = onScreen;
  }

  async screen(name: string): Promise<void> {
    this.screens.push(name);
    await this.onScreen?.(name, this.screens.length);
  }

  async fill(target: Locator, value: string, name: string): Promise<void> {
    await target.fill(value);
    this.fields.push(name);
  }

  async select(target: Locator, value: string, name: string): Promise<void> {
    await target.selectOption(value);
    this.fields.push(name);
  }

  async check(target: Locator, name: string): Promise<void> {
    await target.check();
    this.fields.push(name);
  }

  print(): void {
    console.log(
      [
        `owner's first hour: ${this.screens.length} screens, ${this.fields.length} fields`,
        ...this.screens.map((s, i) => `  screen ${i + 1}: ${s}`),
        `  fields: ${this.fields.join(', ')}`,
      ].join('\n'),
    );
  }
}
