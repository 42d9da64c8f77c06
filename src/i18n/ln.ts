import type { Dictionary } from './types.ts';

/**
 * Lingala as written in Kinshasa today (Lingala ya Kinshasa), in the simplified spelling people type on
 * phones: e/o for ɛ/ɔ, no tone marks. French loanwords that Kinois really use stay (appartement, villa,
 * terrain, commune, rendez-vous, agent…), with the plural prefix written apart ("ba commune"), as on phones.
 * Numbers follow the noun ("Ba propriété {count}"), except the facts of a listing, written number first as
 * on Kinshasa listings ("1 chambre", "3 chambres"): "Chambre 1" reads as a room number. Days are named in
 * French ("Lundi – Vendredi"), as Kinois do. Plural rules (CLDR): 0 and 1 are "one".
 *
 * Glossary, one word per concept (the data and what each rules out: ln-glossary.ts, enforced by its test):
 * - property: "propriété" ("ba propriété"); "ndako" is category.house, so it means a house only, never land
 *   or offices; the trade is "immobilier" ("agence immobilière").
 * - rent: "kofutela" ("ya kofutela"), never "location".
 * - favourites: the list is "Oyo nalingi" (French "Mes favoris"), saving is "kotia" in it; not "obombi".
 * - contact: "solola" ("Solola na biso"); "kutana" is meeting in person. Calling is "benga", writing "komela".
 * - link: "lien" ("ba lien"); "nzela" is a road, kept only for the directions to the office.
 */
