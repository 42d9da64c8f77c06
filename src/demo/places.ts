import type { Commune } from '../contract/index.ts';

/**
 * Quartiers, avenues and landmarks of each commune, as comma-separated lists: the names a Kinois reads in
 * a listing's address ("Avenue Kasa-Vubu n°45, Quartier Matonge").
 */
export const PLACES: Record<Commune, { quartiers: string; avenues: string; nearby: string }> = {
  Gombe: {
    quartiers:
      'Golf, Haut-Commandement, Cliniques, Fleuve, Commerce, Gare, Croix-Rouge, Révolution, Batetela, Lemera',
    avenues:
      'Boulevard du 30 Juin, Avenue des Aviateurs, Avenue de la Justice, Avenue du Port, Avenue Colonel Ebeya, Avenue Roi Baudouin, Avenue Tombalbaye, Avenue Wagenia, Avenue Lukusa, Avenue des Cliniques, Avenue Batetela, Avenue Kalemie',
    nearby:
      'le Boulevard du 30 Juin, la Gare Centrale, le Golf de Kinshasa, les bords du fleuve Congo, le quartier des ambassades',
  },
  Ngaliema: {
    quartiers:
      'Ma Campagne, Binza Ozone, Binza Delvaux, Binza Pigeon, Joli Parc, Mont Fleury, Kinsuka, Djelo Binza, Basoko, Lonzo, Météo, Anciens Combattants',
    avenues:
      'Avenue Colonel Mondjiba, Avenue Sergent Moke, Avenue Nguma, Avenue Pumbu, Avenue Mont Fleury, Avenue Kabasele Tshamala, Avenue de la Démocratie, Route de Matadi, Avenue Mfumu Lutunu, Avenue des Écuries',
    nearby:
      "le rond-point Ma Campagne, l'Avenue Colonel Mondjiba, le Mont Ngaliema, le quartier Utex, la Cité de l’OUA",
  },
  Limete: {
    quartiers: 'Résidentiel, Industriel, Kingabwa, Mososo, Mombele, Funa, Salongo',
    avenues:
      'Boulevard Lumumba, 1ère Rue, 7ème Rue, 10ème Rue, 12ème Rue, 14ème Rue, Avenue des Poids Lourds, Avenue Kisangani, Avenue de la Foire',
    nearby:
      "l'échangeur de Limete, le Boulevard Lumumba, la Foire Internationale de Kinshasa, le port de Kingabwa",
  },
  Lemba: {
    quartiers: 'Righini, Salongo, Super Lemba, Échangeur, Livulu, Foire, Kemi, Gombele',
    avenues:
      "Avenue de l'Université, Avenue By-Pass, Avenue Kianza, Avenue Mbanza Lemba, Avenue Kimbangu, Avenue Pierre Mulele",
    nearby: "l'Université de Kinshasa, Lemba Terminus, le rond-point Righini, l'Avenue de l'Université",
  },
  Kintambo: {
    quartiers: 'Jamaïque, Nganda, Itimbiri, Kilimani, Lisala, Wenze, Salongo, Tshinkela',
    avenues: 'Avenue Kasa-Vubu, Avenue Itimbiri, Avenue Nganda, Avenue Kilosa, Avenue Luozi, Avenue Lisala',
    nearby:
      "le rond-point Kintambo Magasin, l'Hôpital pédiatrique de Kintambo, le Marché de Kintambo, le Boulevard du 30 Juin",
  },
  Bandalungwa: {
    quartiers: 'Adoula, Bisengo, Makelele, Tshibangu, Lubudi, Kasa-Vubu, Lingwala, Moulaert',
    avenues:
      'Avenue Kasa-Vubu, Avenue de la Libération, Avenue Tshibangu, Avenue Makelele, Avenue Kimwenza, Avenue Lubudi',
    nearby: "le rond-point Bandal, le Marché de Bandal, la place Moulaert, l'Avenue de la Libération",
  },
  'Mont-Ngafula': {
    quartiers: 'Kimwenza, Mitendi, Kimbondo, Kindele, Lutendele, Matadi Mayo, Mama Yemo, Kimbwala, Ngansele',
    avenues:
      'Route de Matadi, Avenue By-Pass, Avenue Kimwenza, Avenue Kindele, Avenue Lutendele, Avenue de la Colline',
    nearby: "le lac Ma Vallée, l'Université de Kinshasa, la Route de Matadi, les collines de Kimwenza",
  },
  'Kasa-Vubu': {
    quartiers: 'Assossa, Anciens Combattants, Lodja, Katanga, ONL, Salongo, Lubumbashi',
    avenues: 'Avenue Kasa-Vubu, Avenue Bongolo, Avenue Assossa, Avenue Lodja, Avenue Kikwit, Avenue Sendwe',
    nearby: "le Marché Gambela, l'Avenue Kasa-Vubu, le Boulevard Sendwe",
  },
  Kalamu: {
    quartiers: 'Matonge, Yolo Nord, Yolo Sud, Kauka, Pinzi, Immo Congo, Kimbangu, Victoire',
    avenues:
      'Avenue de la Victoire, Avenue Kianza, Boulevard Sendwe, Avenue Kimbangu, Avenue Pinzi, Avenue Bokassa',
    nearby: 'le rond-point Victoire, le Stade Tata Raphaël, le quartier Matonge, le Boulevard Sendwe',
  },
  Lingwala: {
    quartiers: 'Voix du Peuple, Lokole, Singa Mopepe, Wenze, Paka-Djuma, Tshimanga',
    avenues: 'Avenue des Huileries, Avenue Kabinda, Avenue de la Libération, Avenue Lokele, Avenue du Stade',
    nearby: "le Palais du Peuple, l'Avenue des Huileries, le Stade des Martyrs",
  },
  Kinshasa: {
    quartiers: 'Aketi, Boyoma, Madimba, Mongala, Ngbaka, Pende',
    avenues: 'Avenue Kabinda, Avenue Kato, Avenue Bokassa, Avenue Kasa-Vubu, Avenue Aketi, Avenue Ngbaka',
    nearby: "le Grand Marché, l'Avenue Kabinda, la place Kinshasa",
  },
  Barumbu: {
    quartiers: 'Bon Marché, Funa, Ndolo, Kasaï, Mozindo, Tshimanga, Bitshaku-Tshaku',
    avenues: 'Avenue Kabambare, Avenue Bokassa, Avenue Kasaï, Avenue du Flambeau, Avenue Ndolo',
    nearby: "l'aérodrome de Ndolo, le Grand Marché, le Boulevard du 30 Juin",
  },
  'Ngiri-Ngiri': {
    quartiers: 'Saïo, Petit-Pont, Elengesa, Diangenda, Assossa, Khartoum',
    avenues: 'Avenue Elengesa, Avenue Saïo, Avenue Kimwenza, Avenue Bandundu, Avenue Mushie',
    nearby: "l'Avenue Elengesa, le rond-point Ngiri-Ngiri, l'Avenue de la Libération",
  },
  Bumbu: {
    quartiers: 'Mongala, Dipiya, Kasaï, Lokoro, Ubangi, Matadi, Kwango',
    avenues: 'Avenue Kimbondo, Avenue Kwango, Avenue Ubangi, Avenue Lokoro, Avenue Kikwit',
    nearby: "l'Avenue Kimbondo, le Marché de Bumbu, les écoles du quartier",
  },
  Selembao: {
    quartiers: 'Cité Verte, Konde, Kalunga, Libération, Nkingu, Pululu Mbambu',
    avenues: 'Avenue By-Pass, Avenue de la Libération, Avenue Konde, Avenue Nkingu, Avenue Kalunga',
    nearby: "la Cité Verte, l'Avenue By-Pass, le marché de Selembao",
  },
  Makala: {
    quartiers: 'Bolingo, Mawanga, Mabulu, Kinzazi, Salongo',
    avenues: "Avenue By-Pass, Avenue Bolingo, Avenue Mawanga, Avenue de l'Université, Avenue Mabulu",
    nearby: "l'Avenue de l'Université, l'Avenue By-Pass, le marché de Makala",
  },
  Ngaba: {
    quartiers: 'Mateba, Bulambemba, Mpila, Baobab, Luyi, Anciens Combattants',
    avenues: "Avenue de l'Université, Avenue Mateba, Avenue Luyi, Avenue Baobab, Avenue Mpila",
    nearby: "le rond-point Ngaba, l'Avenue de l'Université, le Marché de Ngaba",
  },
  Matete: {
    quartiers: 'Kinsaku, Lokoro, Mbomu, Kunda, Totaka, Vivi, Malandi',
    avenues: 'Avenue Kikwit, Avenue Lokoro, Avenue Mbomu, Avenue Totaka, Avenue Kunda',
    nearby: 'le Marché de Matete, le Boulevard Lumumba, la rivière Matete',
  },
  Kisenso: {
    quartiers: 'Mission, Bikanga, Mujinga, Amba, Kisenso Gare, Libération',
    avenues: 'Avenue de la Mission, Avenue Bikanga, Avenue Amba, Avenue Mujinga, Avenue de la Paix',
    nearby: 'la Mission de Kisenso, les hauteurs de Kisenso',
  },
  Ndjili: {
    quartiers: 'Quartier 1, Quartier 2, Quartier 4, Quartier 7, Quartier 9, Quartier 12, Sainte-Thérèse',
    avenues: 'Boulevard Lumumba, Avenue Sanga Mamba, Avenue Kimbangu, Avenue de la Paix, Avenue Kasa-Vubu',
    nearby: "le Boulevard Lumumba, l'aéroport international de N'djili, le marché de N’djili",
  },
  Masina: {
    quartiers: 'Petro-Congo, Sans-Fil, Abattoir, Pelende, Mapela, Tshangu',
    avenues: 'Boulevard Lumumba, Avenue Petro-Congo, Avenue Sans-Fil, Avenue de l’Abattoir, Avenue Mapela',
    nearby: 'le Marché de la Liberté, le Boulevard Lumumba, le rond-point Petro-Congo',
  },
  Kimbanseke: {
    quartiers: 'Kingasani, Mokali, Mikondo, Malonda, Bahumbu, Sakombi, Kisantu',
    avenues: 'Avenue Kingasani, Avenue Mokali, Avenue Mikondo, Avenue Malonda, Avenue de la Paix',
    nearby: 'le marché de Kingasani, la route de Kimbanseke, le Boulevard Lumumba',
  },
  Nsele: {
    quartiers: 'Mikonga, Bibwa, Kinkole, Mpasa, Buma, Dingi-Dingi, Kindobo',
    avenues: 'Route Nationale 1, Avenue de Kinkole, Avenue Mikonga, Avenue Bibwa, Avenue du Domaine',
    nearby: 'la Route Nationale 1, le Domaine présidentiel de la N’sele, le port de pêche de Kinkole',
  },
  Maluku: {
    quartiers: 'Maluku Cité, Menkao, Mbankana, Dumi, Kimpoko, Mongata',
    avenues: 'Route Nationale 1, Route de Menkao, Avenue du Fleuve, Route de Mbankana, Avenue de la Cité',
    nearby: 'la Route Nationale 1, le fleuve Congo, la zone économique spéciale de Maluku',
  },
};
