// Mantine's Tooltip alone, so ./hint can load it (and floating-ui) in a chunk of its own.
export { Tooltip as default } from '@mantine/core';
