export * from './version';
export * from './flavor';
export * from './capabilities';
export * from './server-info';
export * from './server-run';
export * from './link-transport';
