/**
 * The demo question bank, in English and Hindi: enough published questions per skill for the demo
 * tests and assessments, of every response type the skills take, plus a few in the other statuses
 * so the moderation screens have work, and consistency pairs (a statement restated, some with the
 * points reversed) so that reports show how consistently candidates answered. Data only;
 * seed-content.ts writes it.
 */
import type { QuestionStatus, QuestionType } from '../../src/domain/content';

export interface DemoQuestion {
  skill: string;
  type: QuestionType;
  status: QuestionStatus;
  title: string;
  en: string;
  hi: string;
  /** Defaults to the five-point likert scale. */
  answers?: unknown[];
  coding?: unknown;
  reason?: string;
  isQualifying?: boolean;
  /** Which of the skill's sub-skills (by position) the question measures. */
  subSkill?: number;
  complexity?: 'L1' | 'L2' | 'L3' | 'L4' | 'L5';
  /** A consistency question: the title of the question of the same skill that it restates. */
  restates?: string;
}

const text = (en: string, hi: string) => [
  { language: 'en', text: en },
  { language: 'hi', text: hi },
];
/** Choices with points (scenario questions: the better the response, the more points). */
const scored = (...options: [string, string, number][]) => options.map(([en, hi, value]) => ({ langWiseAnswer: text(en, hi), value }));
/** Correct/incorrect choices: the index of the right one. */
const keyed = (right: number, ...options: [string, string][]) => options.map(([en, hi], i) => ({ langWiseAnswer: text(en, hi), ...(i === right ? { isCorrect: true } : {}) }));
const rating = scored(['1: Not at all', '1: बिल्कुल नहीं', 1], ['2', '2', 2], ['3', '3', 3], ['4', '4', 4], ['5: Completely', '5: पूरी तरह', 5]);
/** A likert scale read the other way round: for statements where agreeing is the weaker answer. */
const reversedLikert = scored(['Always', 'हमेशा', 1], ['Often', 'अक्सर', 2], ['Sometimes', 'कभी-कभी', 3], ['Rarely', 'शायद ही कभी', 4], ['Never', 'कभी नहीं', 5]);

