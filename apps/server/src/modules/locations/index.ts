/** What other domains use of locations: a location of an account, and those a scope sees. */
export { findLocation, visibleLocations } from './repo.js';
