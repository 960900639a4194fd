/**
 * Every message by code: MESSAGES (messages.ts) and the areas' messages, whose English is written
 * beside the rules that say them (the orders', licences', clients', jobs', careers', dashboards'
 * and linked sign-ins' sentences in their domain files). Apart from messages.ts because those files
 * reach it (business.ts → assessment.ts → messages.ts): this table imports them, and nothing they
 * import may import it. The server's failures, the OpenAPI document's failure answer and the
 * browser's wording read codes here.
 */
import { z } from 'zod';
import { BUSINESS_MESSAGES, ORDER_SERVER_MESSAGES } from './business';
import { CAREERS_MESSAGES } from './careers';
import { CLIENT_MESSAGES } from './clients';
import { DASHBOARD_MESSAGES } from './dashboards';
import { JOB_MESSAGES } from './jobs';
import { fillPhrase, MESSAGES, type MessageParams } from './messages';
import { LINKED_SIGN_IN_MESSAGES } from './signIns';

/** The areas' messages by code (Hindi: src/i18n/areaMessages.hi.ts). */
export const AREA_MESSAGES = {
  // licences
  licenceNoCredits: BUSINESS_MESSAGES.noCredits,
  licenceCredits: BUSINESS_MESSAGES.licenceCredits,
  licenceAssessment: BUSINESS_MESSAGES.licenceAssessment,
  licenceClient: BUSINESS_MESSAGES.licenceClient,
  licenceBalanceClient: BUSINESS_MESSAGES.balanceClient,
  licenceDates: BUSINESS_MESSAGES.licenceDates,
  // clients
  clientOnePrimary: CLIENT_MESSAGES.onePrimary,
  clientLogoNotImage: CLIENT_MESSAGES.logoNotImage,
  clientNotSalesPerson: CLIENT_MESSAGES.notSalesPerson,
  clientNotRelationshipManager: CLIENT_MESSAGES.notRelationshipManager,
  clientUnknownIndustry: CLIENT_MESSAGES.unknownIndustry,
  clientUnknownVertical: CLIENT_MESSAGES.unknownVertical,
  // jobs
  jobLocation: JOB_MESSAGES.location,
  // clients
  clientNotLibrary: CLIENT_MESSAGES.notLibrary,
  clientAlreadyGranted: CLIENT_MESSAGES.alreadyGranted,
  clientNotGranted: CLIENT_MESSAGES.notGranted,
  clientLanguagesNotOffered: CLIENT_MESSAGES.languagesNotOffered,
  clientInactive: CLIENT_MESSAGES.clientInactive,
  clientInvalidGstin: BUSINESS_MESSAGES.invalidGstin,
  clientInvalidPan: BUSINESS_MESSAGES.invalidPan,
  clientInvalidPostalCode: BUSINESS_MESSAGES.invalidPostalCode,
  clientGstinTaken: BUSINESS_MESSAGES.gstinTaken,
  clientHasOrders: BUSINESS_MESSAGES.clientHasOrders,
  // orders
  orderNoPrice: ORDER_SERVER_MESSAGES.noPrice,
  orderNotYours: ORDER_SERVER_MESSAGES.notYours,
  orderClientsOnly: ORDER_SERVER_MESSAGES.clientsOnly,
  orderNotPaid: ORDER_SERVER_MESSAGES.notPaid,
  orderHasPayments: ORDER_SERVER_MESSAGES.hasPayments,
  orderReferenceDiffers: ORDER_SERVER_MESSAGES.referenceDiffers,
  orderStaffOnly: ORDER_SERVER_MESSAGES.staffOnly,
  orderPriceExists: ORDER_SERVER_MESSAGES.priceExists,
  orderChooseAssessment: ORDER_SERVER_MESSAGES.chooseAssessment,
  orderCreditsNumber: ORDER_SERVER_MESSAGES.creditsNumber,
  orderCreditsWhole: ORDER_SERVER_MESSAGES.creditsWhole,
  orderCreditsMin: ORDER_SERVER_MESSAGES.creditsMin,
  orderCreditsMax: ORDER_SERVER_MESSAGES.creditsMax,
  orderNotesMax: ORDER_SERVER_MESSAGES.notesMax,
  orderAmountNumber: ORDER_SERVER_MESSAGES.amountNumber,
  orderAmountWhole: ORDER_SERVER_MESSAGES.amountWhole,
  orderAmountPositive: ORDER_SERVER_MESSAGES.amountPositive,
  orderAmountTooLarge: ORDER_SERVER_MESSAGES.amountTooLarge,
  orderPriceNumber: ORDER_SERVER_MESSAGES.priceNumber,
  orderPriceWhole: ORDER_SERVER_MESSAGES.priceWhole,
  orderPriceNegative: ORDER_SERVER_MESSAGES.priceNegative,
  orderPriceTooLarge: ORDER_SERVER_MESSAGES.priceTooLarge,
  orderMethod: ORDER_SERVER_MESSAGES.method,
  orderReferenceRequired: ORDER_SERVER_MESSAGES.referenceRequired,
  orderReferenceMax: ORDER_SERVER_MESSAGES.referenceMax,
  orderPaidOnFormat: ORDER_SERVER_MESSAGES.paidOnFormat,
  orderPaidOnReal: ORDER_SERVER_MESSAGES.paidOnReal,
  orderPaidOnFuture: ORDER_SERVER_MESSAGES.paidOnFuture,
  orderPaidOnPast: ORDER_SERVER_MESSAGES.paidOnPast,
  orderTaxNumber: ORDER_SERVER_MESSAGES.taxNumber,
  orderTaxWhole: ORDER_SERVER_MESSAGES.taxWhole,
  orderTaxNegative: ORDER_SERVER_MESSAGES.taxNegative,
  orderTaxMax: ORDER_SERVER_MESSAGES.taxMax,
  orderNotPending: ORDER_SERVER_MESSAGES.orderNotPending,
  orderOverpaid: ORDER_SERVER_MESSAGES.overpaid,
  // jobs
  jobTitle: JOB_MESSAGES.title,
  jobTitleLong: JOB_MESSAGES.titleLong,
  jobDescriptionLong: JOB_MESSAGES.descriptionLong,
  jobEmploymentType: JOB_MESSAGES.employmentType,
  jobWorkMode: JOB_MESSAGES.workMode,
  jobNotice: JOB_MESSAGES.notice,
  jobExperience: JOB_MESSAGES.experience,
  jobExperienceRange: JOB_MESSAGES.experienceRange,
  jobOpenings: JOB_MESSAGES.openings,
  jobStatus: JOB_MESSAGES.status,
  jobClient: JOB_MESSAGES.client,
  jobAssessment: JOB_MESSAGES.assessment,
  jobNoAssessment: JOB_MESSAGES.noAssessment,
  jobAlreadyOnJob: JOB_MESSAGES.alreadyOnJob,
  jobNotInvited: JOB_MESSAGES.notInvited,
  jobStageOfAnotherClient: JOB_MESSAGES.stageOfAnotherClient,
  jobStageLimit: JOB_MESSAGES.stageLimit,
  jobStageName: JOB_MESSAGES.stageName,
  jobStageNameLong: JOB_MESSAGES.stageNameLong,
  jobStageLast: JOB_MESSAGES.stageLast,
  jobReorderSet: JOB_MESSAGES.reorderSet,
  jobClosed: JOB_MESSAGES.jobClosed,
  jobHasInvitation: JOB_MESSAGES.hasInvitation,
  jobStageInUse: BUSINESS_MESSAGES.stageInUse,
  jobStageNameTaken: BUSINESS_MESSAGES.stageNameTaken,
  // careers
  careersSlug: CAREERS_MESSAGES.slug,
  careersSlugTaken: CAREERS_MESSAGES.slugTaken,
  careersQuestionText: CAREERS_MESSAGES.questionText,
  careersQuestionTextLong: CAREERS_MESSAGES.questionTextLong,
  careersQuestionsMax: CAREERS_MESSAGES.questionsMax,
  careersQuestionKind: CAREERS_MESSAGES.questionKind,
  careersQuestionIds: CAREERS_MESSAGES.questionIds,
  // dashboards
  dashboardBadDate: DASHBOARD_MESSAGES.badDate,
  dashboardFromAfterTo: DASHBOARD_MESSAGES.fromAfterTo,
  dashboardTooLong: DASHBOARD_MESSAGES.tooLong,
  dashboardHalfRange: DASHBOARD_MESSAGES.halfRange,
  dashboardChooseClient: DASHBOARD_MESSAGES.chooseClient,
  dashboardNoClient: DASHBOARD_MESSAGES.noClient,
  dashboardBadClient: DASHBOARD_MESSAGES.badClient,
  dashboardBadAssessment: DASHBOARD_MESSAGES.badAssessment,
  // signIns
  linkedSignInOnlyWayIn: LINKED_SIGN_IN_MESSAGES.onlyWayIn,
  linkedSignInHasPassword: LINKED_SIGN_IN_MESSAGES.hasPassword,
  linkedSignInPasswordSet: LINKED_SIGN_IN_MESSAGES.passwordSet,
  linkedSignInNotLinked: LINKED_SIGN_IN_MESSAGES.notLinked,
} as const;

