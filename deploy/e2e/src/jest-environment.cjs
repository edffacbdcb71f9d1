// Node test environment that remembers which tests failed, so src/failure-artifacts.ts can keep a
// screenshot and a Playwright trace of the pages those tests left open.
const { TestEnvironment } = require('jest-environment-node');

class E2eEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__e2eFailed = new Set();
  }

  async handleTestEvent(event) {
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') {
      const names = [];
      for (let t = event.test ?? event.hook?.parent; t && t.name !== 'ROOT_DESCRIBE_BLOCK'; t = t.parent) names.unshift(t.name);
      this.global.__e2eFailed.add(names.join(' '));
    }
  }
}

module.exports = E2eEnvironment;
