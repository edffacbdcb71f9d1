import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCircles } from '../import-circles.mjs';

describe('import circles', () => {
  it('when our services, libs, modules and shell are read, then no files import each other in a loop', () => {
    const { circles, files } = importCircles(['services', 'libs', 'mfes', 'shells']);
    expect(files).toBeGreaterThan(500);
    expect(circles).toEqual([]);
  });

  it('when a feature file imports its own index back (a type is enough), then the circle is named', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'circles-'));
    mkdirSync(path.join(dir, 'feature'));
    writeFileSync(path.join(dir, 'feature/index.ts'), "export { Page } from './page';\nexport type Props = { a: number };\n");
    writeFileSync(path.join(dir, 'feature/page.tsx'), "import type { Props } from './index';\nexport const Page = (p: Props) => p.a;\n");
    const { circles } = importCircles([dir]);
    expect(circles).toHaveLength(1);
    expect(circles[0].map((f) => path.basename(f))).toEqual(['index.ts', 'page.tsx']);
  });
});
