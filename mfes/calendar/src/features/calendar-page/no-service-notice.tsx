import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Where services are made: the owner's /services/create (the only one allowed to); anyone else asks the owner. */
export function CreateServicesLink({ owner }: { owner: boolean }) {
  if (!owner) return <Text span size="sm">Ask the store's owner to add services.</Text>;
  return (
    <Anchor component={Link} to="/services/create">
      Create services
    </Anchor>
  );
}

/** A store without services: nothing can be booked until the owner adds one. */
export function NoServiceNotice({ owner }: { owner: boolean }) {
  return (
    <Alert color="yellow" title="Your store doesn't have a service">
      <CreateServicesLink owner={owner} />
    </Alert>
  );
}