export const DEMO_QUESTIONS: DemoQuestion[] = [
  // Teamwork (competency): likert, single choice, multiple choice, rating scale
  { skill: 'Teamwork', type: 'LIKERT', status: 'PUBLISHED', title: 'Shares credit', en: 'I give credit to colleagues for shared successes.', hi: 'मैं साझा सफलताओं का श्रेय सहकर्मियों को देता हूँ।' },
  { skill: 'Teamwork', type: 'LIKERT', status: 'PUBLISHED', title: 'Asks for help', en: 'I ask teammates for help when a task is beyond me.', hi: 'जब कोई काम मेरे बस से बाहर हो, तो मैं साथियों से मदद माँगता हूँ।' },
  { skill: 'Teamwork', type: 'LIKERT', status: 'PUBLISHED', title: 'Keeps promises', en: 'I deliver what I promised to my team on time.', hi: 'मैं टीम से किया वादा समय पर पूरा करता हूँ।', subSkill: 2 },
  {
    skill: 'Teamwork',
    type: 'SINGLE_CHOICE',
    status: 'PUBLISHED',
    title: 'Colleague misses a deadline',
    en: 'A colleague’s late work will make your shared delivery slip. What do you do first?',
    hi: 'एक सहकर्मी के देर से काम करने से आपकी साझा डिलीवरी में देरी होगी। आप सबसे पहले क्या करेंगे?',
    subSkill: 1,
    answers: scored(
      ['Talk to them privately and agree how to catch up', 'उनसे अकेले में बात करके तय करूँगा कि काम कैसे पूरा हो', 5],
      ['Tell the manager straight away', 'तुरंत प्रबंधक को बताऊँगा', 3],
      ['Do their part myself without saying anything', 'बिना कुछ कहे उनका काम खुद कर दूँगा', 2],
      ['Wait and see whether it sorts itself out', 'इंतज़ार करूँगा कि मामला अपने आप सुलझ जाए', 1],
    ),
  },
  {
    skill: 'Teamwork',
    type: 'MULTIPLE_CHOICE',
    status: 'PUBLISHED',
    title: 'Good team meetings',
    en: 'Which of these make a team meeting useful? Choose all that apply.',
    hi: 'इनमें से कौन-सी बातें टीम मीटिंग को उपयोगी बनाती हैं? सभी सही विकल्प चुनें।',
    answers: [
      { langWiseAnswer: text('A clear agenda shared beforehand', 'पहले से साझा किया गया स्पष्ट एजेंडा'), isCorrect: true },
      { langWiseAnswer: text('Everyone gets a chance to speak', 'सभी को बोलने का मौका मिले'), isCorrect: true },
      { langWiseAnswer: text('Decisions and owners written down', 'फ़ैसले और ज़िम्मेदार लोग लिखे जाएँ'), isCorrect: true },
      { langWiseAnswer: text('The loudest person decides', 'सबसे ऊँची आवाज़ वाला फ़ैसला करे') },
    ],
  },
  { skill: 'Teamwork', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Open to feedback', en: 'How comfortable are you receiving critical feedback from a peer?', hi: 'किसी साथी से आलोचनात्मक प्रतिक्रिया पाकर आप कितना सहज महसूस करते हैं?', answers: rating, subSkill: 1 },
  // A consistency pair with reversed points: someone who shares credit does not take it.
  {
    skill: 'Teamwork',
    type: 'LIKERT',
    status: 'PUBLISHED',
    title: 'Takes credit',
    en: 'I take the credit for my team’s work.',
    hi: 'मैं अपनी टीम के काम का श्रेय खुद ले लेता हूँ।',
    answers: reversedLikert,
    restates: 'Shares credit',
  },
  { skill: 'Teamwork', type: 'LIKERT', status: 'PUBLISHED', title: 'Helps newcomers', en: 'I make time to help new team members settle in.', hi: 'मैं नए साथियों को टीम में घुलने-मिलने में मदद के लिए समय निकालता हूँ।' },
  { skill: 'Teamwork', type: 'LIKERT', status: 'APPROVED', title: 'Handles disagreement', en: 'When I disagree, I say so openly and calmly.', hi: 'असहमत होने पर मैं खुलकर और शांति से कहता हूँ।', subSkill: 1 },

  // Customer focus (competency)
  {
    skill: 'Customer focus',
    type: 'SINGLE_CHOICE',
    status: 'PUBLISHED',
    title: 'Angry caller',
    en: 'A customer calls, angry that a delivery is three days late. What do you say first?',
    hi: 'एक ग्राहक गुस्से में फ़ोन करता है कि डिलीवरी तीन दिन देर से है। आप सबसे पहले क्या कहेंगे?',
    answers: scored(
      ['I’m sorry it’s late. Let me check exactly where it is.', 'देरी के लिए खेद है। मैं अभी देखता हूँ कि सामान कहाँ है।', 5],
      ['Deliveries are handled by our courier, not by us.', 'डिलीवरी हमारा कूरियर करता है, हम नहीं।', 1],
      ['Please calm down before we continue.', 'आगे बात करने से पहले कृपया शांत हो जाइए।', 2],
      ['Can you call back tomorrow?', 'क्या आप कल फ़ोन कर सकते हैं?', 1],
    ),
  },
  {
    skill: 'Customer focus',
    type: 'SINGLE_CHOICE',
    status: 'PUBLISHED',
    title: 'Promise you cannot keep',
    en: 'A customer asks for a refund today, but refunds take five working days. What do you do?',
    hi: 'ग्राहक आज ही रिफ़ंड चाहता है, लेकिन रिफ़ंड में पाँच कार्यदिवस लगते हैं। आप क्या करेंगे?',
    subSkill: 1,
    answers: scored(
      ['Explain the five days honestly and start the refund now', 'ईमानदारी से पाँच दिन बताऊँगा और रिफ़ंड अभी शुरू करूँगा', 5],
      ['Promise it today to end the call', 'कॉल ख़त्म करने के लिए आज का वादा कर दूँगा', 1],
      ['Transfer the call to another team', 'कॉल दूसरी टीम को भेज दूँगा', 2],
    ),
  },
  { skill: 'Customer focus', type: 'LIKERT', status: 'PUBLISHED', title: 'Follows up', en: 'After solving a problem, I check back that the customer is satisfied.', hi: 'समस्या सुलझाने के बाद मैं ग्राहक से पूछता हूँ कि वह संतुष्ट है या नहीं।', subSkill: 1 },
  { skill: 'Customer focus', type: 'LIKERT', status: 'PUBLISHED', title: 'Sees their side', en: 'I try to understand why a customer feels the way they do.', hi: 'मैं समझने की कोशिश करता हूँ कि ग्राहक ऐसा क्यों महसूस कर रहा है।' },
  {
    skill: 'Customer focus',
    type: 'LIKERT',
    status: 'PUBLISHED',
    title: 'Sees it from their side',
    en: 'When a customer is upset, I picture how the situation looks from where they stand.',
    hi: 'जब कोई ग्राहक परेशान होता है, तो मैं सोचता हूँ कि उसकी जगह से स्थिति कैसी दिखती है।',
    restates: 'Sees their side',
  },
  { skill: 'Customer focus', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Patience with repeats', en: 'How patient are you when a customer asks the same question several times?', hi: 'जब ग्राहक एक ही सवाल कई बार पूछता है, तब आप कितने धैर्यवान रहते हैं?', answers: rating },
  {
    skill: 'Customer focus',
    type: 'MULTIPLE_CHOICE',
    status: 'PUBLISHED',
    title: 'Closing a complaint',
    en: 'Which of these belong in the last message that closes a complaint? Choose all that apply.',
    hi: 'शिकायत बंद करने वाले अंतिम संदेश में इनमें से क्या होना चाहिए? सभी सही विकल्प चुनें।',
    subSkill: 1,
    answers: [
      { langWiseAnswer: text('What was done to fix it', 'इसे ठीक करने के लिए क्या किया गया'), isCorrect: true },
      { langWiseAnswer: text('How to reach us if it happens again', 'दोबारा होने पर हमसे कैसे संपर्क करें'), isCorrect: true },
      { langWiseAnswer: text('Whose fault it was', 'ग़लती किसकी थी') },
      { langWiseAnswer: text('A thank-you for their patience', 'धैर्य के लिए धन्यवाद'), isCorrect: true },
    ],
  },
  { skill: 'Customer focus', type: 'LIKERT', status: 'CREATED', title: 'Listens first', en: 'I let customers finish before I answer.', hi: 'मैं जवाब देने से पहले ग्राहक की पूरी बात सुनता हूँ।' },
  { skill: 'Customer focus', type: 'LIKERT', status: 'REJECTED', title: 'Fixes complaints', en: 'I fix complaints.', hi: 'मैं शिकायतें ठीक करता हूँ।', reason: 'Too vague: describe a situation.' },
  {
    skill: 'Customer focus',
    type: 'SINGLE_CHOICE',
    status: 'PUBLISHED',
    title: 'Weekend shifts',
    en: 'The role includes one weekend shift a month. Can you work it?',
    hi: 'इस भूमिका में महीने में एक सप्ताहांत शिफ़्ट है। क्या आप यह कर सकते हैं?',
    isQualifying: true,
    answers: [
      { langWiseAnswer: text('Yes', 'हाँ'), value: 1 },
      { langWiseAnswer: text('No', 'नहीं'), value: 1, disqualifies: true },
    ],
  },
  {
    skill: 'Customer focus',
    type: 'SINGLE_CHOICE',
    status: 'PUBLISHED',
    title: 'Legal age to work',
    en: 'Are you 18 years of age or older?',
    hi: 'क्या आपकी आयु 18 वर्ष या उससे अधिक है?',
    isQualifying: true,
    answers: [
      { langWiseAnswer: text('Yes', 'हाँ'), value: 1 },
      { langWiseAnswer: text('No', 'नहीं'), value: 1, disqualifies: true },
    ],
  },

  // Stress tolerance (personality, rating scale)
  { skill: 'Stress tolerance', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Calm under deadlines', en: 'How calm do you stay when deadlines move closer?', hi: 'समय-सीमा पास आने पर आप कितने शांत रहते हैं?', answers: rating },
  { skill: 'Stress tolerance', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Sleeps after a bad day', en: 'After a difficult day at work, how easily do you switch off in the evening?', hi: 'काम पर कठिन दिन के बाद, शाम को आप कितनी आसानी से काम भूल पाते हैं?', answers: rating, subSkill: 1 },
  { skill: 'Stress tolerance', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Many tasks at once', en: 'How well do you keep track when several urgent tasks arrive at once?', hi: 'जब एक साथ कई ज़रूरी काम आ जाएँ, तो आप उन्हें कितनी अच्छी तरह सँभालते हैं?', answers: rating },
  { skill: 'Stress tolerance', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Criticism in public', en: 'How composed do you stay when your work is criticised in front of others?', hi: 'जब दूसरों के सामने आपके काम की आलोचना हो, तब आप कितने संयत रहते हैं?', answers: rating },
  { skill: 'Stress tolerance', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Bounces back', en: 'How quickly do you recover your energy after a setback?', hi: 'किसी झटके के बाद आप कितनी जल्दी फिर से ऊर्जा पा लेते हैं?', answers: rating, subSkill: 1 },
  {
    skill: 'Stress tolerance',
    type: 'RATING_SCALE',
    status: 'PUBLISHED',
    title: 'Tense before deadlines',
    en: 'How tense do you get as a deadline comes closer?',
    hi: 'समय-सीमा पास आने पर आप कितना तनाव महसूस करते हैं?',
    answers: scored(['1: Not at all', '1: बिल्कुल नहीं', 5], ['2', '2', 4], ['3', '3', 3], ['4', '4', 2], ['5: Very much', '5: बहुत अधिक', 1]),
    restates: 'Calm under deadlines',
  },
  { skill: 'Stress tolerance', type: 'RATING_SCALE', status: 'PUBLISHED', title: 'Unexpected change', en: 'How comfortable are you when plans change at the last minute?', hi: 'जब योजनाएँ आख़िरी समय पर बदल जाएँ, तो आप कितना सहज रहते हैं?', answers: rating },

  // Numerical reasoning (aptitude): correct/incorrect, sorting order
  {
    skill: 'Numerical reasoning',
    type: 'CORRECT_INCORRECT',
    status: 'PUBLISHED',
    title: 'Percentage increase',
    en: 'A price rises from 200 to 250. By what percentage did it rise?',
    hi: 'कीमत 200 से बढ़कर 250 हो गई। यह कितने प्रतिशत बढ़ी?',
    answers: keyed(1, ['20%', '20%'], ['25%', '25%'], ['50%', '50%']),
  },
  {
    skill: 'Numerical reasoning',
    type: 'CORRECT_INCORRECT',
    status: 'PUBLISHED',
    title: 'Average speed',
    en: 'A bus covers 120 km in 2 hours and 30 minutes. What is its average speed?',
    hi: 'एक बस 2 घंटे 30 मिनट में 120 किमी चलती है। उसकी औसत गति क्या है?',
    answers: keyed(2, ['40 km/h', '40 किमी/घंटा'], ['60 km/h', '60 किमी/घंटा'], ['48 km/h', '48 किमी/घंटा'], ['50 km/h', '50 किमी/घंटा']),
  },
  {
    skill: 'Numerical reasoning',
    type: 'CORRECT_INCORRECT',
    status: 'PUBLISHED',
    title: 'Discount then tax',
    en: 'An item costs ₹1,000. It is discounted by 10%, then 18% tax is added. What is the final price?',
    hi: 'एक वस्तु ₹1,000 की है। उस पर 10% छूट मिलती है, फिर 18% कर जुड़ता है। अंतिम कीमत क्या है?',
    complexity: 'L3',
    answers: keyed(0, ['₹1,062', '₹1,062'], ['₹1,080', '₹1,080'], ['₹1,180', '₹1,180'], ['₹1,000', '₹1,000']),
  },
  {
    skill: 'Numerical reasoning',
    type: 'CORRECT_INCORRECT',
    status: 'PUBLISHED',
    title: 'Quarterly sales',
    en: 'Sales were 40, 55, 35 and 70 lakh in four quarters. What was the average per quarter?',
    hi: 'चार तिमाहियों में बिक्री 40, 55, 35 और 70 लाख रही। प्रति तिमाही औसत कितना था?',
    subSkill: 1,
    answers: keyed(3, ['45 lakh', '45 लाख'], ['55 lakh', '55 लाख'], ['40 lakh', '40 लाख'], ['50 lakh', '50 लाख']),
  },
  {
    skill: 'Numerical reasoning',
    type: 'CORRECT_INCORRECT',
    status: 'PUBLISHED',
    title: 'Ratio of staff',
    en: 'A team has 12 engineers and 8 testers. What fraction of the team are testers?',
    hi: 'एक टीम में 12 इंजीनियर और 8 टेस्टर हैं। टीम का कितना भाग टेस्टर हैं?',
    subSkill: 1,
    answers: keyed(1, ['2/3', '2/3'], ['2/5', '2/5'], ['3/5', '3/5'], ['1/3', '1/3']),
  },
  {
    skill: 'Numerical reasoning',
    type: 'SORTING_ORDER',
    status: 'PUBLISHED',
    title: 'Order the fractions',
    en: 'Put these values in order, from the smallest to the largest.',
    hi: 'इन मानों को सबसे छोटे से सबसे बड़े क्रम में लगाइए।',
    complexity: 'L3',
    answers: [
      // A sorting question is keyed by descending points: the smallest value comes first.
      { langWiseAnswer: text('0.3', '0.3'), value: 4 },
      { langWiseAnswer: text('1/3', '1/3'), value: 3 },
      { langWiseAnswer: text('35%', '35%'), value: 2 },
      { langWiseAnswer: text('2/5', '2/5'), value: 1 },
    ],
  },

  // Programming (aptitude): coding and correct/incorrect
  {
    skill: 'Programming',
    type: 'CODING',
    status: 'PUBLISHED',
    title: 'Sum of two numbers',
    en: 'Read two integers from one line and print their sum.',
    hi: 'एक पंक्ति से दो पूर्णांक पढ़ें और उनका योग छापें।',
    answers: [],
    coding: {
      languages: [63, 70, 74, 62, 68],
      starterCode: { 63: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n" },
      testCases: [
        { input: '1 2', expectedOutput: '3', points: 1, hidden: false },
        { input: '-5 12', expectedOutput: '7', points: 1, hidden: false },
        { input: '1000000 2000000', expectedOutput: '3000000', points: 2, hidden: true },
      ],
      timeLimitMs: 2000,
      memoryLimitMb: 128,
    },
  },
  {
    skill: 'Programming',
    type: 'CODING',
    status: 'PUBLISHED',
    title: 'Count the vowels',
    en: 'Read one line of text and print how many vowels (a, e, i, o, u, upper or lower case) it has.',
    hi: 'पाठ की एक पंक्ति पढ़ें और छापें कि उसमें कितने स्वर (a, e, i, o, u, छोटे या बड़े अक्षर) हैं।',
    complexity: 'L2',
    answers: [],
    coding: {
      languages: [63, 70, 62],
      starterCode: {
        63: "const line = require('fs').readFileSync(0, 'utf8');\n// print the number of vowels in line\n",
        70: 'import sys\nline = sys.stdin.readline()\n# print the number of vowels in line\n',
      },
      testCases: [
        { input: 'Hello World', expectedOutput: '3', points: 1, hidden: false },
        { input: 'sky', expectedOutput: '0', points: 1, hidden: false },
        { input: 'AEIOU aeiou', expectedOutput: '10', points: 2, hidden: true },
        { input: 'Programming is fun', expectedOutput: '5', points: 2, hidden: true },
      ],
      timeLimitMs: 2000,
      memoryLimitMb: 128,
    },
  },
  {
    skill: 'Programming',
    type: 'CORRECT_INCORRECT',
    status: 'PUBLISHED',
    title: 'Binary search cost',
    en: 'How many comparisons does binary search need, at most, to find an item among 1,024 sorted items?',
    hi: '1,024 क्रमबद्ध वस्तुओं में से किसी वस्तु को खोजने के लिए बाइनरी सर्च को अधिकतम कितनी तुलनाएँ चाहिए?',
    answers: keyed(1, ['10', '10'], ['11', '11'], ['512', '512'], ['1,024', '1,024']),
  },
  {
    skill: 'Programming',
    type: 'CORRECT_INCORRECT',
    status: 'PUBLISHED',
    title: 'Stack order',
    en: 'You push 1, 2 and 3 onto a stack, then pop twice. Which value is on top now?',
    hi: 'आप एक स्टैक में 1, 2 और 3 डालते हैं, फिर दो बार निकालते हैं। अब सबसे ऊपर कौन-सा मान है?',
    answers: keyed(0, ['1', '1'], ['2', '2'], ['3', '3']),
  },
];
