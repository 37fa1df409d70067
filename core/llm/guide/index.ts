export { guide, GUIDE_NAME, type GuideOptions } from './guide.js';
