/** Categories, industries, verticals and locations: named lists that other records refer to. */
import type { FastifyInstance } from 'fastify';
import { can, canLocations } from '../../../src/domain/permissions';
import { locationSchema, namedRecordSchema } from '../../../src/domain/schemas';
import { locationAnswerSchema, namedRecordAnswerSchema, verticalAnswerSchema } from '../../../src/domain/masterDataAnswers';
import { registerCrud } from '../../lib/crud';
import type { ListSpec } from '../../lib/rest';
import type { Services } from '../../services';

const namedSpec = (resource: string, tenant: boolean): ListSpec => ({
  resource,
  fields: {
    name: `${resource}.name`,
    description: `${resource}.description`,
    createdAt: `${resource}.createdAt`,
    updatedAt: `${resource}.updatedAt`,
    ...(tenant ? { clientId: `${resource}.clientId` } : {}),
  },
  sortable: ['name', 'createdAt', 'updatedAt'],
  filterable: ['name', 'createdAt', 'updatedAt', ...(tenant ? ['clientId'] : [])],
  searchable: [`${resource}.name`, `${resource}.description`],
  types: { createdAt: 'date', updatedAt: 'date' },
  defaultSort: ['name', 'ASC'],
  ...(tenant ? { tenantColumn: `${resource}.clientId`, tenantMode: 'ownOrGlobal' as const } : {}),
});

export default async function masterDataRoutes(app: FastifyInstance, services: Services) {
  registerCrud(app, services, {
    table: 'categories',
    spec: namedSpec('categories', false),
    body: namedRecordSchema,
    answer: namedRecordAnswerSchema,
    allowed: (user, action) => can(user, 'CATEGORIES', action),
  });
  registerCrud(app, services, {
    table: 'industries',
    spec: namedSpec('industries', false),
    body: namedRecordSchema,
    answer: namedRecordAnswerSchema,
    allowed: (user, action) => can(user, 'INDUSTRIES', action),
  });
  registerCrud(app, services, {
    table: 'verticals',
    spec: namedSpec('verticals', true),
    body: namedRecordSchema,
    answer: verticalAnswerSchema,
    allowed: (user, action) => can(user, 'VERTICAL', action),
  });
  registerCrud(app, services, {
    table: 'locations',
    spec: {
      resource: 'locations',
      fields: {
        name: 'locations.name',
        city: 'locations.city',
        state: 'locations.state',
        country: 'locations.country',
        clientId: 'locations.clientId',
        createdAt: 'locations.createdAt',
      },
      sortable: ['name', 'city', 'state', 'country', 'createdAt'],
      filterable: ['name', 'city', 'state', 'country', 'clientId', 'createdAt'],
      searchable: ['locations.name', 'locations.city', 'locations.state', 'locations.country'],
      types: { createdAt: 'date' },
      defaultSort: ['name', 'ASC'],
      tenantColumn: 'locations.clientId',
      tenantMode: 'ownOrGlobal',
    },
    body: locationSchema,
    answer: locationAnswerSchema,
    allowed: canLocations,
  });
}
