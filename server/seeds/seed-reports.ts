/**
 * Demo report content: for every secondary skill of the demo skills (seed-content.ts) and every
 * rating band, the text a hiring manager reads in the report, in English and Hindi: what the score
 * says the candidate is good at, then one question to ask next in the interview. Stored as the
 * skills screens store it (report_contents, simple HTML from the rich-text editor).
 */
import type { Kysely } from 'kysely';
import { RATING_BANDS, type RatingBand } from '../../src/domain/content';
import type { Database } from '../db/types';

/** One band's text: what the score shows, and what to ask next. */
interface BandText {
  en: [reading: string, askNext: string];
  hi: [reading: string, askNext: string];
}

type SkillTexts = Record<RatingBand, BandText>;

/** Band texts by skill (test type) label, then sub-skill (question type) label. */
export const DEMO_REPORT_CONTENT: Record<string, Record<string, SkillTexts>> = {
  Teamwork: {
    Collaboration: {
      HIGH: {
        en: [
          'Works readily with others: shares credit, asks for help early and makes room for new colleagues. Likely to lift the people around them on a shared task.',
          'Ask for a project that succeeded because of how the team worked together, and what they did themselves to make that happen.',
        ],
        hi: [
          'दूसरों के साथ सहजता से काम करते हैं: श्रेय बाँटते हैं, समय रहते मदद माँगते हैं और नए साथियों को जगह देते हैं। साझा काम में आसपास के लोगों का हौसला बढ़ाने की संभावना है।',
          'कोई ऐसा प्रोजेक्ट पूछें जो टीम के मिलकर काम करने की वजह से सफल हुआ, और उसमें उनका अपना योगदान क्या था।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Collaborates well in most situations and is generally generous with credit and help. May hold back from asking for help when under pressure.',
          'Ask about the last time they were stuck on a task: when did they ask someone, and would they ask sooner now?',
        ],
        hi: [
          'ज़्यादातर स्थितियों में अच्छा तालमेल रखते हैं और आम तौर पर श्रेय और मदद देने में उदार हैं। दबाव में मदद माँगने से हिचक सकते हैं।',
          'पूछें कि पिछली बार जब वे किसी काम में अटके थे, तो उन्होंने कब किसी से मदद ली, और क्या अब वे पहले माँगेंगे।',
        ],
      },
      MODERATE: {
        en: [
          'Works with others when the task calls for it, but tends to prefer working alone. Sharing credit and helping newcomers happen now and then rather than by habit.',
          'Ask for an example of a shared task: how did they divide the work, and how did they keep the others informed?',
        ],
        hi: [
          'काम की ज़रूरत हो तो दूसरों के साथ काम करते हैं, पर अकेले काम करना ज़्यादा पसंद करते हैं। श्रेय बाँटना और नए साथियों की मदद करना आदत से नहीं, कभी-कभार होता है।',
          'किसी साझा काम का उदाहरण माँगें: उन्होंने काम कैसे बाँटा, और बाकी लोगों को जानकारी कैसे देते रहे?',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Collaboration does not come easily: the answers suggest they rarely ask for help and seldom share credit. They could do well in an independent role, but a team role would need support at first.',
          'Ask how they would handle a task they cannot finish alone by the deadline, and whom they would involve.',
        ],
        hi: [
          'मिलजुलकर काम करना उनके लिए आसान नहीं है: जवाबों से लगता है कि वे शायद ही मदद माँगते हैं और कम ही श्रेय बाँटते हैं। स्वतंत्र भूमिका में अच्छा कर सकते हैं, पर टीम की भूमिका में शुरुआत में सहारे की ज़रूरत होगी।',
          'पूछें कि जो काम वे समय-सीमा तक अकेले पूरा नहीं कर सकते, उसे वे कैसे सँभालेंगे और किसे साथ लेंगे।',
        ],
      },
      LOW: {
        en: [
          'The answers point to a strong preference for working alone and little habit of helping or involving colleagues. In a team role this is a real risk.',
          'Ask them to describe a time they worked closely with a team: what was hard about it, and what would they do differently?',
        ],
        hi: [
          'जवाब अकेले काम करने की गहरी पसंद और सहकर्मियों की मदद करने या उन्हें शामिल करने की कम आदत दिखाते हैं। टीम की भूमिका में यह एक वास्तविक जोखिम है।',
          'उनसे किसी ऐसे समय के बारे में पूछें जब उन्होंने टीम के साथ मिलकर काम किया: उसमें क्या मुश्किल लगा, और अब वे क्या अलग करेंगे?',
        ],
      },
    },
    'Conflict resolution': {
      HIGH: {
        en: [
          'Deals with disagreement directly and calmly: talks to the person first and looks for a way forward rather than someone to blame. Takes critical feedback well.',
          'Ask about a disagreement with a colleague that they resolved: what did they say first, and how was the relationship afterwards?',
        ],
        hi: [
          'असहमति का सामना सीधे और शांति से करते हैं: पहले व्यक्ति से बात करते हैं और दोष देने के बजाय आगे का रास्ता ढूँढते हैं। आलोचनात्मक प्रतिक्रिया को अच्छी तरह लेते हैं।',
          'किसी सहकर्मी से असहमति के बारे में पूछें जिसे उन्होंने सुलझाया: उन्होंने सबसे पहले क्या कहा, और बाद में रिश्ता कैसा रहा?',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Usually handles disagreement constructively and is open to feedback. May take a problem to a manager a little sooner than needed.',
          'Ask when they would go to a manager about a colleague, and when they would sort it out between themselves.',
        ],
        hi: [
          'आम तौर पर असहमति को रचनात्मक ढंग से सँभालते हैं और प्रतिक्रिया के लिए खुले हैं। कभी-कभी ज़रूरत से पहले मामला प्रबंधक तक ले जा सकते हैं।',
          'पूछें कि किसी सहकर्मी के बारे में वे कब प्रबंधक के पास जाएँगे, और कब आपस में बात करके सुलझाएँगे।',
        ],
      },
      MODERATE: {
        en: [
          'Resolves everyday disagreements, but tends to avoid difficult conversations or leave them to someone else. Critical feedback is accepted, though not always comfortably.',
          'Ask for the hardest conversation they have had with a peer, and what they would do differently now.',
        ],
        hi: [
          'रोज़मर्रा की असहमतियाँ सुलझा लेते हैं, पर कठिन बातचीत से बचने या उसे किसी और पर छोड़ने की प्रवृत्ति है। आलोचनात्मक प्रतिक्रिया स्वीकार करते हैं, हालाँकि हमेशा सहज होकर नहीं।',
          'किसी साथी के साथ हुई सबसे कठिन बातचीत के बारे में पूछें, और यह भी कि अब वे क्या अलग करेंगे।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Tends to let a conflict wait, or to work around a colleague instead of talking to them. Problems may grow before they are raised.',
          'Give them a scenario: a colleague keeps missing handovers. Ask what they would say, to whom, and when.',
        ],
        hi: [
          'टकराव को टालने, या सहकर्मी से बात करने के बजाय उससे बचकर काम निकालने की प्रवृत्ति है। समस्याएँ उठाए जाने से पहले बढ़ सकती हैं।',
          'एक स्थिति दें: एक सहकर्मी बार-बार समय पर काम नहीं सौंपता। पूछें कि वे क्या कहेंगे, किससे और कब।',
        ],
      },
      LOW: {
        en: [
          'The answers suggest that disagreement is avoided or left to others, and that critical feedback is hard to hear. In a role with shared deadlines this is likely to cause friction.',
          'Ask how they reacted to the last critical feedback they received, and what they changed because of it.',
        ],
        hi: [
          'जवाबों से लगता है कि असहमति से बचा जाता है या उसे दूसरों पर छोड़ दिया जाता है, और आलोचनात्मक प्रतिक्रिया सुनना कठिन लगता है। साझा समय-सीमाओं वाली भूमिका में इससे टकराव होने की संभावना है।',
          'पूछें कि पिछली बार मिली आलोचनात्मक प्रतिक्रिया पर उनकी क्या प्रतिक्रिया थी, और उसके कारण उन्होंने क्या बदला।',
        ],
      },
    },
    Reliability: {
      HIGH: {
        en: [
          'Keeps promises to the team and delivers on time, so colleagues can plan around their work. A good fit where others depend on their handovers.',
          'Ask how they keep track of what they have promised, and what they do when a deadline is at risk.',
        ],
        hi: [
          'टीम से किए वादे निभाते हैं और समय पर काम पूरा करते हैं, इसलिए सहकर्मी उनके काम के भरोसे योजना बना सकते हैं। जहाँ दूसरे उनके सौंपे काम पर निर्भर हों, वहाँ के लिए उपयुक्त।',
          'पूछें कि वे अपने किए वादों का हिसाब कैसे रखते हैं, और जब कोई समय-सीमा ख़तरे में हो तो क्या करते हैं।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Generally dependable and delivers what was agreed. Under a heavy load, a deadline may slip without early warning.',
          'Ask about a time they missed a commitment: when did they tell the team, and what did they learn?',
        ],
        hi: [
          'आम तौर पर भरोसेमंद हैं और तय किया हुआ काम पूरा करते हैं। काम का बोझ ज़्यादा हो तो बिना पहले बताए समय-सीमा चूक सकती है।',
          'किसी ऐसे समय के बारे में पूछें जब वे कोई वादा पूरा नहीं कर पाए: उन्होंने टीम को कब बताया, और क्या सीखा?',
        ],
      },
      MODERATE: {
        en: [
          'Delivers most of the time, but not consistently: promises and deadlines depend on how busy they are. Clear agreements and regular check-ins would help.',
          'Ask how they decide what comes first when they have promised more than they can deliver.',
        ],
        hi: [
          'ज़्यादातर समय काम पूरा करते हैं, पर हर बार नहीं: वादे और समय-सीमाएँ इस पर निर्भर करती हैं कि वे कितने व्यस्त हैं। स्पष्ट समझौते और नियमित बातचीत से मदद मिलेगी।',
          'पूछें कि जब उन्होंने क्षमता से ज़्यादा काम का वादा कर दिया हो, तो वे कैसे तय करते हैं कि पहले क्या करें।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Commitments to the team are kept less often than they should be. They may need close follow-up in the first months.',
          'Ask for a concrete example of a deadline they met under pressure, and what made it possible.',
        ],
        hi: [
          'टीम से किए वादे जितने निभाने चाहिए, उससे कम निभते हैं। पहले कुछ महीनों में उनके काम पर नज़दीकी नज़र रखनी पड़ सकती है।',
          'दबाव में पूरी की गई किसी समय-सीमा का ठोस उदाहरण माँगें, और पूछें कि यह कैसे संभव हुआ।',
        ],
      },
      LOW: {
        en: [
          'The answers show little habit of delivering on promises to the team on time. Where others wait for their work, this is a serious risk.',
          'Ask how they plan a working week, and check the answer with references from a previous team.',
        ],
        hi: [
          'जवाबों में टीम से किए वादे समय पर निभाने की आदत कम दिखती है। जहाँ दूसरे उनके काम का इंतज़ार करते हैं, वहाँ यह एक गंभीर जोखिम है।',
          'पूछें कि वे अपने काम का हफ़्ता कैसे बनाते हैं, और उनके जवाब को पिछली टीम से मिले संदर्भों से मिलाकर देखें।',
        ],
      },
    },
  },

  'Customer focus': {
    Empathy: {
      HIGH: {
        en: [
          'Reads how a customer feels and acknowledges it before solving the problem. Angry or anxious customers are likely to feel heard.',
          'Ask about a customer who was upset: what did they notice first, and what did they say to calm things down?',
        ],
        hi: [
          'ग्राहक की भावनाओं को अच्छी तरह समझते हैं और समस्या सुलझाने से पहले उन्हें स्वीकार करते हैं। नाराज़ या परेशान ग्राहकों को लगेगा कि उनकी बात सुनी गई।',
          'किसी नाराज़ ग्राहक के बारे में पूछें: उन्होंने सबसे पहले क्या महसूस किया, और माहौल शांत करने के लिए क्या कहा?',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Shows real concern for customers and usually listens before answering. With a difficult caller, may move to the solution a little too quickly.',
          'Ask how they know that a customer feels understood, not only that the problem is solved.',
        ],
        hi: [
          'ग्राहकों के लिए सच्ची चिंता दिखाते हैं और आम तौर पर जवाब देने से पहले सुनते हैं। मुश्किल ग्राहक के साथ थोड़ी जल्दी समाधान पर पहुँच सकते हैं।',
          'पूछें कि उन्हें कैसे पता चलता है कि ग्राहक को लगा कि उसे समझा गया, सिर्फ़ यह नहीं कि समस्या सुलझ गई।',
        ],
      },
      MODERATE: {
        en: [
          'Polite and helpful, but pays more attention to the task than to how the customer feels. Patience may run short when the same question comes again.',
          'Ask them to play out a call in which a customer asks the same question for the third time.',
        ],
        hi: [
          'विनम्र और मददगार हैं, पर ग्राहक कैसा महसूस कर रहा है, इससे ज़्यादा ध्यान काम पर देते हैं। एक ही सवाल बार-बार आए तो धैर्य कम पड़ सकता है।',
          'उनसे एक बातचीत करके दिखाने को कहें, जिसमें ग्राहक तीसरी बार वही सवाल पूछ रहा है।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Tends to answer the problem rather than the person: customers may find them correct but cold. Coaching on listening would help in a front-line role.',
          'Ask what, besides the problem itself, makes a customer angry.',
        ],
        hi: [
          'व्यक्ति के बजाय सिर्फ़ समस्या का जवाब देने की प्रवृत्ति है: ग्राहकों को वे सही पर रूखे लग सकते हैं। ग्राहकों से सीधे जुड़ी भूमिका में सुनने के कौशल पर प्रशिक्षण से मदद मिलेगी।',
          'पूछें कि उनके हिसाब से समस्या के अलावा और क्या बातें ग्राहक को नाराज़ करती हैं।',
        ],
      },
      LOW: {
        en: [
          'The answers suggest little attention to how customers feel, and impatience with difficult ones. A customer-facing role would be a stretch without close support.',
          'Ask about the most difficult customer they have dealt with, and listen for whether they describe the customer’s point of view.',
        ],
        hi: [
          'जवाबों से लगता है कि ग्राहक कैसा महसूस करते हैं, इस पर कम ध्यान जाता है, और मुश्किल ग्राहकों के साथ अधीरता रहती है। नज़दीकी सहयोग के बिना ग्राहकों से जुड़ी भूमिका कठिन होगी।',
          'उनके सबसे मुश्किल ग्राहक के बारे में पूछें, और ध्यान दें कि क्या वे ग्राहक का नज़रिया भी बताते हैं।',
        ],
      },
    },
    'Service recovery': {
      HIGH: {
        en: [
          'Turns a failure into a fix: apologises, offers a concrete remedy and checks back that the customer is satisfied. Likely to win back unhappy customers.',
          'Ask for a case where they won a customer back after a mistake: what did they offer, and whom did they have to convince?',
        ],
        hi: [
          'गलती को सुधार में बदलते हैं: माफ़ी माँगते हैं, ठोस समाधान देते हैं और बाद में पूछते हैं कि ग्राहक संतुष्ट है या नहीं। नाराज़ ग्राहकों को वापस जीतने की संभावना है।',
          'किसी ऐसे मामले के बारे में पूछें जहाँ गलती के बाद उन्होंने ग्राहक को वापस जीता: उन्होंने क्या पेशकश की, और किसे मनाना पड़ा?',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Handles complaints well and usually follows up. May stay within the usual remedies when a bolder gesture would keep the customer.',
          'Ask what they would do if the standard remedy is clearly not enough for a loyal customer.',
        ],
        hi: [
          'शिकायतें अच्छी तरह सँभालते हैं और आम तौर पर बाद में संपर्क करते हैं। जहाँ कोई बड़ा कदम ग्राहक को बचा सकता है, वहाँ भी सामान्य उपायों तक सीमित रह सकते हैं।',
          'पूछें कि अगर किसी पुराने ग्राहक के लिए सामान्य समाधान साफ़ तौर पर काफ़ी न हो, तो वे क्या करेंगे।',
        ],
      },
      MODERATE: {
        en: [
          'Solves the immediate complaint but does not always close the loop with the customer. Following up is the area to develop.',
          'Ask how they make sure that a problem they handed to another team was actually solved.',
        ],
        hi: [
          'तुरंत की शिकायत सुलझा देते हैं, पर हमेशा ग्राहक के साथ बात को अंजाम तक नहीं पहुँचाते। बाद में संपर्क करना वह पहलू है जिसे विकसित करना है।',
          'पूछें कि जो समस्या उन्होंने किसी दूसरी टीम को सौंपी, वह सच में सुलझी, यह वे कैसे पक्का करते हैं।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Tends to explain why something went wrong rather than put it right. Customers may leave with an explanation but without a remedy.',
          'Give them a complaint about a late delivery and ask for the exact words of their first reply.',
        ],
        hi: [
          'चीज़ ठीक करने के बजाय यह समझाने की प्रवृत्ति है कि गलती क्यों हुई। ग्राहक सफ़ाई लेकर तो जा सकते हैं, पर समाधान लेकर नहीं।',
          'उन्हें देर से डिलीवरी की एक शिकायत दें और पूछें कि उनके पहले जवाब के शब्द ठीक-ठीक क्या होंगे।',
        ],
      },
      LOW: {
        en: [
          'The answers suggest that complaints are passed on or defended rather than resolved. Service recovery would need training before this person handles escalations.',
          'Ask what they would do with a complaint they cannot solve themselves, and how the customer would hear about it.',
        ],
        hi: [
          'जवाबों से लगता है कि शिकायतें सुलझाने के बजाय आगे बढ़ा दी जाती हैं या उनका बचाव किया जाता है। बढ़े हुए मामले सँभालने से पहले इन्हें शिकायतें सुलझाने का प्रशिक्षण चाहिए।',
          'पूछें कि जो शिकायत वे खुद न सुलझा सकें, उसका वे क्या करेंगे, और ग्राहक को इसकी जानकारी कैसे मिलेगी।',
        ],
      },
    },
  },

  'Stress tolerance': {
    Composure: {
      HIGH: {
        en: [
          'Stays calm when deadlines close in or work is criticised in public, and keeps track of several urgent tasks. Likely to steady a team in a busy period; at the very top of the scale, check that calm does not turn into detachment.',
          'Ask about their busiest day at work: how did they decide what to do first?',
        ],
        hi: [
          'समय-सीमा पास आने पर या सबके सामने काम की आलोचना होने पर भी शांत रहते हैं, और कई ज़रूरी कामों का ध्यान रख पाते हैं। व्यस्त समय में टीम को सँभाले रखने की संभावना है; बहुत ऊँचे स्कोर पर देखें कि यह शांति उदासीनता तो नहीं।',
          'उनके काम के सबसे व्यस्त दिन के बारे में पूछें: उन्होंने कैसे तय किया कि पहले क्या करना है?',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Handles pressure well most of the time; public criticism or last-minute changes may unsettle them for a while.',
          'Ask how they responded the last time a plan changed at the last minute.',
        ],
        hi: [
          'ज़्यादातर समय दबाव अच्छी तरह सँभालते हैं; सबके सामने आलोचना या आख़िरी समय के बदलाव उन्हें थोड़ी देर के लिए विचलित कर सकते हैं।',
          'पूछें कि पिछली बार जब कोई योजना आख़िरी समय पर बदली, तब उन्होंने क्या किया।',
        ],
      },
      MODERATE: {
        en: [
          'Copes with ordinary pressure, but several urgent tasks at once or close deadlines take a visible toll. Clear priorities help them stay composed.',
          'Ask what they do when three urgent requests arrive at the same time.',
        ],
        hi: [
          'सामान्य दबाव झेल लेते हैं, पर एक साथ कई ज़रूरी काम या नज़दीकी समय-सीमाएँ उन पर साफ़ असर डालती हैं। स्पष्ट प्राथमिकताएँ उन्हें शांत रहने में मदद करती हैं।',
          'पूछें कि जब एक ही समय पर तीन ज़रूरी अनुरोध आ जाएँ तो वे क्या करते हैं।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Pressure is likely to affect their judgement and their tone. In a fast-paced role they would need a steady routine and support.',
          'Ask what helps them stay calm before an important deadline, and how their colleagues would notice that they are stressed.',
        ],
        hi: [
          'दबाव उनके निर्णय और बोलचाल पर असर डाल सकता है। तेज़ रफ़्तार वाली भूमिका में उन्हें एक स्थिर दिनचर्या और सहयोग की ज़रूरत होगी।',
          'पूछें कि किसी अहम समय-सीमा से पहले उन्हें शांत रहने में क्या मदद करता है, और उनके सहकर्मी कैसे जानेंगे कि वे तनाव में हैं।',
        ],
      },
      LOW: {
        en: [
          'The answers suggest that pressure is hard for them to manage: deadlines, criticism and competing demands all unsettle them. A high-pressure role is a real risk.',
          'Ask about a stressful period at work or in their studies, and what they did to get through it.',
        ],
        hi: [
          'जवाबों से लगता है कि दबाव सँभालना उनके लिए कठिन है: समय-सीमाएँ, आलोचना और एक साथ कई माँगें, सभी उन्हें विचलित करती हैं। ज़्यादा दबाव वाली भूमिका एक वास्तविक जोखिम है।',
          'काम या पढ़ाई के किसी तनाव भरे दौर के बारे में पूछें, और यह भी कि उससे निकलने के लिए उन्होंने क्या किया।',
        ],
      },
    },
    Recovery: {
      HIGH: {
        en: [
          'Bounces back quickly after a setback and switches off well after a hard day, so their energy lasts through long busy periods. Check that recovering quickly does not mean brushing problems aside.',
          'Ask about a recent setback: how long did it stay with them, and what did they take from it?',
        ],
        hi: [
          'किसी झटके के बाद जल्दी सँभल जाते हैं और कठिन दिन के बाद काम से अच्छी तरह दूरी बना लेते हैं, इसलिए लंबे व्यस्त दौर में भी ऊर्जा बनी रहती है। देखें कि जल्दी सँभलने का मतलब समस्याओं को अनदेखा करना न हो।',
          'हाल के किसी झटके के बारे में पूछें: वह कितनी देर तक उनके मन में रहा, और उससे उन्होंने क्या सीखा?',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Recovers well from most setbacks and usually rests properly after a demanding day. A run of bad days may take longer to shake off.',
          'Ask what they do to recharge during a long, demanding project.',
        ],
        hi: [
          'ज़्यादातर झटकों से अच्छी तरह उबर जाते हैं और मेहनत भरे दिन के बाद आम तौर पर ठीक से आराम करते हैं। लगातार कई ख़राब दिन हों तो उबरने में ज़्यादा समय लग सकता है।',
          'पूछें कि किसी लंबे और मेहनत भरे प्रोजेक्ट के दौरान वे फिर से ऊर्जा कैसे पाते हैं।',
        ],
      },
      MODERATE: {
        en: [
          'Recovers from setbacks, but not quickly: a bad day can carry over into the next. Regular feedback and visible progress help.',
          'Ask how a disappointing result affected the weeks that followed it.',
        ],
        hi: [
          'झटकों से उबर जाते हैं, पर जल्दी नहीं: एक ख़राब दिन का असर अगले दिन तक रह सकता है। नियमित प्रतिक्रिया और दिखने वाली प्रगति से मदद मिलती है।',
          'पूछें कि किसी निराश करने वाले नतीजे का उसके बाद के हफ़्तों पर क्या असर पड़ा।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Setbacks tend to stay with them, and switching off after work is hard. Over time this may wear them down in a demanding role.',
          'Ask what they do in the evening after a difficult day, and what support has helped them before.',
        ],
        hi: [
          'झटके उनके मन में टिके रहते हैं और काम के बाद उससे ध्यान हटाना कठिन होता है। समय के साथ मेहनत भरी भूमिका में इससे थकान बढ़ सकती है।',
          'पूछें कि किसी कठिन दिन के बाद शाम को वे क्या करते हैं, और पहले किस तरह के सहयोग से उन्हें मदद मिली है।',
        ],
      },
      LOW: {
        en: [
          'The answers suggest that setbacks weigh on them for a long time and rest does not come easily. Burnout is a risk in a high-pressure role, so talk about workload openly.',
          'Ask how they recovered from the hardest setback they remember, and what they would need from a manager.',
        ],
        hi: [
          'जवाबों से लगता है कि झटके लंबे समय तक उन पर भारी रहते हैं और आराम आसानी से नहीं मिलता। ज़्यादा दबाव वाली भूमिका में थककर टूट जाने का जोखिम है, इसलिए काम के बोझ पर खुलकर बात करें।',
          'पूछें कि उन्हें याद आने वाले सबसे बड़े झटके से वे कैसे उबरे, और उन्हें अपने प्रबंधक से क्या चाहिए होगा।',
        ],
      },
    },
  },

  Enneagram: {
    'Type 1': {
      HIGH: {
        en: [
          'Strongly type 1, the reformer: principled, orderly and driven to do things the right way. Brings high standards, but may be hard on themselves and others when work falls short.',
          'Ask about a time they had to accept work that was good enough rather than perfect.',
        ],
        hi: [
          'टाइप 1, यानी सुधारक, की झलक साफ़ है: सिद्धांतवादी, व्यवस्थित और हर काम सही ढंग से करने को प्रेरित। ऊँचे मानक लाते हैं, पर जब काम उम्मीद से कम हो तो खुद पर और दूसरों पर सख़्त हो सकते हैं।',
          'ऐसे समय के बारे में पूछें जब उन्हें बिल्कुल सही के बजाय ‘काफ़ी अच्छा’ काम स्वीकार करना पड़ा।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Type 1 traits are clear: careful, conscientious and keen to improve how things are done, with some flexibility when it is needed.',
          'Ask what they improved in their last team’s way of working, and how they brought the others along.',
        ],
        hi: [
          'टाइप 1 के गुण साफ़ हैं: सावधान, कर्तव्यनिष्ठ और काम करने के तरीके सुधारने को उत्सुक, ज़रूरत पड़ने पर कुछ लचीलेपन के साथ।',
          'पूछें कि पिछली टीम के काम करने के तरीके में उन्होंने क्या सुधारा, और बाकी लोगों को साथ कैसे लिया।',
        ],
      },
      MODERATE: {
        en: [
          'Some type 1 traits: cares about doing things properly without being driven by it. Standards and flexibility are in balance.',
          'Ask what doing a job well means to them, with an example.',
        ],
        hi: [
          'टाइप 1 के कुछ गुण हैं: काम ठीक से करने की परवाह करते हैं, पर उसके पीछे भागते नहीं। मानकों और लचीलेपन में संतुलन है।',
          'पूछें कि उनके लिए किसी काम को अच्छी तरह करने का क्या मतलब है, एक उदाहरण के साथ।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Type 1 is not a strong pattern: rules and exact standards matter less to them than getting things done. Useful for quick progress; check their attention to detail where it matters.',
          'Ask how they check their own work before handing it over.',
        ],
        hi: [
          'टाइप 1 का पैटर्न मज़बूत नहीं है: उनके लिए नियमों और सटीक मानकों से ज़्यादा काम पूरा करना मायने रखता है। जल्दी प्रगति के लिए उपयोगी; जहाँ ज़रूरी हो वहाँ बारीकियों पर उनका ध्यान जाँचें।',
          'पूछें कि काम सौंपने से पहले वे अपना काम कैसे जाँचते हैं।',
        ],
      },
      LOW: {
        en: [
          'Type 1 hardly shows: they are relaxed about rules and procedures. In a role with strict quality or compliance demands, find out how they keep to them.',
          'Ask about a time they had to follow a procedure they thought unnecessary.',
        ],
        hi: [
          'टाइप 1 की झलक लगभग नहीं है: नियमों और प्रक्रियाओं को लेकर वे ढीले रहते हैं। सख़्त गुणवत्ता या अनुपालन वाली भूमिका में जानें कि वे उनका पालन कैसे करेंगे।',
          'ऐसे समय के बारे में पूछें जब उन्हें कोई ऐसी प्रक्रिया माननी पड़ी जो उन्हें ग़ैर-ज़रूरी लगी।',
        ],
      },
    },
    'Type 2': {
      HIGH: {
        en: [
          'Strongly type 2, the helper: warm, generous and quick to notice what others need. A natural support for colleagues and customers, though saying no may be hard for them.',
          'Ask about a time they turned down a request for help, and how they did it.',
        ],
        hi: [
          'टाइप 2, यानी सहायक, की झलक साफ़ है: स्नेही, उदार और दूसरों की ज़रूरत जल्दी भाँप लेने वाले। सहकर्मियों और ग्राहकों का स्वाभाविक सहारा हैं, हालाँकि उन्हें ‘ना’ कहना कठिन लग सकता है।',
          'ऐसे समय के बारे में पूछें जब उन्होंने मदद का कोई अनुरोध ठुकराया, और कैसे।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Type 2 traits are clear: helpful and attentive to people, while still keeping their own work on track.',
          'Ask how they balance helping colleagues with their own deadlines.',
        ],
        hi: [
          'टाइप 2 के गुण साफ़ हैं: मददगार और लोगों का ध्यान रखने वाले, साथ ही अपने काम को भी पटरी पर रखते हैं।',
          'पूछें कि सहकर्मियों की मदद और अपनी समय-सीमाओं के बीच वे संतुलन कैसे बनाते हैं।',
        ],
      },
      MODERATE: {
        en: [
          'Some type 2 traits: friendly and helps when asked, without putting others’ needs ahead of their own.',
          'Ask what they did the last time a colleague was struggling.',
        ],
        hi: [
          'टाइप 2 के कुछ गुण हैं: मिलनसार हैं और माँगने पर मदद करते हैं, पर दूसरों की ज़रूरतों को अपनी ज़रूरतों से ऊपर नहीं रखते।',
          'पूछें कि पिछली बार जब कोई सहकर्मी मुश्किल में था, तब उन्होंने क्या किया।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Type 2 is not a strong pattern: they focus on tasks more than on relationships. In a caring or customer-facing role, check how they build rapport.',
          'Ask how they got to know the people in their last team.',
        ],
        hi: [
          'टाइप 2 का पैटर्न मज़बूत नहीं है: रिश्तों से ज़्यादा काम पर ध्यान देते हैं। देखभाल या ग्राहकों से जुड़ी भूमिका में जाँचें कि वे लोगों से तालमेल कैसे बनाते हैं।',
          'पूछें कि अपनी पिछली टीम के लोगों को उन्होंने कैसे जाना।',
        ],
      },
      LOW: {
        en: [
          'Type 2 hardly shows: they keep a professional distance and rarely put others’ needs first. This suits independent work; a role built on personal service may feel unnatural to them.',
          'Ask what a good working relationship looks like to them.',
        ],
        hi: [
          'टाइप 2 की झलक लगभग नहीं है: पेशेवर दूरी बनाए रखते हैं और शायद ही दूसरों की ज़रूरतों को पहले रखते हैं। यह स्वतंत्र काम के लिए ठीक है; निजी सेवा पर टिकी भूमिका उन्हें अस्वाभाविक लग सकती है।',
          'पूछें कि उनके लिए एक अच्छा कामकाजी रिश्ता कैसा दिखता है।',
        ],
      },
    },
    'Type 3': {
      HIGH: {
        en: [
          'Strongly type 3, the achiever: ambitious, goal-driven and energised by visible results. Likely to push hard for targets, though image and speed may at times come before depth.',
          'Ask about a goal they missed, and how they talked about it with their manager.',
        ],
        hi: [
          'टाइप 3, यानी उपलब्धि पाने वाले, की झलक साफ़ है: महत्वाकांक्षी, लक्ष्य पर केंद्रित और दिखने वाले नतीजों से ऊर्जा पाने वाले। लक्ष्यों के लिए पूरा ज़ोर लगाएँगे, हालाँकि कभी-कभी छवि और रफ़्तार गहराई से आगे निकल सकती है।',
          'किसी ऐसे लक्ष्य के बारे में पूछें जो पूरा नहीं हुआ, और उन्होंने अपने प्रबंधक से उस पर कैसे बात की।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Type 3 traits are clear: motivated by goals and recognition, efficient and quick to adapt.',
          'Ask which achievement they are proudest of, and what it cost them.',
        ],
        hi: [
          'टाइप 3 के गुण साफ़ हैं: लक्ष्यों और पहचान से प्रेरित, कुशल और परिस्थिति के हिसाब से जल्दी ढलने वाले।',
          'पूछें कि उन्हें किस उपलब्धि पर सबसे ज़्यादा गर्व है, और उसके लिए उन्हें क्या क़ीमत चुकानी पड़ी।',
        ],
      },
      MODERATE: {
        en: [
          'Some type 3 traits: likes to achieve and to be recognised for it, without being driven by it.',
          'Ask what keeps them motivated when results take a long time to show.',
        ],
        hi: [
          'टाइप 3 के कुछ गुण हैं: उपलब्धि और उसकी पहचान उन्हें अच्छी लगती है, पर वे उसके पीछे भागते नहीं।',
          'पूछें कि जब नतीजे दिखने में लंबा समय लगे, तब उन्हें क्या प्रेरित रखता है।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Type 3 is not a strong pattern: targets and recognition motivate them less than the work itself or the people. In a target-driven role, find out what does drive them.',
          'Ask how they respond to a sales or productivity target that they find too high.',
        ],
        hi: [
          'टाइप 3 का पैटर्न मज़बूत नहीं है: लक्ष्यों और पहचान से ज़्यादा उन्हें काम या लोग प्रेरित करते हैं। लक्ष्य आधारित भूमिका में जानें कि उन्हें असल में क्या आगे बढ़ाता है।',
          'पूछें कि जो बिक्री या उत्पादकता लक्ष्य उन्हें बहुत ऊँचा लगे, उस पर वे क्या करते हैं।',
        ],
      },
      LOW: {
        en: [
          'Type 3 hardly shows: competition and status matter little to them. This suits steady, collaborative work; a role built on individual targets may not motivate them.',
          'Ask what success at work would mean to them a year from now.',
        ],
        hi: [
          'टाइप 3 की झलक लगभग नहीं है: प्रतिस्पर्धा और ओहदा उनके लिए कम मायने रखते हैं। यह स्थिर, मिलजुलकर होने वाले काम के लिए ठीक है; व्यक्तिगत लक्ष्यों पर टिकी भूमिका शायद उन्हें प्रेरित न करे।',
          'पूछें कि एक साल बाद काम में सफलता का उनके लिए क्या मतलब होगा।',
        ],
      },
    },
  },

  'Numerical reasoning': {
    Arithmetic: {
      HIGH: {
        en: [
          'Quick and accurate with percentages, speeds and ratios. Can be trusted with the figures of daily work, such as discounts, targets and stock.',
          'Ask them to talk through a calculation they did at work or in their studies, and how they checked it.',
        ],
        hi: [
          'प्रतिशत, रफ़्तार और अनुपात के सवाल तेज़ी और सटीकता से हल करते हैं। छूट, लक्ष्य और स्टॉक जैसे रोज़ के आँकड़ों में उन पर भरोसा किया जा सकता है।',
          'उनसे काम या पढ़ाई में किए किसी हिसाब को समझाने को कहें, और पूछें कि उन्होंने उसे कैसे जाँचा।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Handles everyday arithmetic well, with the occasional slip on problems of several steps.',
          'Give them a two-step percentage question, such as a further discount on a discounted price, and ask them to think aloud.',
        ],
        hi: [
          'रोज़मर्रा का हिसाब अच्छी तरह कर लेते हैं, कई चरणों वाले सवालों में कभी-कभार चूक हो जाती है।',
          'उन्हें दो चरणों वाला प्रतिशत का सवाल दें, जैसे छूट वाली क़ीमत पर एक और छूट, और बोलकर सोचते हुए हल करने को कहें।',
        ],
      },
      MODERATE: {
        en: [
          'Gets simple calculations right, but loses accuracy when several steps or units are involved. A calculator and a second check would help in work with many figures.',
          'Ask how they would check a bill or an invoice for mistakes.',
        ],
        hi: [
          'आसान हिसाब सही कर लेते हैं, पर कई चरण या इकाइयाँ आने पर सटीकता घट जाती है। आँकड़ों से भरे काम में कैलकुलेटर और दोबारा जाँच से मदद मिलेगी।',
          'पूछें कि किसी बिल या इनवॉइस में ग़लतियाँ वे कैसे जाँचेंगे।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Percentages and ratios are error-prone for them. A role that needs quick mental arithmetic would need training or tools.',
          'Ask them to estimate a 15% discount on a round amount, and how they got there.',
        ],
        hi: [
          'प्रतिशत और अनुपात में उनसे ग़लतियाँ होने की संभावना है। जिस भूमिका में जल्दी मन में हिसाब लगाना पड़े, वहाँ प्रशिक्षण या साधनों की ज़रूरत होगी।',
          'किसी पूरी रक़म पर 15% छूट का अंदाज़ा लगाने को कहें, और पूछें कि वे उस तक कैसे पहुँचे।',
        ],
      },
      LOW: {
        en: [
          'Most arithmetic questions were answered wrongly. If the role involves handling money or figures, this needs a closer look.',
          'Ask how comfortable they feel with numbers, and give them one simple calculation to solve on paper.',
        ],
        hi: [
          'हिसाब के ज़्यादातर सवालों के जवाब ग़लत रहे। अगर भूमिका में पैसे या आँकड़े सँभालने हों, तो इसे ध्यान से देखना ज़रूरी है।',
          'पूछें कि संख्याओं के साथ वे कितना सहज महसूस करते हैं, और कागज़ पर हल करने के लिए एक आसान हिसाब दें।',
        ],
      },
    },
    'Data interpretation': {
      HIGH: {
        en: [
          'Reads tables and figures accurately and draws the right conclusions from them, averages and comparisons included. Suited to reporting and analysis.',
          'Show them a small sales table and ask what they would tell a manager in two sentences.',
        ],
        hi: [
          'तालिकाएँ और आँकड़े सही पढ़ते हैं और उनसे सही निष्कर्ष निकालते हैं, औसत और तुलना समेत। रिपोर्टिंग और विश्लेषण के कामों के लिए उपयुक्त।',
          'उन्हें बिक्री की एक छोटी तालिका दिखाएँ और पूछें कि दो वाक्यों में वे प्रबंधक को क्या बताएँगे।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Interprets data well in most cases; a detail may escape them when a question combines several figures.',
          'Ask how they would check whether a rise in a monthly figure means something or is just chance.',
        ],
        hi: [
          'ज़्यादातर मामलों में आँकड़ों को अच्छी तरह समझते हैं; जब सवाल में कई आँकड़े जुड़े हों तो कोई बारीकी छूट सकती है।',
          'पूछें कि किसी मासिक आँकड़े में बढ़त सच में कुछ बताती है या बस संयोग है, यह वे कैसे जाँचेंगे।',
        ],
      },
      MODERATE: {
        en: [
          'Can read a simple table or chart, but conclusions drawn from averages and comparisons are less reliable.',
          'Ask them to explain the difference between an average and a total with an example from their own work.',
        ],
        hi: [
          'साधारण तालिका या चार्ट पढ़ लेते हैं, पर औसत और तुलना से निकाले गए निष्कर्ष कम भरोसेमंद हैं।',
          'उनसे अपने काम के किसी उदाहरण से औसत और कुल योग का अंतर समझाने को कहें।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Often misreads what figures show, averages especially. Reports they prepare should be reviewed at first.',
          'Give them a chart with two lines and ask what changed, and when.',
        ],
        hi: [
          'अक्सर आँकड़ों का मतलब ग़लत पढ़ लेते हैं, ख़ासकर औसत का। शुरुआत में उनकी बनाई रिपोर्टों की समीक्षा होनी चाहिए।',
          'उन्हें दो रेखाओं वाला एक चार्ट दें और पूछें कि क्या बदला, और कब।',
        ],
      },
      LOW: {
        en: [
          'Most data questions were answered wrongly. A role that relies on reading reports or dashboards would be a stretch without training.',
          'Ask which figures they have used to make a decision, and how they read them.',
        ],
        hi: [
          'आँकड़ों के ज़्यादातर सवालों के जवाब ग़लत रहे। रिपोर्ट या डैशबोर्ड पढ़ने पर टिकी भूमिका बिना प्रशिक्षण के कठिन होगी।',
          'पूछें कि किसी फ़ैसले के लिए उन्होंने कौन-से आँकड़े इस्तेमाल किए हैं, और उन्हें कैसे पढ़ा।',
        ],
      },
    },
  },

  Programming: {
    Algorithms: {
      HIGH: {
        en: [
          'Writes correct programs that pass the hidden test cases, and knows the basic data structures and what they cost. Ready for a technical interview at the next level.',
          'Ask how they would make one of their solutions handle a million inputs, and what would break first.',
        ],
        hi: [
          'सही प्रोग्राम लिखते हैं जो छिपे हुए टेस्ट केस भी पास करते हैं, और बुनियादी डेटा स्ट्रक्चर व उनकी लागत जानते हैं। अगले स्तर के तकनीकी इंटरव्यू के लिए तैयार हैं।',
          'पूछें कि वे अपने किसी समाधान को दस लाख इनपुट के लिए कैसे तैयार करेंगे, और सबसे पहले क्या टूटेगा।',
        ],
      },
      MODERATE_HIGH: {
        en: [
          'Solves most programming tasks correctly; here and there an edge case, such as capital letters or the input’s format, slipped through.',
          'Go through one of their submissions together and ask which inputs they tried it with.',
        ],
        hi: [
          'प्रोग्रामिंग के ज़्यादातर काम सही हल करते हैं; कहीं-कहीं कोई ख़ास स्थिति, जैसे बड़े अक्षर या इनपुट का प्रारूप, छूट गई।',
          'उनके किसी सबमिशन को साथ बैठकर देखें और पूछें कि उन्होंने उसे किन इनपुट से जाँचा।',
        ],
      },
      MODERATE: {
        en: [
          'Gets the main idea of a program right, but misses the cases that the examples do not show. Their knowledge of data structures is partial.',
          'Ask how they would test a function before submitting it, beyond the examples given.',
        ],
        hi: [
          'प्रोग्राम का मुख्य विचार सही पकड़ते हैं, पर वे स्थितियाँ छोड़ देते हैं जो उदाहरणों में नहीं दिखतीं। डेटा स्ट्रक्चर की जानकारी अधूरी है।',
          'पूछें कि दिए गए उदाहरणों के अलावा, सबमिट करने से पहले वे किसी फ़ंक्शन को कैसे जाँचेंगे।',
        ],
      },
      LOW_MODERATE: {
        en: [
          'Programs often fail the hidden test cases, and the basic questions on data structures were partly wrong. Could suit a junior role with mentoring.',
          'Ask them to explain in their own words what a stack is, and where they have used one.',
        ],
        hi: [
          'प्रोग्राम अक्सर छिपे हुए टेस्ट केस में फ़ेल होते हैं, और डेटा स्ट्रक्चर के बुनियादी सवाल आंशिक रूप से ग़लत रहे। मार्गदर्शन के साथ किसी जूनियर भूमिका में ठीक रह सकते हैं।',
          'उनसे अपने शब्दों में समझाने को कहें कि स्टैक क्या होता है, और उन्होंने उसे कहाँ इस्तेमाल किया है।',
        ],
      },
      LOW: {
        en: [
          'The programs did not produce correct results, and most questions on data structures were answered wrongly. Not ready for an engineering role without substantial training.',
          'Ask about the last program they wrote from scratch: what it did, and how they knew that it worked.',
        ],
        hi: [
          'प्रोग्रामों ने सही नतीजे नहीं दिए, और डेटा स्ट्रक्चर के ज़्यादातर सवालों के जवाब ग़लत रहे। काफ़ी प्रशिक्षण के बिना इंजीनियरिंग भूमिका के लिए तैयार नहीं हैं।',
          'पिछली बार शुरू से लिखे गए उनके प्रोग्राम के बारे में पूछें: वह क्या करता था, और उन्हें कैसे पता चला कि वह ठीक चलता है।',
        ],
      },
    },
  },
};

