import type { BlogCoverTheme } from './blog-covers.js';

/** The demo blog: buying guides written for shoppers in India. Bodies are HTML, sanitized on write. */
export type BlogPostDef = {
  title: string;
  category: string;
  author: string;
  /** How long ago it was published, so the list has a believable history. */
  daysAgo: number;
  cover: BlogCoverTheme;
  body: string;
};

export const blogPostDefs: BlogPostDef[] = [
  {
    title: 'How to Pick a Smartwatch Under ₹5,000',
    category: 'Buying Guides',
    author: 'Neha Kapoor',
    daysAgo: 6,
    cover: { kind: 'smartwatch', color: '#8b5cf6' },
    body: `<p>Five thousand rupees buys a surprising amount of smartwatch in India today. Brands such as boAt, Noise and Fastrack compete hard in this price band, which is great for shoppers but also makes the spec sheets look almost identical. Here is what actually matters once the watch is on your wrist.</p>
<h2>Start with the screen</h2>
<p>An AMOLED display is the single biggest upgrade at this price. It is brighter outdoors, shows deeper blacks and usually supports an always-on mode. LCD watches are cheaper, but they wash out in direct sunlight, which is a real problem for anyone who walks or rides to work. Look for at least 500 nits of brightness and a size between 1.3 and 1.9 inches: bigger is easier to read, smaller is more comfortable on slim wrists.</p>
<h2>Bluetooth calling: useful or a gimmick?</h2>
<p>Most watches under ₹5,000 now include a small speaker and microphone so you can take calls from the wrist. It is genuinely handy when your phone is charging in another room or buried in a bag on a scooter. Quality is fine for short conversations; for long calls you will still reach for the phone. Note that calling drains the battery, so a watch rated for seven days may last two or three if you talk a lot.</p>
<h2>Health sensors, with realistic expectations</h2>
<p>Heart rate, SpO2 and sleep tracking are standard. They are good for spotting trends, for example your resting heart rate slowly dropping as you get fitter, but they are not medical devices. Step counts are reliable; calorie estimates are rough. If fitness is your main goal, check that the companion app shows weekly and monthly history rather than only today’s numbers.</p>
<h2>Battery and charging</h2>
<p>A claimed 7 to 10 days usually means 5 to 7 days with notifications on. Magnetic charging pucks are convenient but easy to lose on a trip, so a spare is worth ordering. Avoid watches that take more than two hours to charge.</p>
<h2>Our quick checklist</h2>
<ul>
<li>AMOLED screen with at least 500 nits brightness</li>
<li>IP67 or IP68 water resistance for sweat and rain</li>
<li>A companion app with a good rating and regular updates</li>
<li>Replaceable 20 or 22 mm straps so you can change the look</li>
<li>At least one year of warranty with service centres in your city</li>
</ul>
<p>Finally, try the watch face and strap colours in person if you can, or buy from a shop with easy returns. A watch you enjoy looking at is a watch you will actually wear.</p>`,
  },
  {
    title: 'Festive Season TV Buying Guide: Diwali Deals Decoded',
    category: 'Buying Guides',
    author: 'Rahul Verma',
    daysAgo: 24,
    cover: { kind: 'tv', color: '#2563eb', companion: 'speaker' },
    body: `<p>Diwali is when most Indian families upgrade the living-room TV, and it is also when prices, bank offers and exchange deals become hardest to compare. A little homework before the sale starts saves both money and regret.</p>
<h2>Choose the size from your sofa</h2>
<p>Measure the distance from your seating to the wall. For 4K content, a comfortable rule is a screen diagonal of about two-thirds of the viewing distance. At eight feet, a 55-inch TV is ideal; at six feet, 43 inches is plenty. Most buyers who regret their purchase say they wish they had gone one size bigger, not smaller.</p>
<h2>4K, QLED, OLED: what the labels mean</h2>
<p>Almost every TV above 43 inches is 4K now, so resolution is no longer a differentiator. What changes the picture is the panel. Standard LED TVs are bright and affordable. QLED models add a quantum-dot layer for richer colours. OLED TVs light each pixel individually, giving perfect blacks that look stunning in a dark room, at a premium price. For a bright living room with lots of daytime cricket, a good LED or QLED is often the smarter buy.</p>
<h2>Smart features and sound</h2>
<p>Google TV, webOS and Tizen all run the big apps: Netflix, Prime Video, Hotstar, JioCinema and YouTube. Pick the one whose interface you like. Built-in speakers of 20 W are fine for news and serials, but for films and matches a soundbar makes a far bigger difference than a slightly better panel.</p>
<h2>Reading the offer small print</h2>
<ul>
<li><strong>Bank offers</strong> often apply only to specific cards and may have a cap per card.</li>
<li><strong>No-cost EMI</strong> is usually the discount absorbed by the seller; check whether the processing fee is charged separately.</li>
<li><strong>Exchange offers</strong> depend on your old TV working; get the value confirmed before the delivery date.</li>
<li><strong>Installation</strong> and the wall mount may be charged separately for some brands.</li>
</ul>
<h2>Before you click buy</h2>
<p>Compare the MRP with the price you are paying rather than the advertised discount percentage, and check the warranty on the panel, which is the most expensive part to replace. Keep the box for the first two weeks in case something goes wrong. With the right size and panel, your new TV will serve the family for the next seven to eight festive seasons.</p>`,
  },
  {
    title: 'DSLR or Mirrorless? A Beginner’s Guide to Your First Camera',
    category: 'Tech Explained',
    author: 'Ishaan Bose',
    daysAgo: 41,
    cover: { kind: 'mirrorless', color: '#1f2937', companion: 'action-camera' },
    body: `<p>Phone cameras are excellent, so why buy a dedicated camera at all? Because a larger sensor and real lenses still give you background blur, cleaner low-light photos and the creative control that makes photography a hobby rather than a habit. The first question every beginner asks is whether to buy a DSLR or a mirrorless camera.</p>
<h2>How they differ</h2>
<p>A DSLR uses a mirror to send light to an optical viewfinder, so you see the scene directly through the lens. A mirrorless camera removes the mirror and shows you a live electronic preview, either on the screen or in an electronic viewfinder. That preview shows exposure before you press the shutter, which is a big help while learning.</p>
<h2>Why most beginners should go mirrorless</h2>
<ul>
<li><strong>Smaller and lighter</strong>, so it actually comes with you on trips.</li>
<li><strong>Better autofocus for people</strong>: eye detection makes portraits at family functions much easier.</li>
<li><strong>Better video</strong>, often 4K without a crop, and flip screens for vlogging.</li>
<li><strong>The future</strong>: Canon, Nikon and Sony now launch new lenses mainly for mirrorless mounts.</li>
</ul>
<h2>When a DSLR still makes sense</h2>
<p>DSLRs are often cheaper, especially entry models like the Canon EOS 1500D, and their batteries last far longer because there is no electronic viewfinder. There is also a huge second-hand market for DSLR lenses in India. If your budget is tight and you mostly shoot photos rather than video, a DSLR kit is a perfectly good way to learn.</p>
<h2>Lenses matter more than bodies</h2>
<p>The kit zoom is fine to start. Your best second purchase is usually a 50 mm prime lens: it is affordable, sharp and gives beautiful background blur for portraits. Think of the camera body as something you will replace in five years and lenses as something you will keep.</p>
<h2>Budget for the extras</h2>
<p>Set aside around ₹5,000 for a fast memory card, a spare battery, a cleaning kit and a padded bag. Then spend the first month shooting in aperture-priority mode and reviewing your pictures. Skill grows faster than any upgrade can.</p>`,
  },
  {
    title: 'Best Laptop Specs for College Students in India',
    category: 'Buying Guides',
    author: 'Neha Kapoor',
    daysAgo: 58,
    cover: { kind: 'laptop', color: '#0d9488', companion: 'backpack' },
    body: `<p>A college laptop has to survive four years of assignments, online classes, hostel Wi-Fi and the occasional game. You do not need the most expensive model, but a few specifications decide whether it still feels quick in your final year.</p>
<h2>Memory and storage come first</h2>
<p>Buy 16 GB of RAM if you can; 8 GB is the minimum. Browsers, video calls and office apps together easily use more than 8 GB today. Always choose an SSD, and prefer 512 GB over 256 GB, because project files, software and photos add up quickly. Check whether the RAM can be upgraded later: many thin laptops solder it to the board.</p>
<h2>Processor: do not overpay</h2>
<p>An Intel Core i5 or AMD Ryzen 5 from the last two generations handles almost every student workload. Engineering students running CAD or data science tools benefit from a Core i7 or Ryzen 7 with more cores. Architecture and design students who render 3D models should consider a laptop with a dedicated graphics card, such as an RTX 3050.</p>
<h2>Screen, keyboard and battery</h2>
<ul>
<li>A Full HD IPS screen is essential; avoid 1366 x 768 panels, which look grainy and strain the eyes.</li>
<li>A backlit keyboard helps in late-night study sessions when a roommate is sleeping.</li>
<li>Aim for at least six hours of real battery life so you can get through classes without hunting for a socket.</li>
<li>Under 1.6 kg makes a real difference when you carry it every day.</li>
</ul>
<h2>Software and warranty</h2>
<p>Many Windows laptops now ship with Microsoft Office Home &amp; Student, which saves a few thousand rupees. Your college may also provide free licences, so ask before paying. Extended warranty and accidental damage protection are worth considering for a device that travels daily in a backpack.</p>
<h2>Our picks by budget</h2>
<p>Around ₹40,000, look for a Core i3 or Ryzen 3 with 8 GB RAM and an SSD for notes and browsing. Between ₹55,000 and ₹70,000 you get the sweet spot: Core i5 or Ryzen 5, 16 GB RAM and a good screen. Above ₹90,000, the MacBook Air is hard to beat for battery life if your course software runs on macOS.</p>`,
  },
  {
    title: 'Top Load vs Front Load: Choosing a Washing Machine for Indian Homes',
    category: 'Home & Kitchen',
    author: 'Meera Pillai',
    daysAgo: 77,
    cover: { kind: 'washing-machine', color: '#94a3b8' },
    body: `<p>A washing machine is one of the hardest-working appliances in an Indian home, and the right one depends on your water supply, space and laundry habits as much as on the price tag.</p>
<h2>How much capacity do you need?</h2>
<p>A couple can manage with 6 to 6.5 kg. A family of three or four should look at 7 to 8 kg, and larger families at 9 kg or more. Remember that bedsheets and blankets take up more drum space than their weight suggests, so a little extra capacity helps.</p>
<h2>Top load: simple and forgiving</h2>
<p>Fully automatic top loaders are easier on the back, let you add a forgotten sock mid-wash and finish cycles faster. They are usually cheaper and tolerate low water pressure better, which matters in many apartment buildings. The trade-off is slightly rougher washing and higher water use.</p>
<h2>Front load: gentler and more efficient</h2>
<p>Front loaders tumble clothes instead of agitating them, which is kinder to fabrics and uses less water and detergent. Most include an internal heater that removes oil and turmeric stains far better than cold washes, and steam cycles that help with allergens. They need a stable floor, cost more and take longer per cycle.</p>
<h2>Features worth paying for</h2>
<ul>
<li><strong>Inverter motor</strong>: quieter, more efficient and usually carries a 10-year warranty.</li>
<li><strong>Hard water programme</strong>: useful in cities where borewell water leaves deposits.</li>
<li><strong>In-built heater</strong>: the best fix for stubborn collar and food stains.</li>
<li><strong>5-star energy rating</strong>: saves money on your electricity bill over the years.</li>
</ul>
<h2>Installation tips</h2>
<p>Keep the machine away from direct rain on open balconies, use a stand with lockable wheels to protect it from damp floors, and fit a voltage stabiliser if your area has frequent fluctuations. Clean the filter every month and leave the door ajar after washing to stop odours. Treated well, a good machine lasts ten years or more.</p>`,
  },
  {
    title: 'Beat the Summer: Inverter ACs and Star Ratings Explained',
    category: 'Home & Kitchen',
    author: 'Rahul Verma',
    daysAgo: 95,
    cover: { kind: 'air-conditioner', color: '#f8fafc' },
    body: `<p>Every April, AC showrooms fill up as temperatures cross 40 °C. Buying in a hurry often means paying for the wrong capacity or a higher electricity bill for years. Here is how to read an AC listing like a pro.</p>
<h2>Tonnage: match it to the room</h2>
<p>As a rough guide, a 1 ton AC suits rooms up to 110 sq ft, 1.5 ton up to 180 sq ft and 2 ton up to 250 sq ft. Add capacity if the room is on the top floor, faces west, has large windows or hosts many people. An undersized AC runs non-stop and never quite cools the room.</p>
<h2>What inverter technology does</h2>
<p>A conventional AC switches its compressor fully on and off. An inverter AC varies the compressor speed to match the heat in the room, holding the temperature steady while using noticeably less power. It also runs more quietly. Today almost all good split ACs are inverter models, and the price gap has nearly closed.</p>
<h2>Star ratings and ISEER</h2>
<p>The BEE star label shows the Indian Seasonal Energy Efficiency Ratio (ISEER). Higher is better. A 5-star AC can cost a few thousand rupees more than a 3-star one, but if you run it eight hours a day through a long summer, the savings usually cover the difference within two to three years. Check the label’s year, because the standards are revised periodically.</p>
<h2>Features that make a difference</h2>
<ul>
<li><strong>Copper condenser</strong>: easier to repair and more durable in coastal cities.</li>
<li><strong>Convertible modes</strong>: run at lower capacity on mild nights to save power.</li>
<li><strong>Good filters</strong>: PM 2.5 or HD filters help during winter smog in north India.</li>
<li><strong>Works at high ambient temperature</strong>: look for cooling rated up to 52 °C.</li>
</ul>
<h2>Installation and care</h2>
<p>Ask whether installation, the copper pipe and the outdoor stand are included; these can add several thousand rupees. Keep the outdoor unit shaded but well ventilated, clean the filters every two weeks in peak season and book a service before each summer. Set the thermostat to 24-26 °C: it is comfortable and every degree higher saves about six per cent of energy.</p>`,
  },
  {
    title: 'Buying a 5G Phone in India: What to Check Before You Pay',
    category: 'Tech Explained',
    author: 'Ishaan Bose',
    daysAgo: 112,
    cover: { kind: 'phone', color: '#2563eb', companion: 'earbuds' },
    body: `<p>With Jio and Airtel rolling out 5G across most cities, almost every phone above ₹12,000 now advertises 5G support. But not all 5G phones are equal, and the sticker alone tells you little about the experience you will get.</p>
<h2>Check the bands, not just the logo</h2>
<p>Indian operators mainly use the n78 band, with n28 and n258 in some areas. Most phones sold here support n78, but budget models sometimes skip the others. Look for at least n1, n3, n5, n8, n28, n40, n77 and n78 in the specification sheet if you want coverage to improve as networks expand.</p>
<h2>Processor and software support</h2>
<p>A modern chip matters more than the 5G modem. Snapdragon 7-series, Dimensity 7000-series and above give smooth performance for years. Equally important is how long the phone gets updates: Samsung and Google promise several years of Android and security updates, and some other brands have started to match them. A phone that stops getting security patches after two years is a risk for UPI and banking apps.</p>
<h2>Battery, charging and heat</h2>
<p>5G can drain batteries faster in areas with weak signal. A 5000 mAh battery is the norm; fast charging of 45 W or more is convenient, but make sure the charger is in the box, as some brands now sell it separately. Read reviews for heating during long gaming sessions or video calls.</p>
<h2>Cameras: look past the megapixels</h2>
<p>A 200 MP sensor does not guarantee better photos than a good 50 MP one. Optical image stabilisation (OIS) makes a real difference for low-light shots and video. Ultra-wide cameras are useful; 2 MP macro and depth sensors rarely are.</p>
<h2>A quick pre-purchase checklist</h2>
<ul>
<li>Supported 5G bands listed by the manufacturer</li>
<li>Promised years of OS and security updates</li>
<li>OIS on the main camera</li>
<li>Charger in the box and USB-C port</li>
<li>Authorised service centres in your city</li>
</ul>
<p>Finally, consider how much storage you need. Photos, videos and WhatsApp media grow fast, and many phones no longer have a memory-card slot, so 128 GB is the sensible minimum.</p>`,
  },
  {
    title: 'TWS Earbuds Under ₹2,000: What Actually Matters',
    category: 'Buying Guides',
    author: 'Sana Sheikh',
    daysAgo: 131,
    cover: { kind: 'earbuds', color: '#dc2626', companion: 'headphones' },
    body: `<p>Truly wireless earbuds have become one of India’s best-selling gadgets, and the under-₹2,000 segment is packed with options from boAt, Noise, realme and others. The boxes all promise big bass, long battery and low latency. Here is how to choose.</p>
<h2>Fit beats features</h2>
<p>Earbuds that do not sit snugly will sound thin and fall out on a run. Check that the box includes at least three sizes of silicone tips and try each one. A good seal improves bass and blocks traffic noise far more than any setting in the app.</p>
<h2>Battery life claims</h2>
<p>A figure such as “up to 40 hours” includes the charging case. What matters day to day is the playback per charge of the buds themselves: five to seven hours is good. Fast charging that gives an hour of music from ten minutes in the case is very handy before a commute.</p>
<h2>Calls and microphones</h2>
<p>If you take work calls on the go, look for environmental noise cancellation (ENC) with two or more mics per bud. Read reviews that mention calls on a busy road or in an auto-rickshaw; that is the real test. Active noise cancellation (ANC) at this price is improving but is usually modest.</p>
<h2>Gaming and latency</h2>
<p>A low-latency or game mode reduces the delay between what you see and what you hear to around 50-60 ms. It makes a noticeable difference in mobile games like BGMI and for watching videos with good lip sync.</p>
<h2>Small things that matter</h2>
<ul>
<li>USB-C charging, so you can share your phone’s cable</li>
<li>IPX4 or better for sweat and light rain</li>
<li>Touch controls you can customise in the companion app</li>
<li>Bluetooth 5.3 for stable connection and quick pairing</li>
<li>At least one year of warranty with easy replacement</li>
</ul>
<p>Finally, keep your expectations honest: at this price you are buying convenience and fun, not audiophile sound. Pick a pair that fits well, lasts your day and has a reliable brand behind it.</p>`,
  },
  {
    title: 'Sneakers for Indian Weather: A Monsoon-Ready Style Guide',
    category: 'Style',
    author: 'Sana Sheikh',
    daysAgo: 150,
    cover: { kind: 'sneaker', color: '#f97316', companion: 't-shirt' },
    body: `<p>Sneakers are the most versatile shoes in an Indian wardrobe: they work with jeans, chinos, joggers and even a kurta. But heat, dust and four months of monsoon rain are hard on footwear. Choosing the right material and caring for it properly keeps your pair looking good for years.</p>
<h2>Pick the material for the season</h2>
<ul>
<li><strong>Mesh and knit uppers</strong> breathe well in summer and dry quickly, making them ideal for runs and long days outdoors.</li>
<li><strong>Synthetic leather</strong> wipes clean after a muddy day and holds its shape, a good choice for everyday city sneakers.</li>
<li><strong>Suede and canvas</strong> look great but soak up water and stains; keep them for dry winter months.</li>
</ul>
<h2>Soles and grip</h2>
<p>Rubber outsoles with a pronounced pattern grip wet tiles, marble floors and slippery footpaths much better than smooth, flat soles. Running shoes with rubber compounds designed for wet roads are worth the investment if you run outdoors through the rains.</p>
<h2>Colours that forgive</h2>
<p>Crisp white sneakers look sharp but demand weekly cleaning in dusty cities. Grey, navy and black hide dirt far better. A tinted or gum-coloured sole also avoids the yellowing that white soles develop in the sun.</p>
<h2>Styling tips</h2>
<p>Pair slim white or grey sneakers with dark jeans and a plain t-shirt for an easy weekend look. Chunky running shoes go well with joggers and hoodies. For office-casual, minimal leather sneakers in tan or black work with chinos and a shirt. With ethnic wear, keep it simple: white low-tops with a kurta and straight pants look modern and relaxed.</p>
<h2>Care that adds years</h2>
<p>Stuff wet shoes with newspaper and dry them in shade, never in direct sun or on a heater, which cracks glue and soles. Rotate between two pairs so each one dries completely. Clean with a soft brush and mild soap, and remove insoles to air them. A water-repellent spray before the monsoon is cheap insurance for your favourite pair.</p>`,
  },
  {
    title: 'No-Cost EMI Explained: How It Works and When It Is Worth It',
    category: 'Shopping Tips',
    author: 'Meera Pillai',
    daysAgo: 172,
    cover: { kind: 'payment-card', color: '#1e3a8a' },
    body: `<p>“No-cost EMI” appears on almost every electronics listing in India. It sounds like free money: split the price into monthly instalments without paying a rupee of interest. Understanding how it actually works helps you decide when it is a good deal.</p>
<h2>How no-cost EMI works</h2>
<p>Banks do not lend for free. In a no-cost EMI, the interest the bank charges is offset by a discount from the seller or brand. You pay the product price spread over three, six or nine months, while the discount cancels out the interest. On your card statement you may see the interest charged and a matching discount credited.</p>
<h2>The small print</h2>
<ul>
<li><strong>Processing fee</strong>: many banks charge ₹99 to ₹299 plus GST for converting a purchase into EMI.</li>
<li><strong>GST on interest</strong>: the interest component attracts 18% GST, which is usually not covered by the discount.</li>
<li><strong>Lost discounts</strong>: sometimes the no-cost EMI price is higher than the price with an upfront bank offer.</li>
<li><strong>Credit limit</strong>: the full product amount is blocked on your card until you repay it.</li>
</ul>
<h2>When it is worth it</h2>
<p>No-cost EMI makes sense when you would otherwise dip into savings or an emergency fund, for example for a laptop you need for work or a refrigerator that has broken down. It also helps manage cash flow during expensive months such as the festive season. If the only difference is a small processing fee, spreading the payment is reasonable.</p>
<h2>When to avoid it</h2>
<p>If paying upfront unlocks an instant discount of ₹2,000 or more, it is usually cheaper than the EMI route. And if instalments tempt you into buying a more expensive model than you planned, the EMI is costing you more than it seems. Missing an instalment can attract late fees and affect your credit score.</p>
<h2>A simple rule</h2>
<p>Compare the total you will pay, including fees and GST, with the best upfront price. Choose the lower number, and never let the monthly instalment decide how much phone or TV you buy.</p>`,
  },
];