export const ln: Dictionary = {
  // Meta
  'meta.titleTemplate': '{page} | {agency}',
  'meta.home.title': '{agency} — Agence immobilière na Kinshasa',
  'meta.home.description':
    'Somba, teka to futela ndako, appartement, villa, biro to terrain na Kinshasa elongo na {agency}, moninga na yo ya kotiela motema na makambo ya immobilier.',
  'meta.properties.title': 'Ba propriété ya koteka mpe ya kofutela na Kinshasa',
  'meta.properties.description':
    'Ba propriété na biso nyonso ya koteka mpe ya kofutela na ba commune 24 ya Kinshasa: pona na ntalo, bonene, lolenge mpe commune, na molongo to na carte.',
  'meta.favorites.title': 'Oyo nalingi',
  'meta.favorites.description': 'Ba propriété oyo otii na «\u00a0Oyo nalingi\u00a0» na {agency}.',
  'meta.about.title': 'Mpo na biso',
  'meta.about.description':
    'Yeba {agency}, agence immobilière na Kinshasa: lisolo na biso, makambo ya motuya mpo na biso mpe ekipe oyo ekosalisa yo.',
  'meta.contact.title': 'Solola na biso',
  'meta.contact.description':
    'Solola na {agency} na Kinshasa na telefone, e-mail, WhatsApp to na formulaire. Tofungolaka banda lundi kino samedi.',
  'meta.property.title': '{title} — {commune}',
  'meta.property.description':
    '{title} — {price}, {commune} (Kinshasa). Solola na {agency} na WhatsApp to zwa rendez-vous ya visite.',
  'meta.privacy.title': 'Ndenge tobatelaka makambo na yo',
  'meta.privacy.description': '{agency}: makambo nini site ezwaka, mpo na nini, mpe makoki na yo.',
  'meta.terms.title': 'Mibeko ya kosalela site',
  'meta.terms.description': 'Mibeko ya kosalela site ya {agency}.',
  'meta.notFound.title': 'Lokasa ezwami te',

  // Accessibility helpers
  'a11y.skipToContent': 'Kende mbala moko na makambo ya lokasa',
  'a11y.externalLink': '(ekofungwama na onglet ya sika)',

  // Header and navigation
  'header.homeLink': '{agency} — lokasa ya ebandeli',
  'nav.label': 'Menu monene',
  'nav.home': 'Ebandeli',
  'nav.properties': 'Ba propriété',
  'nav.favorites': 'Oyo nalingi',
  'nav.about': 'Mpo na biso',
  'nav.contact': 'Solola na biso',
  'nav.sell': 'Teka ndako na yo',
  'nav.menuOpen': 'Fungola menu',
  'nav.menuClose': 'Kanga menu',
  'nav.mobileMenu': 'Menu',

  // Language switcher
  'lang.switch': 'Bongola monoko',
  'lang.label': 'Monoko',
  'lang.current': 'Monoko ya sikoyo: {language}',
  'lang.names.fr': 'Lifalanse',
  'lang.names.en': 'Lingelesi',
  'lang.names.ln': 'Lingala',

  // 'Sell my house' dialog
  'sell.title': 'Teka ndako na yo',
  'sell.intro':
    'Olingi koteka ndako, appartement to terrain na yo na Kinshasa? {agency} ekotambola elongo na yo na etape nyonso, banda kotala ntalo ya propriété na yo kino kotia signature na mokanda ya koteka.',
  'sell.points.valuation': 'Tokotala ntalo ya solo ya propriété na yo na zando ya lelo',
  'sell.points.visibility': 'Tokolakisa propriété na yo na bato oyo balingi solo kosomba',
  'sell.points.paperwork': 'Tokosalisa yo na ba visite, na kosolola ntalo mpe na mikanda',
  'sell.whatsapp': 'Solola na biso na WhatsApp',
  // Spec §2: the agency receives this message in French whatever the visitor's language.
  'sell.whatsappMessage':
    "Bonjour, je souhaite vendre ma maison. Pouvez-vous m'aider pour l'évaluation et la vente ?",
  'sell.orContact': 'To solola na biso mbala moko:',
  'sell.phoneLabel': 'Telefone',
  'sell.emailLabel': 'E-mail',
  'sell.close': 'Kanga',

  // Splash screen
  'splash.tagline': 'Moninga na yo ya kotiela motema na immobilier na Kinshasa',
  'splash.progress': 'Ezali koya: {percent}%',

  // Home: hero and search
  'home.hero.title': 'Zwa ndako ya ndoto na yo na Kinshasa',
  'home.hero.subtitle':
    'Ba appartement, bandako, ba villa, ba biro mpe ba terrain ya koteka to ya kofutela na ba commune 24 ya Kinshasa.',
  'home.hero.imageAlt': 'Engumba ya Kinshasa na mpokwa',
  'home.search.label': 'Luka propriété',
  'home.search.placeholder': 'Commune, quartier to adresi…',
  'home.search.typeLabel': 'Koteka to kofutela',
  'home.search.typeAll': 'Ndenge nyonso',
  'home.search.typeSale': 'Ya koteka',
  'home.search.typeRent': 'Ya kofutela',
  'home.search.submit': 'Luka',

  // Home: three highlights
  'home.highlights.title': 'Mpo na nini kopona {agency}',
  'home.highlights.properties.title': 'Ba propriété koleka 500',
  'home.highlights.properties.text':
    'Bandako, ba appartement, ba villa, ba biro mpe ba terrain ebele, oyo ba agent na biso batali malamu.',
  'home.highlights.location.title': 'Bisika nyonso na Kinshasa',
  'home.highlights.location.text':
    'Banda Gombe kino Ngaliema, tozali na ba propriété na ba commune 24 nyonso ya engumba.',
  'home.highlights.search.title': 'Boluki na ba filtre',
  'home.highlights.search.text':
    'Pona ntalo, bonene, commune mpe lolenge mpo ozwa noki propriété oyo ekoki na yo.',

  // Home: featured properties
  'home.featured.title': 'Ba propriété eponami',
  'home.featured.intro': 'Mwa ndambo ya ba propriété ya malamu koleka, oyo ekipe na biso eponeli yo lelo.',
  'home.featured.viewAll': 'Tala ba propriété nyonso',
  'home.featured.loading': 'Ba propriété eponami ezali koya…',
  'home.featured.empty': 'Propriété eponami ezali te sikoyo.',

  // Home: mobile app promo
  'home.app.title': 'Mema {agency} esika nyonso okokende',
  'home.app.text':
    'Na application na biso ya telefone, luka ba propriété, tia oyo esepelisi yo na «\u00a0Oyo nalingi\u00a0» mpe yeba noki soki propriété ya sika ebimi, esika nyonso ozali.',
  'home.app.appStore': 'Zwa yango na App Store',
  'home.app.googlePlay': 'Zwa yango na Google Play',
  'home.app.comingSoon': 'Ekoya noki',
  'home.app.imageAlt': 'Ndenge application ya {agency} ezali na telefone',
  'home.app.features.search.title': 'Boluki ya noki',
  'home.app.features.search.text': 'Zwa propriété oyo esepelisi yo na mwa ba seconde.',
  'home.app.features.mobile.title': 'Esalemi mpo na telefone',
  'home.app.features.mobile.text': 'Pete kosalela na telefone, ata soki internet ezali malembe.',
  'home.app.features.notifications.title': 'Ba notification',
  'home.app.features.notifications.text': 'Yeba liboso ya bato nyonso soki propriété ya sika ebimi.',

  // Footer
  'footer.about':
    '{agency} ezali agence immobilière na Kinshasa. Tosalisaka bato mpe ba entreprise kosomba, koteka mpe kofutela na motema kimia.',
  'footer.contactTitle': 'Solola na biso',
  'footer.address': 'Adresi',
  'footer.phone': 'Telefone',
  'footer.email': 'E-mail',
  'footer.quickLinks': 'Ba lien ya noki',
  'footer.servicesTitle': 'Misala na biso',
  'footer.service.sale': 'Koteka ba propriété',
  'footer.service.rent': 'Kofutela ba propriété',
  'footer.service.management': 'Kobatela ba propriété ya kofutela',
  'footer.service.valuation': 'Kotala ntalo ya ba propriété',
  'footer.service.legal': 'Toli na makambo ya mibeko',
  'footer.service.investment': 'Toli mpo na kotia mbongo na immobilier',
  'footer.legalTitle': 'Makambo ya mibeko',
  'footer.privacy': 'Ndenge tobatelaka makambo na yo',
  'footer.terms': 'Mibeko ya kosalela site',
  'footer.socialTitle': 'Landa biso',
  'footer.social.facebook': '{agency} na Facebook',
  'footer.social.instagram': '{agency} na Instagram',
  'footer.social.linkedin': '{agency} na LinkedIn',
  'footer.social.whatsapp': 'Komela {agency} na WhatsApp',
  'footer.copyright': '© {year} {agency}. Makoki nyonso ebatelami.',
  'footer.credits': 'Esalemi na Kinshasa.',
  'footer.login': 'Kokota',

  // Catalogue (/properties)
  'catalogue.title': 'Ba propriété na biso',
  'catalogue.intro':
    'Tala ba propriété na biso ya koteka mpe ya kofutela na ba commune nyonso ya Kinshasa. Salela ba filtre mpo na kozwa noki oyo ekoki na yo.',
  'catalogue.search.label': 'Luka',
  'catalogue.search.placeholder': 'Luka na kombo, adresi to commune',
  'catalogue.search.submit': 'Luka',
  'catalogue.search.clear': 'Longola maloba ya boluki',
  'catalogue.filters.title': 'Ba filtre',
  'catalogue.filters.type': 'Koteka to kofutela',
  'catalogue.filters.typeAll': 'Ndenge nyonso',
  'catalogue.filters.category': 'Lolenge',
  'catalogue.filters.categoryAll': 'Lolenge nyonso',
  'catalogue.filters.commune': 'Commune',
  'catalogue.filters.communeAll': 'Ba commune nyonso',
  'catalogue.filters.more': 'Ntalo mpe bonene',
  'catalogue.filters.showMore': 'Ba filtre mosusu',
  'catalogue.filters.showLess': 'Kanga ba filtre mosusu',
  'catalogue.filters.price': 'Ntalo',
  'catalogue.filters.priceMin': 'Ntalo ya moke koleka',
  'catalogue.filters.priceMax': 'Ntalo ya likolo koleka',
  'catalogue.filters.area': 'Bonene',
  'catalogue.filters.areaMin': 'Bonene ya moke koleka (m²)',
  'catalogue.filters.areaMax': 'Bonene ya likolo koleka (m²)',
  'catalogue.filters.apply': 'Tala oyo ezwami',
  'catalogue.filters.reset': 'Longola ba filtre nyonso',
  'catalogue.view.label': 'Ndenge ya kolakisa',
  'catalogue.view.grid': 'Grille',
  'catalogue.view.list': 'Na molongo',
  'catalogue.view.map': 'Na carte',
  'catalogue.count.one': 'Propriété {count} ezwami',
  'catalogue.count.other': 'Ba propriété {count} ezwami',
  'catalogue.loading': 'Ba propriété ezali koya…',
  'catalogue.error': 'Libunga: tokoki te kozwa ba propriété',
  'catalogue.retry': 'Meka lisusu',
  'catalogue.empty': 'Propriété moko te ezwami',
  'catalogue.emptyHint': 'Meka koluka na ndenge mosusu to longola ba filtre nyonso.',
  'catalogue.pagination.label': 'Nkasa',
  'catalogue.pagination.previous': 'Oyo eleki',
  'catalogue.pagination.next': 'Oyo elandi',
  'catalogue.pagination.page': 'Lokasa {n}',
  'catalogue.pagination.current': 'Lokasa {n}, ozali awa',
  'catalogue.pagination.showing': 'Ba propriété {from} kino {to} kati na {total}',
  'catalogue.map.label': 'Carte ya ba propriété na Kinshasa',
  'catalogue.map.loading': 'Carte ezali koya…',
  'catalogue.map.unavailable': 'Carte ezali kosala te sikoyo.',
  'catalogue.map.count.one': 'Propriété {count} na carte',
  'catalogue.map.count.other': 'Ba propriété {count} na carte',
  'catalogue.map.noPosition': 'Ba propriété {count} ezangi esika na carte',
  'catalogue.map.cluster': 'Ba propriété {count} na esika oyo',
  'catalogue.map.viewProperty': 'Tala propriété',

  // Property facts
  'category.apartment': 'Appartement',
  'category.house': 'Ndako',
  'category.villa': 'Villa',
  'category.office': 'Biro',
  'category.land': 'Terrain',
  'type.sale': 'Ya koteka',
  'type.rent': 'Ya kofutela',
  'status.available': 'Ezali libre',
  'status.sold': 'Etekami',
  'status.unavailable': 'Ezali te sikoyo',
  'status.hot': 'Libaku ya malamu',
  'price.perMonth': '/sanza',
  'price.perMonthLong': 'na sanza',
  'price.onRequest': 'Tuna ntalo',
  'unit.squareMeters': 'm²',
  'unit.squareMetersLong': 'Ba metre carré {area}',
  'facts.bedrooms.one': '{count} chambre',
  'facts.bedrooms.other': '{count} chambres',
  'facts.bathrooms.one': '{count} douche',
  'facts.bathrooms.other': '{count} douches',
  'facts.bedroomsLabel': 'Ba chambre',
  'facts.bathroomsLabel': 'Ba douche',
  'facts.areaLabel': 'Bonene',
  'media.image': 'Foto',
  'media.video': 'Video',
  'media.3d': 'Vue 3D',
  'media.virtualTour': 'Visite virtuelle',

  // Property card
  'card.previousMedia': 'Oyo eleki',
  'card.nextMedia': 'Oyo elandi',
  'card.mediaPosition': '{n} kati na {total}',
  'card.goToMedia': 'Lakisa {n}',
  'card.mediaAlt': '{title} — {n} kati na {total}',
  'card.noMedia': 'Foto ezali naino te',
  'card.badge.video': 'Video',
  'card.badge.3d': '3D',
  'card.viewDetails': 'Tala makambo nyonso',
  'favorite.add': 'Bakisa na oyo nalingi',
  'favorite.remove': 'Longola na oyo nalingi',

  // Favourites page
  'favorites.title': 'Oyo nalingi',
  'favorites.intro':
    'Awa ozali komona ba propriété oyo otii na «\u00a0Oyo nalingi\u00a0». Liste oyo ezali kaka na navigateur oyo, na telefone to ordinateur oyo.',
  'favorites.count.one': 'Propriété {count} na oyo nalingi',
  'favorites.count.other': 'Ba propriété {count} na oyo nalingi',
  'favorites.clearAll': 'Longola nyonso',
  'favorites.clearConfirm': 'Olingi solo kolongola ba propriété nyonso na «\u00a0Oyo nalingi\u00a0»?',
  'favorites.clearConfirmYes': 'Ee, longola nyonso',
  'favorites.loading': 'Oyo nalingi ezali koya…',
  'favorites.error': 'Libunga: tokoki te kozwa oyo nalingi',
  'favorites.retry': 'Meka lisusu',
  'favorites.missing':
    'Ba propriété mosusu oyo otiaki na liste ezali lisusu na site te, yango wana emonani te.',
  'favorites.empty.title': 'Liste na yo ezali naino mpamba',
  'favorites.empty.text':
    'Fina elembo ya motema na propriété mpo otia yango awa mpe ozwa yango lisusu nsima.',
  'favorites.empty.browse': 'Tala ba propriété',
  'favorites.empty.sale': 'Tala ba propriété ya koteka',
  'favorites.empty.rent': 'Tala ba propriété ya kofutela',

  // Not-found page
  'notFound.title': 'Lokasa ezwami te',
  'notFound.text': 'Lokasa oyo ozali koluka ezali te to ebongwani esika.',
  'notFound.home': 'Zonga na ebandeli',
  'notFound.browse': 'Tala ba propriété',

  // Property detail
  'property.back': 'Zonga',
  'property.loading': 'Propriété ezali koya…',
  'property.notFound.title': 'Propriété ezwami te',
  'property.notFound.text': 'Propriété oyo ezali te to ezali lisusu na site te.',
  'property.notFound.home': 'Zonga na ebandeli',
  'property.gallery.label': 'Ba foto mpe ba video ya propriété',
  'property.gallery.previous': 'Oyo eleki',
  'property.gallery.next': 'Oyo elandi',
  'property.gallery.position': '{kind} {n} kati na {total}',
  'property.gallery.thumbnails': 'Ba foto ya mike',
  'property.gallery.thumbnail': 'Lakisa {n}: {kind}',
  'property.gallery.empty': 'Foto ya propriété oyo ezali naino te.',
  'property.gallery.open3d': 'Fungola 3D',
  'property.price': 'Ntalo',
  'property.description': 'Description',
  'property.features': 'Makambo ezali na propriété',
  'property.details': 'Ba détail',
  'property.facts.reference': 'Nimero',
  'property.facts.category': 'Lolenge',
  'property.facts.type': 'Koteka to kofutela',
  'property.facts.commune': 'Commune',
  'property.facts.status': 'Ezali ndenge nini',
  'property.location': 'Esika ezali',
  'property.map.label': 'Carte: esika {title} ezali',
  'property.map.loading': 'Carte ezali koya…',
  'property.map.unavailable': 'Esika ya propriété oyo ezali na carte te.',
  'property.agent.title': 'Moto oyo akosalisa yo',
  'property.agent.agencyRole': 'Agence immobilière',
  'property.agent.photoAlt': 'Foto ya {name}',
  'property.agent.phone': 'Telefone',
  'property.agent.email': 'E-mail',
  'property.agent.call': 'Benga {name}',
  'property.contactAgent': 'Solola na agent na WhatsApp',
  'property.whatsappMessage': 'Mbote, propriété « {title} » esepelisi ngai. Ezali naino? {url}',
  'property.scheduleVisit': 'Zwa rendez-vous ya visite',
  'property.share.button': 'Kabola',
  'property.share.menu': 'Ndenge ya kokabola',
  'property.share.copyLink': 'Kopia lien',
  'property.share.facebook': 'Kabola na Facebook',
  'property.share.twitter': 'Kabola na Twitter / X',
  'property.share.whatsapp': 'Kabola na WhatsApp',
  'property.share.text': 'Tala propriété oyo: {title} — {price}',
  'toast.propertyShared': 'Lien ekopiami! Okoki sikoyo kokabola propriété oyo.',

  // Visit modal
  'visit.title': 'Zwa rendez-vous ya visite',
  'visit.intro': 'Tika kombo mpe nimero na yo: agent akobenga yo mpo na kondimisa rendez-vous.',
  'visit.property': 'Propriété: {title}',
  'visit.name': 'Kombo mobimba',
  'visit.date': 'Mokolo ya kotala',
  'visit.telephone': 'Nimero ya WhatsApp',
  'visit.telephoneHint': 'Tokondimisa yo rendez-vous na nimero oyo.',
  'visit.email': 'E-mail (soki olingi)',
  'visit.submit': 'Tinda bosenga',
  'visit.submitting': 'Ezali kotindama…',
  'visit.cancel': 'Tika',
  'visit.close': 'Kanga',
  'toast.visitScheduled': 'Rendez-vous ya visite ekomami malamu!',
  'toast.visitFailed': 'Ekomami te! Meka lisusu',

  // Form validation
  'form.required': 'Esengeli kotondisa esika oyo',
  'form.invalidEmail': 'E-mail oyo ezali malamu te',
  'form.invalidPhone': 'Nimero ya telefone oyo ezali malamu te',
  'form.invalidDate': 'Mokolo oyo ezali malamu te',
  'form.dateOutOfRange':
    'Mokolo ya kotala esengeli kozala lelo to na kati ya sanza zomi na mibale oyo ezali koya',
  'form.tooLong': 'Makomi oyo eleki molai (koleka bilembo {max} te)',
  'form.fixErrors': 'Bongisa bisika oyo elakisami.',
  'form.requiredNote': 'Bisika oyo ezali na * esengeli kotondisama.',
  'form.optional': 'soki olingi',

  // Contact page
  'contact.title': 'Solola na biso',
  'contact.intro':
    'Ozali na motuna mpo na propriété moko, to mposa ya kosomba, koteka to kofutela? Tindela biso nsango: ekipe na biso ekozongisela yo eyano noki.',
  'contact.form.title': 'Tindela biso nsango',
  'contact.form.senderName': 'Kombo mobimba',
  'contact.form.senderEmail': 'E-mail',
  'contact.form.senderPhone': 'Telefone (soki olingi)',
  'contact.form.subject': 'Likambo',
  'contact.form.content': 'Nsango',
  'contact.form.contentPlaceholder': 'Yebisa biso mposa na yo…',
  'contact.form.submit': 'Tinda nsango',
  'contact.form.sending': 'Ezali kotindama…',
  'contact.success.title': 'Nsango etindami!',
  'contact.success.text': 'Matondi mpo okomeli biso. Moto moko ya ekipe na biso akozongisela yo eyano noki.',
  'contact.success.again': 'Tinda nsango mosusu',
  'contact.error': 'Libunga: nsango etindami te. Meka lisusu.',
  'contact.details.title': 'Benga to komela biso',
  'contact.details.address': 'Adresi',
  'contact.details.phone': 'Telefone',
  'contact.details.email': 'E-mail',
  'contact.details.whatsapp': 'Komela biso na WhatsApp',
  'contact.hours.title': 'Ngonga ya mosala',
  'contact.hours.weekdays': 'Lundi – Vendredi',
  'contact.hours.saturday': 'Samedi',
  'contact.hours.sunday': 'Dimanche',
  'contact.hours.closed': 'Ekangami',

  // About page
  'about.title': 'Mpo na {agency}',
  'about.intro1':
    '{agency} ezali agence immobilière oyo ebotamaki na Kinshasa. Tosalisaka mabota, bapaya mpe ba entreprise kozwa propriété oyo ekoki na bango, ya kosomba to ya kofutela.',
  'about.intro2':
    'Toyebi engumba commune na commune. Agent na biso akendaka kotala propriété nyonso liboso tolakisa yango na site, mpe totalaka mikanda nyonso liboso ya kotia signature.',
  'about.intro3':
    'Ozali koluka appartement na Gombe, ndako ya libota na Ngaliema to terrain ya kotonga? Tokotambola elongo na yo banda telefone ya liboso kino mokolo okozwa ba fungola.',
  'about.figures.title': 'Na mitango',
  'about.figures.sold.value': '5+',
  'about.figures.sold.label': 'ba propriété etekami',
  'about.figures.clients.label': 'ba client basepeli',
  'about.figures.years.value': '6+',
  'about.figures.years.label': 'mibu',
  'about.figures.communes.value': '24',
  'about.figures.communes.label': 'ba commune',
  'about.values.title': 'Makambo ya motuya mpo na biso',
  'about.values.excellence.title': 'Mosala ya malamu koleka',
  'about.values.excellence.text':
    'Mosala ya malamu na etape nyonso, banda visite ya liboso kino na signature.',
  'about.values.passion.title': 'Bolingo ya mosala',
  'about.values.passion.text': 'Tolingaka Kinshasa mpe tolingaka kosalisa moto nyonso azwa esika na ye awa.',
  'about.values.trust.title': 'Kotiela motema',
  'about.values.trust.text': 'Ba propriété oyo etalami malamu, ntalo ya polele mpe tokokisaka oyo tolobi.',
  'about.team.title': 'Ekipe na biso',
  'about.team.intro': 'Bato ya mosala ya immobilier oyo bayebi Kinshasa mpe ba quartier na yango.',
  'about.team.photoAlt': 'Foto ya {name}',
  'about.team.ceo.blurb':
    'Abandisaki agence mpe azali kokamba yango; atalaka ete mombongo nyonso esalema malamu.',
  'about.team.sales.blurb': 'Akambaka koteka mpe asololaka ntalo ya malamu mpo na ba client na biso.',
  'about.team.agent.blurb': 'Alakisaka ba propriété mpe asalisaka mabota na boluki na bango.',
  'about.team.marketing.blurb': 'Alakisaka propriété nyonso na kitoko na internet mpe na ba réseau social.',
  'about.office.title': 'Biro na biso',
  'about.office.text': 'Yaka kotala biso na agence:',
  'about.office.directions': 'Tala nzela',
  'about.cta.title': 'Olengeli kozwa propriété na yo ya sika?',
  'about.cta.browse': 'Tala ba propriété',
  'about.cta.contact': 'Solola na biso',

  // Team roles
  'teamRole.directeurGeneral': 'Mokambi monene',
  'teamRole.directeurCommercial': 'Mokambi ya mombongo',
  'teamRole.agentSenior': 'Agent senior',
  'teamRole.agentJunior': 'Agent junior',
  'teamRole.responsableMarketing': 'Mokambi ya marketing',
  'teamRole.assistant': 'Mosalisi',

  // Legal pages
  'legal.privacyTitle': 'Ndenge tobatelaka makambo na yo',
  'legal.termsTitle': 'Mibeko ya kosalela site',
  'legal.updated': 'Ebongisami mbala ya suka: {date}',

  // Toasts
  'toast.favoriteAdded': 'Ebakisami na oyo nalingi',
  'toast.favoriteRemoved': 'Elongolami na oyo nalingi',
  'toast.close': 'Kanga nsango',

  // Generic
  'common.loading': 'Ezali koya…',
  'common.close': 'Kanga',
  'common.cancel': 'Tika',
  'common.confirm': 'Ndima',
  'common.yes': 'Ee',
  'common.no': 'Te',
  'common.required': 'Esengeli',
  'common.retry': 'Meka lisusu',
  'common.back': 'Zonga',
  'common.error': 'Libunga moko esalemi.',
  'common.offline': 'Ozali na internet te. Makambo mosusu ekoki kozala ya kala.',

  // Content search (/search, issue 18)
  'nav.search': 'Luka na site',
  'meta.search.title': 'Boluki',
  'meta.search.description':
    'Luka liloba moko na ba description mpe na ba équipement ya ba propriété na biso, mpe na ba page ya site.',
  'search.title': 'Boluki',
  'search.intro':
    'Liloba moko ekoki: piscine, forage, groupe électrogène, meublé, quartier moko… Boluki ezali na ba description mpe ba équipement ya ba propriété na biso, mpe na ba page ya site.',
  'search.label': 'Maloba ya koluka',
  'search.placeholder': 'Piscine, forage, meublé…',
  'search.submit': 'Luka',
  'search.filters.title': 'Ba filtre',
  'search.filters.type': 'Koteka to kofutela',
  'search.filters.typeAll': 'Ndenge nyonso',
  'search.filters.category': 'Lolenge ya propriété',
  'search.filters.categoryAll': 'Lolenge nyonso',
  'search.filters.commune': 'Commune',
  'search.filters.communeAll': 'Ba commune nyonso',
  'search.prompt': 'Koma liloba moko to mingi mpo na kobanda boluki.',
  'search.loading': 'Boluki ezali kosalema…',
  'search.count.one': 'Eloko {count} ezwami',
  'search.count.other': 'Biloko {count} ezwami',
  'search.empty': 'Eloko moko te ezwami',
  'search.emptyHint': 'Meka liloba mosusu to longola filtre moko.',
  'search.error': 'Libunga: boluki esalemi te',
  'search.retry': 'Meka lisusu',
  'search.more': 'Tala biloko mosusu',
  'catalogue.searchDescriptions': 'Luka « {query} » na ba description',
};
