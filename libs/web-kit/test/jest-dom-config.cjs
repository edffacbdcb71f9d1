// jest config for a browser package (web-kit, shell, MFEs): the repo preset + DOM setup + TZ=UTC.
const path = require('node:path');
process.env.TZ = 'UTC';

/** @param {string} dir */
module.exports = function domConfig(dir) {
  const base = require('../../../jest.preset.cjs')({ dir, env: 'jsdom' });
  const src = path.join(__dirname, '../src');
  return {
    ...base,
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.ts')],
    moduleNameMapper: {
      '^@turnbook/web-kit/(ui|forms)$': path.join(src, '$1/index.ts'),
      '^@turnbook/web-kit/router$': 'react-router-dom',
      ...base.moduleNameMapper,
    },
  };
};
