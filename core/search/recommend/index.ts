export { createRecommender, type Recommender, type RecommenderOptions, type Recommendation, type PreferenceResponse } from './recommender.js';
