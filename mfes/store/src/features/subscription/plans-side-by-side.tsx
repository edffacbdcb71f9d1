import { Badge, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { EVERY_PLAN_INCLUDES, FREE_PLAN, PAID_PLANS, planPrice } from '@turnbook/domain';

const PLANS = [{ name: FREE_PLAN.name, price: FREE_PLAN.price, includes: FREE_PLAN.includes }, ...PAID_PLANS];

/** The plans side by side with their prices and what each includes (@turnbook/domain, the one source). */
export function PlansSideBySide({ current }: { current?: string }) {
  return (
    <section aria-label="Plans">
      <Text size="sm" c="dimmed" mb="xs">
        Every plan has: {EVERY_PLAN_INCLUDES.join(', ')}.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {PLANS.map((p) => (
          <Card key={p.name} withBorder padding="sm" component="article" aria-label={`${p.name} plan`}>
            <Title order={3} size="h5">
              {p.name} {current === p.name ? <Badge size="xs" variant="light">Your plan</Badge> : null}
            </Title>
            <Text fw={700}>{p.price ? `${planPrice(p.price)} per month` : 'Free'}</Text>
            <List size="sm" mt={4}>
              {p.includes.map((i) => (
                <List.Item key={i}>{i}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
