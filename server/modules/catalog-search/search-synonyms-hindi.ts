/**
 * Hindi and Hinglish words for what the shop sells, mapped to the catalogue's English words
 * (decision 051). A search for any spelling of an entry also finds the products whose English
 * titles, brands and categories say `finds` (a phrase there means all its words), whether or not
 * they have a Hindi title; a Hindi title's own words are found without an entry.
 *
 * Adding an entry: put it under its kind of product (or make a new kind); `finds` holds words
 * the catalogue's English titles use (at most four: each is another term of every search);
 * `hindi` the Devanagari spellings shoppers write, any plural or oblique forms among them (they
 * are folded as searches are, search-fold.ts: "जूते", "जूता" and "जूतों" are one key, and "घडी"
 * is "घड़ी"); `latin` Hindi typed in Latin letters. Never a Latin spelling that means something
 * else in English ("jute" is a fabric, not "joote"; "pant" stays English's): an English search
 * must find what it found before. Each spelling must be one word. search-synonyms.test.ts checks
 * all of this, and that no spelling is a word of the demo or synthetic catalogue.
 */
export type HindiSynonym = {
  finds: readonly string[];
  hindi: readonly string[];
  latin?: readonly string[];
};

export const hindiSynonyms: Readonly<Record<string, readonly HindiSynonym[]>> = {
  footwear: [
    {
      finds: ['shoes', 'sneakers'],
      hindi: ['जूते', 'जूता', 'जूतों', 'जुते'],
      latin: ['joote', 'joota', 'jootey', 'joothe', 'jootay', 'juta', 'jutey', 'jutta'],
    },
    {
      finds: ['sandals', 'slippers', 'flip flops'],
      hindi: ['चप्पल', 'चप्पलें', 'सैंडल', 'सैंडिल', 'स्लीपर'],
      latin: ['chappal', 'chappals', 'chapal', 'chappl', 'chappalein'],
    },
    { finds: ['sneakers'], hindi: ['स्नीकर', 'स्नीकर्स'] },
    { finds: ['running'], hindi: ['रनिंग', 'दौड़'] },
  ],
  watches: [
    {
      finds: ['watch'],
      hindi: ['घड़ी', 'घड़ियाँ', 'घड़ियों', 'वॉच'],
      latin: ['ghadi', 'ghari', 'ghadee', 'gharee', 'ghadiyan', 'ghadiya'],
    },
    { finds: ['smartwatch'], hindi: ['स्मार्टवॉच'] },
    { finds: ['analog'], hindi: ['एनालॉग'] },
  ],
  tvs: [
    { finds: ['tv'], hindi: ['टीवी', 'टेलीविज़न', 'टेलिविज़न'] },
    { finds: ['led'], hindi: ['एलईडी'] },
    { finds: ['smart'], hindi: ['स्मार्ट'] },
  ],
  phones: [
    { finds: ['mobile', 'phone', 'smartphone', '5g'], hindi: ['मोबाइल', 'मोबाईल'] },
    { finds: ['phone', 'smartphone', '5g'], hindi: ['फ़ोन', 'फोन', 'स्मार्टफ़ोन'] },
    { finds: ['cover', 'case'], hindi: ['कवर', 'केस'], latin: ['kavar'] },
    { finds: ['tablet'], hindi: ['टैबलेट'] },
    { finds: ['iphone'], hindi: ['आईफ़ोन', 'आइफ़ोन'] },
    { finds: ['galaxy'], hindi: ['गैलेक्सी'] },
    { finds: ['charger'], hindi: ['चार्जर'] },
  ],
  laptops: [
    { finds: ['laptop'], hindi: ['लैपटॉप', 'लेपटॉप'] },
    { finds: ['laptop', 'computer'], hindi: ['कंप्यूटर', 'कम्प्यूटर'] },
    { finds: ['gaming'], hindi: ['गेमिंग'] },
    { finds: ['macbook'], hindi: ['मैकबुक'] },
  ],
  cameras: [
    { finds: ['camera'], hindi: ['कैमरा', 'कैमरे'], latin: ['kamera'] },
    { finds: ['dslr'], hindi: ['डीएसएलआर'] },
    { finds: ['lens'], hindi: ['लेंस'] },
  ],
  audio: [
    { finds: ['headphones'], hindi: ['हेडफ़ोन', 'हेडफोन्स'] },
    { finds: ['earbuds', 'headphones'], hindi: ['ईयरफ़ोन', 'इयरफ़ोन', 'ईयरबड्स'] },
    { finds: ['speaker'], hindi: ['स्पीकर'] },
    { finds: ['bluetooth'], hindi: ['ब्लूटूथ'] },
    { finds: ['wireless'], hindi: ['वायरलेस'] },
    { finds: ['playstation'], hindi: ['प्लेस्टेशन'] },
    { finds: ['controller'], hindi: ['कंट्रोलर'] },
  ],
  appliances: [
    { finds: ['refrigerator'], hindi: ['फ्रिज', 'रेफ्रिजरेटर'] },
    { finds: ['washing machine'], hindi: ['धुलाई'], latin: ['dhulai'] },
    { finds: ['washing'], hindi: ['वॉशिंग'] },
    { finds: ['machine'], hindi: ['मशीन'] },
    { finds: ['ac', 'air conditioner'], hindi: ['एसी'] },
    { finds: ['mixer grinder'], hindi: ['मिक्सर', 'मिक्सी'] },
    { finds: ['fan'], hindi: ['पंखा', 'पंखे'], latin: ['pankha', 'pankhe'] },
    { finds: ['microwave'], hindi: ['माइक्रोवेव'] },
    { finds: ['oven'], hindi: ['ओवन'] },
    { finds: ['air fryer'], hindi: ['फ्रायर'] },
    { finds: ['iron'], hindi: ['इस्त्री', 'प्रेस'], latin: ['istri', 'istree'] },
  ],
  clothing: [
    { finds: ['kurta'], hindi: ['कुर्ता', 'कुर्ते'], latin: ['kurtha'] },
    { finds: ['kurti'], hindi: ['कुर्ती', 'कुर्तियाँ'] },
    { finds: ['saree', 'sari'], hindi: ['साड़ी', 'साड़ियाँ'], latin: ['sari', 'saari', 'sadi', 'sadee'] },
    { finds: ['lehenga'], hindi: ['लहंगा', 'लहँगा'], latin: ['lehnga', 'lahenga', 'lengha'] },
    { finds: ['dupatta'], hindi: ['दुपट्टा'] },
    { finds: ['shirt'], hindi: ['कमीज़', 'शर्ट'], latin: ['kameez', 'kamiz', 'kamij'] },
    { finds: ['t shirt'], hindi: ['टीशर्ट'] },
    { finds: ['trousers', 'pants', 'jeans'], hindi: ['पतलून', 'पैंट'], latin: ['patloon', 'patlun'] },
    { finds: ['jeans'], hindi: ['जींस'], latin: ['jeens'] },
    { finds: ['hoodie'], hindi: ['हुडी'] },
    { finds: ['sweater', 'hoodie', 'sweatshirt'], hindi: ['स्वेटर'] },
    { finds: ['jacket'], hindi: ['जैकेट'] },
    { finds: ['shirt', 'jeans', 'hoodie'], hindi: ['कपड़े', 'कपड़ा'], latin: ['kapde', 'kapda', 'kapre'] },
    { finds: ['men'], hindi: ['पुरुष', 'पुरुषों', 'मर्द'], latin: ['purush'] },
    { finds: ['women'], hindi: ['महिला', 'महिलाओं', 'औरतों', 'लेडीज़'], latin: ['mahila', 'aurat'] },
  ],
  accessories: [
    { finds: ['sunglasses'], hindi: ['चश्मा', 'चश्मे'], latin: ['chashma', 'chasma', 'chashme'] },
    { finds: ['backpack', 'bag'], hindi: ['बैग', 'थैला'], latin: ['thaila'] },
    { finds: ['backpack'], hindi: ['बस्ता'], latin: ['basta', 'bastaa'] },
  ],
  brands: [
    { finds: ['samsung'], hindi: ['सैमसंग', 'सॅमसंग'] },
    { finds: ['apple'], hindi: ['एप्पल', 'ऐपल', 'एपल'] },
    { finds: ['sony'], hindi: ['सोनी'] },
    { finds: ['lg'], hindi: ['एलजी'] },
    { finds: ['oneplus'], hindi: ['वनप्लस'] },
    { finds: ['xiaomi'], hindi: ['शाओमी', 'श्याओमी'] },
    { finds: ['redmi'], hindi: ['रेडमी'] },
    { finds: ['boat'], hindi: ['बोट'] },
    { finds: ['noise'], hindi: ['नॉइज़', 'नॉयज़'] },
    { finds: ['titan'], hindi: ['टाइटन'] },
    { finds: ['fastrack'], hindi: ['फास्ट्रैक', 'फास्टट्रैक'] },
    { finds: ['casio'], hindi: ['कैसियो'] },
    { finds: ['canon'], hindi: ['कैनन'] },
    { finds: ['nikon'], hindi: ['निकॉन', 'निकोन'] },
    { finds: ['fujifilm'], hindi: ['फ़ूजीफ़िल्म', 'फुजीफिल्म'] },
    { finds: ['gopro'], hindi: ['गोप्रो'] },
    { finds: ['dell'], hindi: ['डेल'] },
    { finds: ['hp'], hindi: ['एचपी'] },
    { finds: ['lenovo'], hindi: ['लेनोवो'] },
    { finds: ['asus'], hindi: ['आसुस', 'असूस'] },
    { finds: ['philips'], hindi: ['फिलिप्स'] },
    { finds: ['whirlpool'], hindi: ['व्हर्लपूल'] },
    { finds: ['bajaj'], hindi: ['बजाज'] },
    { finds: ['jbl'], hindi: ['जेबीएल'] },
    { finds: ['puma'], hindi: ['प्यूमा', 'पूमा'] },
    { finds: ['adidas'], hindi: ['एडिडास'] },
    { finds: ['levi'], hindi: ['लेवाइस', 'लिवाइस'] },
  ],
};

/**
 * Words that say nothing a product's text would ("sasta phone" is a phone): left out of a
 * search that has other words. Folded like searches; never an English word.
 */
export const hindiFillers = {
  hindi: ['का', 'की', 'के', 'लिए', 'वाला', 'वाली', 'वाले', 'सस्ता', 'सस्ती', 'सस्ते', 'अच्छा', 'अच्छी'],
  latin: ['sasta', 'sasti', 'saste', 'wala', 'wali', 'wale', 'waala', 'liye', 'accha', 'acha', 'achha'],
} as const;

/**
 * English words a step from a Hinglish spelling: a search for one is never taken for a misspelled
 * Hinglish word ("jute" is not "juta").
 */
export const notHinglish: readonly string[] = ['jute', 'jutes', 'chapel', 'chapels', 'sadie', 'gharry'];