export const ALL_MESSAGES = { ...MESSAGES, ...AREA_MESSAGES };
export type AnyMessageCode = keyof typeof ALL_MESSAGES;

/** A message as it travels: its code (any area's), and what fills it. */
export interface AnyMessage {
  code: AnyMessageCode;
  params?: MessageParams;
}

/** Whether a value names one of the messages (an envelope's code, which a newer server may extend). */
export const isMessageCode = (value: unknown): value is AnyMessageCode => typeof value === 'string' && Object.hasOwn(ALL_MESSAGES, value);

/** A message's English words: the envelope's `msg`. */
export const wordsOf = ({ code, params }: AnyMessage): string => fillPhrase(ALL_MESSAGES[code], params);

/** The messages without placeholders, by their words (the first code where two share them). */
let codesByWords: Map<string, AnyMessageCode> | undefined;

/**
 * The code of a message given as its words: a zod schema's field message (schemas write a
 * message's words), or a sentence from a place that holds only strings. Undefined for words that
 * are no message's (such a sentence travels as it is). An exact index, never a pattern.
 */
export function codeOfWords(words: string): AnyMessageCode | undefined {
  codesByWords ??= new Map(
    (Object.entries(ALL_MESSAGES) as [AnyMessageCode, string][])
      .filter(([, phrase]) => !phrase.includes('%{'))
      .reverse()
      .map(([code, phrase]) => [phrase, code]),
  );
  return codesByWords.get(words);
}

/** Every failure's answer (the routes' declared 4xx and 5xx). */
export const failureSchema = z
  .object({
    result: z.literal(0),
    msg: z.string().describe('The message in English'),
    code: z.enum(Object.keys(ALL_MESSAGES) as [AnyMessageCode, ...AnyMessageCode[]]).optional().describe('The message’s code (src/domain/allMessages.ts), where it has one'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional().describe('What fills the message'),
    errors: z.record(z.string(), z.string()).optional().describe('A message per field, in English'),
    errorCodes: z
      .record(z.string(), z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }))
      .optional()
      .describe('The fields’ messages that have codes, by field'),
  })
  .describe('A failure');
