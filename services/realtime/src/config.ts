/** realtime's own settings beyond the kit's base config: none yet (deploy/local/test/compose.test.mjs reads this). */
export const realtimeEnv = {};
