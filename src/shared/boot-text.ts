/**
 * The few words the page shows before its script runs: the tab title, the loading line and the
 * `<noscript>` text, per language. The service writes them into index.html for the language the
 * payer asked for (`?lang=`, then Accept-Language), so not even the first paint is in English on,
 * say, a Hindi phone. The loading line is the same text as the page's own `loading` message.
 */
import { type Locale, pickLocale } from './locale-pick.js';

export interface BootText {
  readonly title: string;
  readonly loading: string;
  readonly noscript: string;
}

export const BOOT_TEXT: { readonly [L in Locale]: BootText } = {
  en: {
    title: 'Payment',
    loading: 'Loading your payment…',
    noscript: 'This payment page needs JavaScript. Please turn it on and reload.',
  },
  hi: {
    title: 'भुगतान',
    loading: 'आपका भुगतान खुल रहा है…',
    noscript: 'इस भुगतान पेज के लिए जावास्क्रिप्ट चाहिए। कृपया इसे चालू करें और पेज फिर से खोलें।',
  },
  bn: {
    title: 'পেমেন্ট',
    loading: 'আপনার পেমেন্ট খোলা হচ্ছে…',
    noscript: 'এই পেমেন্ট পেজের জন্য জাভাস্ক্রিপ্ট দরকার। দয়া করে এটি চালু করে পেজটি আবার খুলুন।',
  },
  ta: {
    title: 'பணம் செலுத்துதல்',
    loading: 'உங்கள் பணம் செலுத்தும் பக்கம் திறக்கிறது…',
    noscript: 'இந்தப் பணம் செலுத்தும் பக்கத்துக்கு ஜாவாஸ்கிரிப்ட் தேவை. அதை இயக்கி, பக்கத்தை மீண்டும் திறங்கள்.',
  },
  te: {
    title: 'చెల్లింపు',
    loading: 'మీ చెల్లింపు తెరుచుకుంటోంది…',
    noscript: 'ఈ చెల్లింపు పేజీకి జావాస్క్రిప్ట్ అవసరం. దయచేసి దాన్ని ఆన్ చేసి పేజీని మళ్లీ తెరవండి.',
  },
  mr: {
    title: 'पेमेंट',
    loading: 'तुमचे पेमेंट उघडत आहे…',
    noscript: 'या पेमेंट पेजसाठी जावास्क्रिप्ट आवश्यक आहे. कृपया ते सुरू करा आणि पेज पुन्हा उघडा.',
  },
  gu: {
    title: 'પેમેન્ટ',
    loading: 'તમારું પેમેન્ટ ખૂલી રહ્યું છે…',
    noscript: 'આ પેમેન્ટ પેજ માટે જાવાસ્ક્રિપ્ટ જરૂરી છે. કૃપા કરી તેને ચાલુ કરો અને પેજ ફરી ખોલો.',
  },
  kn: {
    title: 'ಪಾವತಿ',
    loading: 'ನಿಮ್ಮ ಪಾವತಿ ತೆರೆಯುತ್ತಿದೆ…',
    noscript: 'ಈ ಪಾವತಿ ಪುಟಕ್ಕೆ ಜಾವಾಸ್ಕ್ರಿಪ್ಟ್ ಬೇಕು. ದಯವಿಟ್ಟು ಅದನ್ನು ಆನ್ ಮಾಡಿ ಪುಟವನ್ನು ಮತ್ತೆ ತೆರೆಯಿರಿ.',
  },
  ml: {
    title: 'പേയ്‌മെന്റ്',
    loading: 'നിങ്ങളുടെ പേയ്‌മെന്റ് തുറക്കുന്നു…',
    noscript: 'ഈ പേയ്‌മെന്റ് പേജിന് ജാവാസ്ക്രിപ്റ്റ് ആവശ്യമാണ്. ദയവായി അത് ഓണാക്കി പേജ് വീണ്ടും തുറക്കുക.',
  },
  pa: {
    title: 'ਭੁਗਤਾਨ',
    loading: 'ਤੁਹਾਡਾ ਭੁਗਤਾਨ ਖੁੱਲ੍ਹ ਰਿਹਾ ਹੈ…',
    noscript: 'ਇਸ ਭੁਗਤਾਨ ਪੰਨੇ ਲਈ ਜਾਵਾਸਕ੍ਰਿਪਟ ਚਾਹੀਦੀ ਹੈ। ਕਿਰਪਾ ਕਰਕੇ ਇਸਨੂੰ ਚਾਲੂ ਕਰੋ ਅਤੇ ਪੰਨਾ ਦੁਬਾਰਾ ਖੋਲ੍ਹੋ।',
  },
  or: {
    title: 'ପେମେଣ୍ଟ',
    loading: 'ଆପଣଙ୍କ ପେମେଣ୍ଟ ଖୋଲୁଛି…',
    noscript: 'ଏହି ପେମେଣ୍ଟ ପୃଷ୍ଠା ପାଇଁ ଜାଭାସ୍କ୍ରିପ୍ଟ ଆବଶ୍ୟକ। ଦୟାକରି ଏହାକୁ ଚାଲୁ କରି ପୃଷ୍ଠାଟି ପୁଣି ଖୋଲନ୍ତୁ।',
  },
};

export function bootTextFor(
  queryLang: string | null,
  acceptLanguage: string | undefined,
): {
  readonly locale: Locale;
  readonly text: BootText;
} {
  const locale = pickLocale(queryLang, parseAcceptLanguage(acceptLanguage ?? ''));
  return { locale, text: BOOT_TEXT[locale] };
}

/** Accept-Language's tags, most preferred first (`hi-IN,hi;q=0.9,en;q=0.8`). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
