import os from 'node:os';
import { runCommand, sessionNice } from '../run-command.mjs';

describe('run-command.mjs', () => {
  it('when a command is run at a lower priority, then its process and, where sessions share CPU by group, its session run at that nice', async () => {
    // the session's nice is set just after the start: the command reads it a moment later
    const { code, output } = await runCommand('sh', ['-c', 'sleep 0.3; cat /proc/$$/stat; cat /proc/$$/autogroup 2>/dev/null || true'], { capture: true, echo: false, nice: 7 });
    expect(code).toBe(0);
    // field 19 of /proc/<pid>/stat is the nice value (after the command name in parentheses)
    const stat = output.split('\n')[0];
    // relative to ours, as `nice -n` is (npm test runs this suite itself at a lower priority)
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])).toBe(Math.min(19, os.getPriority() + 7));
    // sched_autogroup: without the session's own nice, `nice -n` counts only against the session's own processes
    const session = sessionNice();
    if (session !== undefined) expect(output).toContain(`nice ${Math.min(19, session + 7)}`);
  });

  it('when a command is run without a priority, then its session runs at the normal one', async () => {
    const { output } = await runCommand('sh', ['-c', 'cat /proc/$$/autogroup 2>/dev/null || echo none'], { capture: true, echo: false });
    expect(output).toContain(sessionNice() === undefined ? 'none' : 'nice 0');
  });
});
