/**
 * The API's messages (src/domain/messages.ts) in Hindi, by code: every code has its words (the type
 * says so). The candidate's page words the codes it receives in its own dictionaries
 * (src/i18n/take), with these words: a test checks they agree.
 */
import type { MessageCode } from '../domain/messages';
import { FIELD_MESSAGES_HI } from './fieldMessages.hi';
import takeHi from './take/hi';
import takeHiFlow from './take/hi.flow';

export const MESSAGES_HI: Record<MessageCode, string> = {
  notFound: 'नहीं मिला।',
  forbidden: 'आपको यह करने की अनुमति नहीं है।',
  signInAgain: 'कृपया फिर से साइन इन करें।',
  duplicateRecord: 'इन्हीं विवरणों वाला रिकॉर्ड पहले से मौजूद है।',
  recordInUse: 'यह रिकॉर्ड अभी कहीं और उपयोग में है, या ऐसे रिकॉर्ड से जुड़ा है जो मौजूद नहीं है।',
  wrongFormat: 'अनुरोध में एक मान का प्रारूप गलत है।',
  dateFormat: 'अनुरोध में एक तारीख़ का प्रारूप गलत है।',
  dateRange: 'अनुरोध में एक तारीख़ सीमा से बाहर है।',
  tooLong: 'अनुरोध में एक मान बहुत लंबा है।',
  numberRange: 'अनुरोध में एक संख्या सीमा से बाहर है।',
  invalidJson: 'अनुरोध का मुख्य भाग मान्य JSON नहीं है।',
  emptyBody: 'अनुरोध का मुख्य भाग खाली है।',
  bodyTooLarge: 'अनुरोध का मुख्य भाग बहुत बड़ा है।',
  unsupportedMediaType: 'इस प्रकार की सामग्री समर्थित नहीं है।',
  badContentLength: 'अनुरोध के मुख्य भाग की लंबाई गलत है।',
  pdfNotCompleted: 'प्रयास पूरा होने के बाद ही PDF बनती है।',
  scoreNotCompleted: 'केवल पूरे हो चुके प्रयास को ही अंक दिए जा सकते हैं।',
  reviewNotCompleted: 'प्रयास पूरा होने के बाद ही अंक दिए जा सकते हैं।',
  notInAttempt: 'यह प्रश्न इस प्रयास का हिस्सा नहीं है।',
  notShortText: 'समीक्षक केवल लघु-उत्तर वाले उत्तरों को अंक देते हैं।',
  notAnswered: 'इस प्रश्न का उत्तर नहीं दिया गया, इसलिए देने के लिए कोई अंक नहीं हैं।',
  pointsBetween: 'अंक 0 से %{max} के बीच होने चाहिए।',
  questionUsedInTests: 'यह प्रश्न %{smart_count} टेस्ट में इस्तेमाल हो रहा है। पहले इसे उससे हटाएँ। |||| यह प्रश्न %{smart_count} टेस्ट में इस्तेमाल हो रहा है। पहले इसे उनसे हटाएँ।',
  excelTooLarge: 'Excel फ़ाइल खुलकर %{size} की हो जाती है; अधिकतम %{max} पढ़ी जा सकती है। इसे छोटी फ़ाइलों में बाँटें, या CSV फ़ाइल अपलोड करें।',
  languageMissing: 'भाषा %{language} नहीं दी जा सकती: %{titles} में इस भाषा का पाठ नहीं है। |||| भाषा %{language} नहीं दी जा सकती: %{titles} में इस भाषा का पाठ नहीं है।',
  languageMissingMore: 'भाषा %{language} नहीं दी जा सकती: %{titles} और %{more} अन्य प्रश्नों में इस भाषा का पाठ नहीं है।',
  overQuota: 'यह अपलोड आपके संग्रहण कोटा से आगे चला जाएगा: %{quota} में से %{used} उपयोग हो चुका है। अधिक जगह के लिए किसी व्यवस्थापक से कहें।',
  overClientQuota: 'यह अपलोड आपके संगठन के संग्रहण कोटा से आगे चला जाएगा: %{quota} में से %{used} उपयोग हो चुका है। अधिक जगह के लिए किसी व्यवस्थापक से कहें।',
  signInNotConfigured: 'इस सर्वर पर %{provider} साइन-इन कॉन्फ़िगर नहीं है।',
  signInUnreachable: '%{provider} साइन-इन अभी उपलब्ध नहीं है: उसके सर्वर तक नहीं पहुँचा जा सका। कुछ मिनट बाद फिर से कोशिश करें।',
  signInUnusable: '%{provider} ने ऐसा उत्तर दिया जिसे यह सर्वर इस्तेमाल नहीं कर सकता। कुछ मिनट बाद फिर से कोशिश करें।',
  signInNotConfirmed: '%{provider} पुष्टि नहीं कर सका कि आप कौन हैं। फिर से साइन इन करें।',
  signInCodeUsed: 'यह %{provider} साइन-इन समाप्त हो चुका है या पहले ही इस्तेमाल हो चुका है। फिर से साइन इन करें।',
  signInNoVerifiedEmail: 'आपके %{provider} खाते में कोई सत्यापित ईमेल नहीं है, इसलिए उससे यहाँ साइन इन नहीं हो सकता। %{provider} पर अपना ईमेल सत्यापित करें, या अपने पासवर्ड से साइन इन करें।',
  notEditableByClient: 'इसे केवल आपका रिलेशनशिप मैनेजर बदल सकता है: %{fields}।',
  scorecardCompetencies: 'रेटिंग के लिए 1 से 12 तक दक्षताएँ लिखें, हर एक का नाम एक ही बार।',
  scorecardCompetencyName: 'हर दक्षता का नाम अधिकतम 80 अक्षरों में लिखें।',
  scorecardStageTaken: 'इस नौकरी के इस चरण का स्कोरकार्ड पहले से है।',
  scorecardRated: 'साक्षात्कारकर्ता इस स्कोरकार्ड पर उम्मीदवारों को रेटिंग दे चुके हैं: इसकी दक्षताएँ अब नहीं बदल सकतीं, और इसे हटाया नहीं जा सकता।',
  scorecardRating: 'हर दक्षता को 1 से 5 तक रेटिंग दें।',
  scorecardIncomplete: 'जमा करने से पहले हर दक्षता को रेटिंग दें।',
  scorecardSubmitted: 'इस उम्मीदवार के लिए आपका स्कोरकार्ड जमा हो चुका है और अब नहीं बदल सकता।',
  scorecardNote: 'टिप्पणी में अधिकतम 2,000 अक्षर हो सकते हैं।',
  grantedLanguage: 'आपकी कंपनी इस आकलन में केवल इन भाषाओं में आमंत्रित कर सकती है: %{languages}।',
  ...FIELD_MESSAGES_HI,
  // The candidate's page (src/domain/takeMessages.ts, takeFlowMessages.ts): its own dictionaries'
  // words, written once there. A missing sandbox is said to staff too (a run in the question
  // form), in words of its own: the candidate's page words it for candidates.
  ...takeHi.messages,
  ...takeHiFlow.messages,
  sandboxMissing: 'कोड चलाने के लिए सैंडबॉक्स ज़रूरी है: bubblewrap इंस्टॉल करें या JUDGE0_URL सेट करें',
};
