import { failedProjects } from '../nx.mjs';

describe('reading the Nx summary', () => {
  it('when Nx lists failed tasks, then their project names are returned', () => {
    const output = `\n \x1b[1mNX\x1b[0m   Running target test for 3 projects failed\n\nFailed tasks:\n\n- @turnbook/identity:test\n- @turnbook/mfe-store:test\n\n  Run duration: 3s\n`;
    expect(failedProjects(output)).toEqual(['@turnbook/identity', '@turnbook/mfe-store']);
  });

  it('when every task succeeded, then no project is returned', () => {
    expect(failedProjects(' NX   Successfully ran target test for 3 projects\n')).toEqual([]);
  });
});
