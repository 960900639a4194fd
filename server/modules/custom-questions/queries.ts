/** Custom questions (origin CUSTOM): their selection, and whether an assessment holds or answered them. Writing them is the bank's (questions/queries.ts). */
import type { DB } from '../../db/index';
import { attemptBegun } from '../assessments/queries';
import { selectQuestions } from '../questions/queries';

/** The custom questions with their client's name, in the form's shape. */
export const selectCustom = (db: DB) =>
  selectQuestions(db)
    .leftJoin('clients', 'clients.id', 'questions.clientId')
    .select(['questions.clientId', 'clients.name as clientName'])
    .where('questions.origin', '=', 'CUSTOM');

export const findCustomQuestion = (db: DB, id: string) => selectCustom(db).where('questions.id', '=', id).executeTakeFirst();

/** A custom question that exists (just written). */
export const loadCustomQuestion = (db: DB, id: string) => selectCustom(db).where('questions.id', '=', id).executeTakeFirstOrThrow();


/** Whether an assessment holding the question has attempts: candidates answered it as it is. */
export const answeredInAssessment = async (db: DB, questionId: string) =>
  !!(await db
    .selectFrom('assessmentQuestions')
    .innerJoin('invitations', 'invitations.assessmentId', 'assessmentQuestions.assessmentId')
    .select('invitations.id')
    .where('assessmentQuestions.questionId', '=', questionId)
    .where(attemptBegun)
    .limit(1)
    .executeTakeFirst());

/** Whether any assessment holds the question. */
export const usedInAssessment = async (db: DB, questionId: string) =>
  !!(await db.selectFrom('assessmentQuestions').select('assessmentId').where('questionId', '=', questionId).limit(1).executeTakeFirst());
