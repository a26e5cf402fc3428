import { SHOP } from '../shop-details';

/*
 * The seller's details of shop-details.ts with Hindi labels: the names, the registered address,
 * numbers and e-mail addresses are written as the English pages and the documents write them.
 */

const hours = 'सोमवार से शुक्रवार, सुबह 10 बजे से रात 8 बजे तक';

export const sellerDetails = [
  ['विक्रेता', SHOP.legalName],
  ['पंजीकृत कार्यालय', SHOP.address],
  ['ग्राहक सेवा', `${SHOP.phone} (${hours})`],
  ['ईमेल', SHOP.email],
] as const;

export const grievanceDetails = [
  ['नाम', SHOP.grievanceOfficer.name],
  ['पद', 'शिकायत अधिकारी'],
  ['ईमेल', SHOP.grievanceOfficer.email],
  ['फ़ोन', `${SHOP.grievanceOfficer.phone} (${hours})`],
  ['पता', SHOP.address],
] as const;

export const grievanceSection = {
  heading: 'शिकायत अधिकारी',
  blocks: [
    'अगर हमने आपकी किसी समस्या का संतोषजनक हल नहीं किया है, तो उपभोक्ता संरक्षण (ई-कॉमर्स) नियम, 2020 के तहत नियुक्त हमारे शिकायत अधिकारी को लिखें:',
    { details: grievanceDetails },
    'हम हर शिकायत मिलने की पुष्टि 48 घंटे के अंदर एक टिकट नंबर के साथ करते हैं, जिससे आप उसकी स्थिति जान सकते हैं, और शिकायत मिलने के एक महीने के अंदर उसका समाधान करते हैं।',
    'सबसे आसान तरीका हमारी वेबसाइट का शिकायत फ़ॉर्म (/grievances) है: इससे आपको तुरंत टिकट नंबर मिल जाता है, और ईमेल पर पुष्टि आती है जिसमें लिखा होता है कि हम किस तारीख़ तक समाधान करेंगे।',
    { link: { label: 'शिकायत या डेटा से जुड़ा अनुरोध दर्ज करें', href: '/grievances' } },
  ],
} as const;
