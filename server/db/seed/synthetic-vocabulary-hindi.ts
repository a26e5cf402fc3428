import type { CategoryTitle } from './catalogue-data.js';

/**
 * The synthetic catalogue's words in Hindi (decision 050), so benchmarks search Hindi titles too:
 * 'सैमसंग Crystal 4K स्मार्ट LED टीवी 55 इंच (मॉडल TV-10234)'. Model names stay as printed
 * (Crystal 4K, Galaxy A15), as Hindi shop listings keep them; the nouns are the words shoppers type.
 */

export const nounsHindi: Record<string, string> = {
  'Analog Watch': 'एनालॉग घड़ी',
  Smartwatch: 'स्मार्ट घड़ी',
  'Analog-Digital Watch': 'एनालॉग-डिजिटल घड़ी',
  'Smart LED TV': 'स्मार्ट LED टीवी',
  'Smart TV': 'स्मार्ट टीवी',
  '4K Google TV': '4K गूगल टीवी',
  '4K Smart TV': '4K स्मार्ट टीवी',
  'webOS Smart TV': 'webOS स्मार्ट टीवी',
  'Google TV': 'गूगल टीवी',
  'Smart Android TV': 'स्मार्ट एंड्रॉयड टीवी',
  'QLED TV': 'QLED टीवी',
  'DSLR Camera': 'DSLR कैमरा',
  'Mirrorless Camera': 'मिररलेस कैमरा',
  'Vlog Camera': 'व्लॉग कैमरा',
  'Action Camera': 'ऐक्शन कैमरा',
  Laptop: 'लैपटॉप',
  'Thin and Light Laptop': 'पतला और हल्का लैपटॉप',
  'Gaming Laptop': 'गेमिंग लैपटॉप',
  'Business Laptop': 'बिज़नेस लैपटॉप',
  M3: 'M3 लैपटॉप',
  'Washing Machine': 'वॉशिंग मशीन',
  'Front Load Washing Machine': 'फ़्रंट लोड वॉशिंग मशीन',
  'Frost Free Refrigerator': 'फ़्रॉस्ट फ़्री फ़्रिज',
  'Direct Cool Refrigerator': 'डायरेक्ट कूल फ़्रिज',
  'Mixer Grinder': 'मिक्सर ग्राइंडर',
  'Split AC': 'स्प्लिट एसी',
  'Air Fryer': 'एयर फ़्रायर',
  'Convection Microwave': 'कन्वेक्शन माइक्रोवेव',
  '5G': '5G मोबाइल फ़ोन',
  Smartphone: 'स्मार्टफ़ोन',
  'Wi-Fi Tablet': 'वाई-फ़ाई टैबलेट',
  'Wi-Fi': 'वाई-फ़ाई टैबलेट',
  'TWS Earbuds': 'TWS ईयरबड्स',
  'Bluetooth Headphones': 'ब्लूटूथ हेडफ़ोन',
  'Bluetooth Speaker': 'ब्लूटूथ स्पीकर',
  'Wireless Headphones': 'वायरलेस हेडफ़ोन',
  'Wireless Controller': 'वायरलेस कंट्रोलर',
  'Portable Speaker': 'पोर्टेबल स्पीकर',
  Sneakers: 'स्नीकर्स जूते',
  'Running Shoes': 'रनिंग जूते',
  'Regular Fit T-Shirt': 'रेगुलर फ़िट टी-शर्ट',
  'Polo T-Shirt': 'पोलो टी-शर्ट',
  'Slim Fit Jeans': 'स्लिम फ़िट जींस',
  'Tapered Jeans': 'टेपर्ड जींस',
  'Crew Neck T-Shirt': 'राउंड नेक टी-शर्ट',
  Hoodie: 'हुडी',
  Sweatshirt: 'स्वेटशर्ट',
  'Polarised Sunglasses': 'पोलराइज़्ड धूप का चश्मा',
  Backpack: 'बैकपैक बैग',
};

/** Variant words; sizes and units follow the rules of `variantHindi`. */
const variantWords: Record<string, string> = {
  'for Men': 'पुरुषों के लिए',
  'for Women': 'महिलाओं के लिए',
  '(Unisex)': '(यूनिसेक्स)',
  'Body Only': 'केवल बॉडी',
  'with 18-55mm Lens': '18-55mm लेंस के साथ',
  'with 18-135mm Lens': '18-135mm लेंस के साथ',
  'Twin Lens Kit': 'दो लेंस वाली किट',
  Standalone: 'सिर्फ़ कैमरा',
  'Creator Bundle': 'क्रिएटर बंडल',
  'Adventure Kit': 'एडवेंचर किट',
  Standard: 'स्टैंडर्ड',
  Pro: 'प्रो',
  Plus: 'प्लस',
  Max: 'मैक्स',
  'Black Edition': 'ब्लैक एडिशन',
  'Limited Edition': 'लिमिटेड एडिशन',
  Lite: 'लाइट',
  '(Small)': '(छोटा)',
  '(Medium)': '(मीडियम)',
  '(Large)': '(बड़ा)',
};

