/**
 * Who may do what with a question (DESIGN section 3): authors draft and submit, moderators and
 * admins approve or reject (with a reason), admins publish. Plain USER accounts keep their own
 * questions ('My Question'). Shared by the server's checks and the browser's buttons.
 */
import type { QuestionStatus } from './content';
import { can, type Principal } from './permissions';

export type Actor = Principal & { id: string };
export interface QuestionRef {
  authorId: string | null;
  status: QuestionStatus;
}

export const WORKFLOW_ACTIONS = ['submit', 'approve', 'reject', 'publish'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

export const TRANSITIONS: Record<WorkflowAction, { from: readonly QuestionStatus[]; to: QuestionStatus }> = {
  submit: { from: ['DRAFTED', 'REJECTED'], to: 'CREATED' },
  approve: { from: ['CREATED'], to: 'APPROVED' },
  reject: { from: ['CREATED', 'APPROVED'], to: 'REJECTED' },
  publish: { from: ['APPROVED'], to: 'PUBLISHED' },
};

/** Statuses in which the author (or a Questions editor) may still change a question. */
export const EDITABLE_STATUSES: readonly QuestionStatus[] = ['DRAFTED', 'CREATED', 'REJECTED'];

/** 'My Question': a USER account sees and keeps only its own questions. */
export const ownQuestionsOnly = (user: Principal) => user.role === 'USER';

export function mayViewQuestions(user: Principal): boolean {
  return ownQuestionsOnly(user) || can(user, 'QUESTIONS', 'view');
}

/** Clients write custom questions for their own assessments (never the bank): whoever may build assessments. */
export function mayWriteCustomQuestions(user: Principal): boolean {
  return can(user, 'ASSESSMENT', 'create') || can(user, 'ASSESSMENT', 'edit');
}

/** The question form's option lists (languages, skills, answer titles, types) and its Try-it runner: bank and custom authors alike. */
export function mayUseQuestionForm(user: Principal): boolean {
  return mayViewQuestions(user) || mayWriteCustomQuestions(user);
}

export function mayCreateQuestions(user: Principal): boolean {
  return ownQuestionsOnly(user) || can(user, 'QUESTIONS', 'create');
}

const isAuthor = (user: Actor, q: QuestionRef) => q.authorId === user.id;

export function mayEditQuestion(user: Actor, q: QuestionRef): boolean {
  if (user.role === 'ADMIN') return true;
  if (!EDITABLE_STATUSES.includes(q.status)) return false;
  return isAuthor(user, q) ? mayCreateQuestions(user) : can(user, 'QUESTIONS', 'edit') && !ownQuestionsOnly(user);
}

/**
 * Whether some question could be this user's to edit (mayEditQuestion for some question): an
 * admin, an author of their own, a Questions editor. Decided before a question is read, so a
 * link to one they may not edit is refused without asking the server (which would answer 403).
 */
export function mayEditSomeQuestion(user: Principal): boolean {
  return user.role === 'ADMIN' || mayCreateQuestions(user) || (can(user, 'QUESTIONS', 'edit') && !ownQuestionsOnly(user));
}

export function mayDeleteQuestion(user: Actor, q: QuestionRef): boolean {
  if (user.role === 'ADMIN') return true;
  if (q.status === 'PUBLISHED' || q.status === 'APPROVED') return false;
  return isAuthor(user, q) ? mayCreateQuestions(user) : can(user, 'QUESTIONS', 'delete') && !ownQuestionsOnly(user);
}

export function mayMoveQuestion(user: Actor, q: QuestionRef, action: WorkflowAction): boolean {
  if (!TRANSITIONS[action].from.includes(q.status)) return false;
  switch (action) {
    case 'submit':
      return mayEditQuestion(user, q);
    case 'approve':
    case 'reject':
      return (user.role === 'MODERATOR' && can(user, 'QUESTIONS', 'view')) || user.role === 'ADMIN';
    case 'publish':
      return user.role === 'ADMIN';
  }
}