const ASK_NEXT = { en: 'Ask next:', hi: 'इंटरव्यू में पूछें:' } as const;

/** A band text as the rich-text editor stores it: the reading, then the question to ask in its own paragraph. */
export function bandHtml(language: 'en' | 'hi', [reading, askNext]: readonly [string, string]): string {
  return `<p>${reading}</p><p><strong>${ASK_NEXT[language]}</strong> ${askNext}</p>`;
}

/**
 * Writes the band texts of every demo sub-skill in English and Hindi (one statement). A demo
 * sub-skill without texts is a mistake in the demo data, so it stops the seed rather than leave a
 * report without its content.
 */
export async function seedDemoReports(db: Kysely<Database>, people: { editorId: string }): Promise<void> {
  const subSkills = await db
    .selectFrom('questionTypes as qt')
    .innerJoin('testTypes as tt', 'tt.id', 'qt.testTypeId')
    .select(['qt.id', 'qt.label', 'tt.label as skill'])
    .execute();
  const languages = new Map((await db.selectFrom('languages').select(['id', 'code']).where('code', 'in', ['en', 'hi']).execute()).map((l) => [l.code, l.id]));
  const rows = subSkills.flatMap((subSkill) => {
    const texts = DEMO_REPORT_CONTENT[subSkill.skill]?.[subSkill.label];
    if (!texts) throw new Error(`The demo sub-skill “${subSkill.skill}: ${subSkill.label}” has no report content.`);
    return RATING_BANDS.flatMap((band) =>
      (['en', 'hi'] as const).map((language) => ({
        questionTypeId: subSkill.id,
        band,
        languageId: languages.get(language)!,
        content: bandHtml(language, texts[band][language]),
        updatedBy: people.editorId,
      })),
    );
  });
  if (rows.length) await db.insertInto('reportContents').values(rows).execute();
}
