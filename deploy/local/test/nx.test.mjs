import { failedProjects } from '../nx.mjs';

describe('reading the Nx summary', () => {
  it('when Nx lists failed tasks, then their project names are returned', () => {
    const output = `\n \x1b[1mNX\x1b[0m   Running target test for 3 projects failed\n\nFailed tasks:\n\n- @turnbook/identity:test\n- @turnbook/mfe-store:test\n\n  Run duration: 3s\n`;
    expect(failedProjects(output)).toEqual(['@turnbook/identity', '@turnbook/mfe-store']);
  });

  it('when Nx was stopped, then the stopped task and those not run count as well, and other lists do not', () => {
    const output = [
      ' NX   Running target test for 4 projects failed',
      '',
      'Tasks not run because their dependencies failed, --nx-bail=true, or their batch ended before reaching them:',
      '',
      '- @turnbook/messaging:test',
      '- @turnbook/local:test',
      '',
      'Tasks stopped before they finished:',
      '',
      '- @turnbook/identity:test',
      '',
      'Failed tasks:',
      '',
      '- @turnbook/billing:test',
      '',
      '  Run duration:      14m 56s',
      '  Recommendations:',
      '    - Speed up or split the longest tasks on the critical path:',
      '        @turnbook/identity:test    14m 41s',
    ].join('\n');
    expect(failedProjects(output).sort()).toEqual(['@turnbook/billing', '@turnbook/identity', '@turnbook/local', '@turnbook/messaging']);
    expect(failedProjects('Projects:\n- @turnbook/a:test\n')).toEqual([]);
  });

  it('when every task succeeded, then no project is returned', () => {
    expect(failedProjects(' NX   Successfully ran target test for 3 projects\n')).toEqual([]);
  });
});
