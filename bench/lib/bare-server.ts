/**
 * The baseline: a bare Fastify route answering a fixed JSON body of about 2 KB, in a process of its
 * own as the real server is. What the machine and Fastify can do at best; the menu is compared to it.
 * Run by the bench as `node --import tsx lib/bare-server.ts` with PORT set.
 */
import Fastify from 'fastify';

// Sixteen dishes shaped like a menu's: about 2 KB once serialised.
const body = {
  restaurant: { restaurant_id: 1, name: 'Bare Bistro', restaurant_type: 'Italian' },
  menu: Array.from({ length: 16 }, (_, index) => ({
    menu_id: index + 1,
    name: `Dish ${index + 1}`,
    description: 'Seasonal ingredients, cooked to order.',
    price: 12.5 + index,
    category: 'MainCourse',
  })),
};

const app = Fastify();
// Serialised per request, as a route returning an object is: the real server does the same work.
app.get('/bare', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
