/** Answer titles: the line above a question's answers ('Choose the option that relates with you the most'). */
import type { FastifyInstance } from 'fastify';
import { answerTitleSchema } from '../../../src/domain/contentSchemas';
import { can } from '../../../src/domain/permissions';
import { mayUseQuestionForm } from '../../../src/domain/questionWorkflow';
import { answerTitleAnswerSchema } from '../../../src/domain/masterDataAnswers';
import { registerCrud } from '../../lib/crud';
import type { Services } from '../../services';

export default async function answerTitleRoutes(app: FastifyInstance, services: Services) {
  registerCrud(app, services, {
    table: 'answerTitles',
    spec: {
      resource: 'answerTitles',
      fields: { label: 'answerTitles.label', isDefault: 'answerTitles.isDefault', createdAt: 'answerTitles.createdAt' },
      sortable: ['label', 'createdAt'],
      filterable: ['label', 'isDefault'],
      types: { isDefault: 'boolean', createdAt: 'date' },
      searchable: ['answerTitles.label'],
      defaultSort: ['label', 'ASC'],
    },
    path: '/answer-titles',
    body: answerTitleSchema.omit({ isDefault: true }),
    answer: answerTitleAnswerSchema,
    // Everyone who writes questions picks a title (USER accounts too); Questions editors keep the list.
    allowed: (user, action) => (action === 'view' ? mayUseQuestionForm(user) : can(user, 'QUESTIONS', 'edit')),
  });
}
