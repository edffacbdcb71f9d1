import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** An unknown or closed store's booking link. */
export function StoreNotFound() {
  return (
    <Stack maw={560} mx="auto" p="md" align="flex-start">
      <Title order={1}>Store not found</Title>
      <Text>This booking link does not lead to a store. Please check the link the store gave you, or call the store.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
