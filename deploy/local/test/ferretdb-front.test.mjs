import { findBinary } from '../find-binary.mjs';
import { FERRETDB_SRC, FERRETDB_TAGS } from '../go-binaries.mjs';
import { runCommand } from '../run-command.mjs';

// The write front's own tests are Go (ferretdb/writes_test.go); Go is there wherever FerretDB was built.
const go = findBinary('go');
const withGo = go ? describe : describe.skip;

withGo("FerretDB's write front", () => {
  it('when its Go tests run, then they pass (a slot per update in flight, reads and index builds never held, a slot freed when its client leaves)', async () => {
    // -trimpath and the tags of the build (go-binaries.mjs), so the test reuses the build's compiled packages.
    const { code, output } = await runCommand(go, ['test', '-trimpath', '-tags', FERRETDB_TAGS, '-count=1', '.'], { cwd: FERRETDB_SRC, capture: true, echo: false });
    expect({ code, output }).toEqual({ code: 0, output: expect.stringMatching(/^ok\s/m) });
  }, 300_000);
});
