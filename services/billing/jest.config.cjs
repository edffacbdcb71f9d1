// Real MongoDB-wire database and NATS for every test file (see jest.preset.cjs).
module.exports = require('../../jest.preset.cjs')({ dir: __dirname, infra: true });
