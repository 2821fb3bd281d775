/**
 * Data trackers: business metrics of the analytics catalogue computed daily into a history, each with a target and
 * an alert threshold that notifies the admins when crossed and when back within it. Contract: ./contract.ts.
 */
export { trackersRoutes } from './routes';
export { createTracker, deleteTracker, getTracker, listTrackers, setTrackerStatus, updateTracker } from './trackers';
export { computeTracker, computeTrackers, type ComputeOptions } from './compute';
export { trackerPoints } from './points';
export { startTrackersScheduler, trackersSchedulerTick } from './scheduler';
export { seedTrackers } from './seed';
export * from './contract';
