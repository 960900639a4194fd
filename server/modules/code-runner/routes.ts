/**
 * POST /api/question/run-test: runs code against a question's visible test cases, the cases of a
 * question still being written, or a given input. Judge0 with JUDGE0_URL, else the local runner.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayUseQuestionForm } from '../../../src/domain/questionWorkflow';
import { languageAvailabilitySchema, runResultSchema } from '../../../src/domain/serviceAnswers';
import { answers, ok } from '../../lib/answers';
import { currentUser, type AuthUser } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { runRequestSchema } from '../../lib/runner/index';
import { RunShare } from '../../lib/runner/share';
import type { Services } from '../../services';
import { findRunnableQuestion, hiddenFrom } from '../questions/queries';

const runTestBody = z
  .object({
    languageId: z.number({ error: 'Choose a programming language' }),
    source: z.string({ error: 'Source code is required' }),
    /** A saved question: its visible test cases and limits are used. */
    questionId: z.uuid('The question id is not valid.').optional(),
    /** The test cases of a question being written. */
    testCases: runRequestSchema.shape.testCases.optional(),
    /** Or one custom input, whose output is shown. */
    input: z.string().max(65_536, 'The input must be at most 64 KiB').optional(),
    timeLimitMs: z.number().optional(),
    memoryLimitMb: z.number().optional(),
  })
  .refine((b) => [b.questionId, b.testCases, b.input].filter((x) => x !== undefined).length === 1, {
    message: 'Send one of questionId, testCases or input',
  });

const authors = { access: (u: AuthUser) => mayUseQuestionForm(u) };

export default async function codeRunnerRoutes(app: FastifyInstance, { db, runner, throttle }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One run at a time per account, within its rate limit (the runner is shared with candidates).
  const share = new RunShare(throttle);
  const runFor = <T>(user: AuthUser, run: () => Promise<T>) => share.run(user.id, run);
  const tags = ['questions'];

  r.get('/question/run-test/languages', { config: authors, schema: { tags, response: answers(z.array(languageAvailabilitySchema)) } }, async () => ok(await runner.availableLanguages()));

  r.post('/question/run-test', { config: authors, schema: { tags, body: runTestBody, response: answers(runResultSchema) } }, async (request) => {
    const user = currentUser(request);
    const { languageId, source, questionId, testCases, input, timeLimitMs, memoryLimitMb } = request.body;
    if (questionId) {
      const question = await findRunnableQuestion(db, questionId);
      // Another client's question does not exist here, coding or not: no oracle for its cases, no hint it exists.
      if (!question || hiddenFrom(user, question)) throw notFound();
      const coding = question.coding as { languages: number[]; testCases: { input: string; expectedOutput: string; points?: number; hidden?: boolean }[]; timeLimitMs?: number; memoryLimitMb?: number } | null;
      if (question.questionType !== 'CODING' || !coding) throw badRequest('This is not a coding question.');
      if (!coding.languages.includes(languageId)) throw badRequest('This question does not accept that programming language.', { languageId: 'Not accepted by this question' });
      const visible = coding.testCases.filter((t) => !t.hidden);
      if (!visible.length) throw badRequest('This question has no visible test cases to run.');
      return ok(await runFor(user, () => runner.run({ languageId, source, testCases: visible, timeLimitMs: coding.timeLimitMs, memoryLimitMb: coding.memoryLimitMb })));
    }
    const cases = testCases ?? [{ input: input ?? '', expectedOutput: '', points: 0, hidden: false }];
    const result = await runFor(user, () => runner.run({ languageId, source, testCases: cases, timeLimitMs, memoryLimitMb }));
    // A custom input has nothing to compare with: its output is the answer.
    return ok(testCases ? result : { ...result, results: result.results.map((c) => ({ ...c, status: c.status === 'failed' || c.status === 'passed' ? ('ran' as const) : c.status, passed: false })) });
  });
}
