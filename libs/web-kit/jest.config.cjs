module.exports = require('./test/jest-dom-config.cjs')(__dirname);
