/** What the shell says when a federated module's files did not load, even after the runtime's retries. */
export const MODULE_LOAD_MESSAGES = {
  moduleLoadFailed: 'Check the connection, then try again.',
} as const;