/** A variant as a Hindi listing writes it: 55 इंच, 7.5 किलो, 253 लीटर, 750 वॉट, (साइज़ M). */
export function variantHindi(variant: string): string {
  const word = variantWords[variant];
  if (word) return word;
  return variant
    .replace(/^(\d+)"$/, '$1 इंच')
    .replace(/ kg$/, ' किलो')
    .replace(/ L$/, ' लीटर')
    .replace(/^(\d+)W$/, '$1 वॉट')
    .replace(/ Ton /, ' टन ')
    .replace(/ Star$/, ' स्टार')
    .replace(/^\(Size /, '(साइज़ ');
}

/** Each line's paragraphs, in the order of the English ones (the same one is picked). */
export const blurbsHindi: Record<CategoryTitle, readonly string[]> = {
  Watches: [
    '{brand} {series} {noun} में एक नज़र में पढ़ा जाने वाला डायल और रोज़ पहनने के लिए आरामदायक स्ट्रैप है।',
    '{brand} की भरोसेमंद {noun}: {series} दफ़्तर के व्यस्त दिनों और छुट्टी की योजनाओं, दोनों के लिए बनी है।',
    'कलाई पर हल्की और दिखने में शानदार, {brand} {series} एक सोच-समझकर दिया गया तोहफ़ा है।',
  ],
  TVs: [
    '{brand} {series} {noun} आपके ड्रॉइंग रूम में साफ़ तस्वीर और सारी OTT ऐप ले आता है।',
    'क्रिकेट, फ़िल्में और परिवार के साथ वीडियो कॉल {brand} {series} पर शानदार दिखते हैं, भारतीय घरों के हिसाब से ट्यून की गई आवाज़ के साथ।',
    '{brand} का पतले किनारों वाला {noun}, जो पुराने शो को भी निखारता है और स्ट्रीमिंग को साफ़ दिखाता है।',
  ],
  Cameras: [
    '{brand} {series} {noun} यात्रा, पोर्ट्रेट और पारिवारिक समारोहों का काबिल साथी है।',
    'फ़ोन से आगे बढ़िए {brand} {series} के साथ: कम रोशनी में बेहतर फ़ोटो और असली बैकग्राउंड ब्लर।',
    'क्रिएटरों के लिए बना {brand} {series} साफ़ फ़ोटो और स्मूद वीडियो बनाता है।',
  ],
  Laptops: [
    '{brand} {series} {noun} तेज़ SSD और साफ़ स्क्रीन के साथ क्लास, स्प्रेडशीट और स्ट्रीमिंग सब सँभालता है।',
    'रोज़ के सफ़र के लिए काफ़ी हल्का, {brand} {series} पूरे कामकाजी दिन साथ देता है।',
    'काम, पढ़ाई और शाम को थोड़ी गेमिंग के लिए {brand} का भरोसेमंद {noun}।',
  ],
  'Home Appliances': [
    '{brand} {series} {noun}: भारतीय घरों के लिए, बिजली बचाने वाली ख़ूबियों के साथ जो बिल कम रखती हैं।',
    'भरोसेमंद और चलाने में आसान: {brand} {series} के साथ रोज़ के काम झटपट निपटाइए।',
    '5 स्टार पसंद: {brand} {series} {noun} के साथ लंबी वारंटी और पूरे भारत में सर्विस।',
  ],
  'Mobiles and Tablets': [
    '{brand} {series} {noun} में चमकदार डिस्प्ले, लंबी चलने वाली बैटरी और रात में भी अच्छी फ़ोटो खींचने वाले कैमरे हैं।',
    'UPI, व्हाट्सऐप और स्ट्रीमिंग के लिए स्मूद, {brand} {series} नियमित अपडेट के साथ बरसों चलने के लिए बना है।',
    'पतला और हल्का {brand} {series}: तेज़ चार्जिंग और साफ़ स्क्रीन, हाथ में आराम से आने वाली बॉडी में।',
  ],
  'Music and Gaming': [
    '{brand} {series} {noun}: रोज़ की प्लेलिस्ट के लिए दमदार बेस और साफ़ आवाज़।',
    'लंबे सफ़र और गेमिंग की रातों के लिए: {brand} {series} की बैटरी घंटों-घंटों चलती है।',
    'सेकंडों में जोड़िए और जहाँ जाएँ, {brand} {series} {noun} के साथ भरपूर आवाज़ ले जाइए।',
  ],
  Fashion: [
    '{brand} {series} {noun}: दिन भर का आराम, और आपके पसंदीदा कपड़ों के साथ आसानी से मेल।',
    'रोज़ की ज़रूरत: {brand} {series} टिकाऊ मटीरियल से बना है, जो धुलाई और भागदौड़ के बाद भी आकार नहीं खोता।',
    'ताज़ा रंग और आधुनिक फ़िट: {brand} {series} {noun} आपकी अलमारी में जगह बनाने लायक़ है।',
  ],
};
