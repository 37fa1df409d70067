import type { ToolDefinition } from '../../../core/llm/types.js';
import type { SitemapNode } from '../../../core/sitemap/sitemap.types.js';

export const orchardSitemap: SitemapNode = {
  title: 'Home',
  description: 'Fresh fruit boxes',
  children: {
    pricing: { title: 'Pricing', description: 'Plans and prices', actions: ['compare'], keywords: ['cost', '價格'] },
    orders: {
      title: 'Orders',
      requiresAuth: true,
      actions: ['view', 'export'],
      children: {
        ':id': { title: 'Order detail', actions: ['refund', 'cancel'] },
        new: { title: 'New order', description: 'Start a box' },
      },
    },
    admin: { title: 'Admin', requiresAdmin: true, children: { users: { title: 'Users' } } },
    internal: { title: 'Internal tools', hidden: true, requiresAuth: true, children: { debug: { title: 'Debug' } } },
    help: { title: 'Help', description: 'Questions and answers', notes: 'Use the search box;\nthe list is paged.', keywords: ['faq', '常見問題'] },
  },
};

export const tools: ToolDefinition[] = [
  {
    name: 'navigate',
    description: 'Go to a page of this site.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: 'A path from the site map.' }, replace: { type: 'boolean' } },
      required: ['path'],
    },
  },
  {
    name: 'click',
    description: 'Click an element.',
    parameters: { type: 'object', properties: { id: { type: 'string', description: 'The element id, without brackets.' } }, required: ['id'] },
  },
  {
    name: 'select_option',
    description: 'Pick an option of a select.',
    parameters: { type: 'object', properties: { id: { type: 'string' }, value: { type: 'string' } }, required: ['id', 'value'] },
  },
];
