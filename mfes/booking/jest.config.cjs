module.exports = require('./../../libs/web-kit/test/jest-dom-config.cjs')(__dirname);
